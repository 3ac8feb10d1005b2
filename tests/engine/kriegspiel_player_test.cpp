// The Kriegspiel computer player (engine/kriegspiel_player.h): its view holds only what a seat
// hears, its belief agrees with every announcement, it tries only what its own board allows,
// plays games to the end, and cannot see the hidden men: two games that differ only behind
// identical announcements get identical play.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/kriegspiel_belief.h"
#include "engine/kriegspiel_player.h"
#include "kriegspiel_harness.h"

using namespace arbiter;
using namespace arbiter::kriegspiel_harness;
using engine::KriegspielDecision;
using engine::KriegspielPlayer;
using rules::Color;
using rules::Position;
using rules::Umpire;
using Verdict = rules::TryResult::Verdict;

namespace {

constexpr Color White = Color::White, Black = Color::Black;

const rules::Variant& kriegspiel() { return *rules::find_variant("kriegspiel"); }
rules::Square sq(const char* name) { return kriegspiel().geometry.parse(name); }

void moved(Umpire& umpire, Color who, const std::string& uci) {
  INFO(uci);
  REQUIRE(umpire.try_move(who, uci).verdict == Verdict::Moved);
}

KriegspielView view_of(const Umpire& umpire, Color seat) {
  auto view = seat_view(umpire, seat);
  REQUIRE_MESSAGE(view.ok(), (view.ok() ? "" : view.error()));
  return *view;
}

// The samples of a belief fed the acts the seat heard so far.
std::vector<Position> samples_after(const Umpire& umpire, Color seat) {
  engine::KriegspielBelief belief(kriegspiel(), seat, 5, 64);
  const KriegspielView view = view_of(umpire, seat);
  for (const auto& act : view.acts()) belief.hear(act);
  return belief.samples();
}

HeardAct act(HeardAct::Kind kind, Color by, std::string uci = "") {
  HeardAct a;
  a.kind = kind;
  a.by = by;
  a.uci = std::move(uci);
  return a;
}

bool is_pawn_capture(const std::string& uci) { return uci.size() >= 4 && uci[0] != uci[2]; }

}  // namespace

TEST_CASE("the view holds what a seat hears and nothing a seat does not") {
  const std::string start_white = "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1";
  const std::string after_e4 = "8/8/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQ - 0 1";
  auto fresh = KriegspielView::make(kriegspiel(), White, start_white, {});
  REQUIRE(fresh.ok());
  CHECK(fresh->my_turn());
  CHECK(fresh->refused_this_turn().empty());

  SUBCASE("the seat's turn so far follows from its acts") {
    HeardAct any = act(HeardAct::Kind::Any, White);
    any.answer = rules::AnyAnswer::Try;
    auto asked = KriegspielView::make(kriegspiel(), White, start_white, {any});
    REQUIRE(asked.ok());
    CHECK(asked->asked_any_this_turn());
    CHECK(asked->pawn_capture_owed());
    auto tried = KriegspielView::make(kriegspiel(), White, start_white, {any, act(HeardAct::Kind::Illegal, White, "e2d3")});
    REQUIRE(tried.ok());
    CHECK_FALSE(tried->pawn_capture_owed());
    CHECK(tried->refused_this_turn() == std::vector<std::string>{"e2d3"});
    auto moved_on = KriegspielView::make(kriegspiel(), White, after_e4, {act(HeardAct::Kind::Moved, White, "e2e4")});
    REQUIRE(moved_on.ok());
    CHECK_FALSE(moved_on->my_turn());
  }
  SUBCASE("an opponent's try is not something a seat hears") {
    auto leak = KriegspielView::make(kriegspiel(), Black, "rnbqkbnr/pppppppp/8/8/8/8/8/8 b kq - 0 1",
                                     {act(HeardAct::Kind::Moved, White, "e2e4")});
    REQUIRE_FALSE(leak.ok());
    CHECK(leak.error().find("opponent") != std::string::npos);
  }
  SUBCASE("acts out of turn, a FEN showing the other side's men, a side the acts do not give") {
    CHECK_FALSE(KriegspielView::make(kriegspiel(), White, start_white, {act(HeardAct::Kind::Illegal, Black)}).ok());
    CHECK_FALSE(KriegspielView::make(kriegspiel(), White, "rnbqkbnr/8/8/8/8/8/8/4K3 w - - 0 1", {}).ok());
    CHECK_FALSE(KriegspielView::make(kriegspiel(), White, after_e4, {}).ok());
    CHECK_FALSE(KriegspielView::make(kriegspiel(), White, "8/8/8/8/8/8/8/8 w - - 0 1", {}).ok());
    CHECK_FALSE(KriegspielView::make(*rules::find_variant("chess"), White, start_white, {}).ok());
  }
  SUBCASE("protocol fields become acts; anything else is refused") {
    auto heard = KriegspielView::heard(kriegspiel(), "moved", "black", "", "e4", {"file", "knight"}, "");
    REQUIRE(heard.ok());
    CHECK(heard->capture == sq("e4"));
    CHECK(heard->checks == std::vector{rules::CheckDirection::File, rules::CheckDirection::Knight});
    CHECK(KriegspielView::heard(kriegspiel(), "any", "white", "", std::nullopt, {}, "try")->answer == rules::AnyAnswer::Try);
    CHECK_FALSE(KriegspielView::heard(kriegspiel(), "shouted", "white", "", std::nullopt, {}, "").ok());
    CHECK_FALSE(KriegspielView::heard(kriegspiel(), "moved", "green", "", std::nullopt, {}, "").ok());
    CHECK_FALSE(KriegspielView::heard(kriegspiel(), "moved", "white", "", "z9", {}, "").ok());
    CHECK_FALSE(KriegspielView::heard(kriegspiel(), "moved", "white", "", std::nullopt, {"sideways"}, "").ok());
    CHECK_FALSE(KriegspielView::heard(kriegspiel(), "any", "white", "", std::nullopt, {}, "maybe").ok());
  }
  SUBCASE("the player refuses a view whose own men the acts do not lead to") {
    auto wrong = KriegspielView::make(kriegspiel(), White, "8/8/8/8/8/8/PPPPPPP1/RNBQKBNR w KQ - 0 1", {});
    REQUIRE(wrong.ok());  // well-formed on its own; the player replays the acts and sees it is not so
    KriegspielPlayer player(1);
    CHECK_FALSE(player.decide(*wrong).ok());
    CHECK_FALSE(player.decide(*KriegspielView::make(kriegspiel(), White, after_e4, {act(HeardAct::Kind::Moved, White, "e2e4")})).ok());
  }
}

TEST_CASE("every sample agrees with what was announced") {
  Umpire umpire(Position::start(kriegspiel()));
  SUBCASE("a pawn push refused: a hidden man stands in front") {
    moved(umpire, White, "e2e4");
    moved(umpire, Black, "e7e5");
    REQUIRE(umpire.try_move(White, "e4e5").verdict == Verdict::Illegal);
    for (const Position& p : samples_after(umpire, White)) CHECK(p.piece_at(sq("e5")).has_value());
  }
  SUBCASE("a slide refused: a hidden man stands on its way") {
    moved(umpire, White, "e2e4");
    moved(umpire, Black, "e7e5");
    moved(umpire, White, "d1h5");
    moved(umpire, Black, "g7g6");
    REQUIRE(umpire.try_move(White, "h5f7").verdict == Verdict::Illegal);
    for (const Position& p : samples_after(umpire, White)) CHECK(p.piece_at(sq("g6")).has_value());
  }
  SUBCASE("a capture by the opponent: their man stands where ours was taken") {
    moved(umpire, White, "e2e4");
    moved(umpire, Black, "d7d5");
    moved(umpire, White, "b1c3");
    moved(umpire, Black, "d5e4");
    for (const Position& p : samples_after(umpire, White)) {
      auto man = p.piece_at(sq("e4"));
      REQUIRE(man.has_value());
      CHECK(man->color == Black);
    }
  }
  SUBCASE("a check on the diagonal: every sample checks our king that way") {
    moved(umpire, White, "f2f3");
    moved(umpire, Black, "e7e5");
    moved(umpire, White, "a2a3");
    moved(umpire, Black, "d8h4");
    for (const Position& p : samples_after(umpire, White)) {
      CHECK(p.in_check());
      CHECK(rules::announced_checks(p) == umpire.record().back().announcement.checks);
    }
  }
  SUBCASE("\"Try\" to our question: a pawn capture is legal in every sample") {
    moved(umpire, White, "e2e4");
    moved(umpire, Black, "d7d5");
    REQUIRE(*umpire.ask_any(White) == rules::AnyAnswer::Try);
    for (const Position& p : samples_after(umpire, White)) {
      const auto moves = p.legal_moves();
      CHECK(std::any_of(moves.begin(), moves.end(), [&](const rules::Move& m) { return is_pawn_capture(p.uci(m)) && p.is_capture(m); }));
    }
  }
}

TEST_CASE("after \"Try\" the player tries a pawn capture") {
  Umpire umpire(Position::start(kriegspiel()));
  moved(umpire, White, "e2e4");
  moved(umpire, Black, "d7d5");
  REQUIRE(*umpire.ask_any(White) == rules::AnyAnswer::Try);
  KriegspielPlayer player(3);
  auto decision = player.decide(view_of(umpire, White));
  REQUIRE(decision.ok());
  CHECK(decision->kind == KriegspielDecision::Kind::Try);
  CHECK((decision->uci == "e4d5" || decision->uci == "e4f5"));
}

TEST_CASE("the player only tries what its own board allows and plays games to the end") {
  for (const Color computer : {White, Black}) {
    CAPTURE(computer);
    KriegspielPlayer player(11 + int(computer));
    ComputerTally tally;
    engine::KriegspielRandom rng(99);
    Umpire umpire(Position::start(kriegspiel()));
    const Seat me = computer_seat(player, tally), them = random_seat(rng);
    const rules::Outcome outcome = computer == White ? play_game(umpire, me, them) : play_game(umpire, them, me);
    CHECK(outcome.over());
    CHECK(tally.nonsense == 0);
    CHECK(tally.off_own_board == 0);
    CHECK(tally.tries > 0);
  }
}

TEST_CASE("the player plays itself to the end") {
  KriegspielPlayer white(21), black(22);
  ComputerTally white_tally, black_tally;
  Umpire umpire(Position::start(kriegspiel()));
  const rules::Outcome outcome = play_game(umpire, computer_seat(white, white_tally), computer_seat(black, black_tally));
  CHECK(outcome.over());
  CHECK(outcome.reason != rules::Reason::None);
  CHECK(white_tally.nonsense + black_tally.nonsense == 0);
  CHECK(white_tally.off_own_board + black_tally.off_own_board == 0);
}

TEST_CASE("the same seed and the same game give the same play; a fresh player resumes it alike") {
  auto record_of = [](std::uint64_t seed) {
    KriegspielPlayer player(seed);
    ComputerTally tally;
    engine::KriegspielRandom rng(5);
    Umpire umpire(Position::start(kriegspiel()));
    play_game(umpire, computer_seat(player, tally), random_seat(rng), 400);
    return umpire.record();
  };
  const auto first = record_of(7), again = record_of(7);
  REQUIRE(first.size() == again.size());
  for (std::size_t i = 0; i < first.size(); ++i) CHECK(first[i].uci == again[i].uci);

  // A restarted server hands a new player the whole view; it decides as the one that followed.
  KriegspielPlayer followed(7);
  ComputerTally tally;
  engine::KriegspielRandom rng(5);
  Umpire umpire(Position::start(kriegspiel()));
  const Seat me = computer_seat(followed, tally), them = random_seat(rng);
  int compared = 0;
  while (!umpire.outcome().over() && umpire.record().size() < 300) {
    if (umpire.to_move() == White && umpire.record().size() % 7 == 0) {
      KriegspielPlayer resumed(7);
      const KriegspielView view = view_of(umpire, White);
      KriegspielPlayer copy_of_followed = followed;
      CHECK(*resumed.decide(view) == *copy_of_followed.decide(view));
      ++compared;
    }
    (umpire.to_move() == White ? me : them)(umpire, umpire.to_move());
  }
  CHECK(compared > 5);
}

TEST_CASE("two games that differ only behind identical announcements get identical play") {
  // The computer plays White in both. Black's hidden knight dances on the king's side in one
  // game and on the queen's side in the other: nothing announced tells them apart, so as long
  // as the umpire tells White the same things in both, White must try the same things.
  const std::vector<std::string> kings_side{"g8f6", "f6g8"}, queens_side{"b8c6", "c6b8"};
  Umpire one(Position::start(kriegspiel())), other(Position::start(kriegspiel()));
  KriegspielPlayer first(31), second(31);
  int decisions_while_apart = 0, black_moves = 0;
  while (!one.outcome().over() && !other.outcome().over()) {
    const KriegspielView seen_in_one = view_of(one, White), seen_in_other = view_of(other, White);
    if (!(seen_in_one.acts() == seen_in_other.acts() && seen_in_one.own_fen() == seen_in_other.own_fen())) break;
    REQUIRE(one.to_move() == other.to_move());
    if (one.to_move() == Black) {
      const std::size_t step = std::size_t(black_moves % 2);
      if (one.try_move(Black, kings_side[step]).verdict != Verdict::Moved) break;
      if (other.try_move(Black, queens_side[step]).verdict != Verdict::Moved) break;
      ++black_moves;
      continue;
    }
    auto in_one = first.decide(seen_in_one), in_other = second.decide(seen_in_other);
    REQUIRE(in_one.ok());
    REQUIRE(in_other.ok());
    CHECK(*in_one == *in_other);
    if (one.game().position().fen() != other.game().position().fen()) ++decisions_while_apart;
    if (in_one->kind == KriegspielDecision::Kind::AskAny) {
      REQUIRE(one.ask_any(White).ok());
      REQUIRE(other.ask_any(White).ok());
    } else {
      one.try_move(White, in_one->uci);
      other.try_move(White, in_other->uci);
    }
  }
  // The real positions differed for many of the decisions compared.
  CHECK(decisions_while_apart >= 10);
  MESSAGE("identical decisions while the real positions differed: " << decisions_while_apart);
}
