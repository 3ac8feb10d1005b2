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
using engine::HeardAct;
using engine::KriegspielDecision;
using engine::KriegspielPlayer;
using rules::Color;
using rules::Position;
using rules::Umpire;
using Verdict = rules::TryResult::Verdict;

namespace {

constexpr Color White = Color::White, Black = Color::Black;
// Fewer samples than the default for the tests that play whole games: quicker, same rules.
constexpr engine::KriegspielSettings kQuick{128, 32};

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

TEST_CASE("the player takes back a man that has just taken one of ours") {
  // Every sample holds the taker on e4, where the knight can take it: the try most likely to
  // win material, so it comes first (after "Are there any?", if the player asks).
  Umpire umpire(Position::start(kriegspiel()));
  moved(umpire, White, "e2e4");
  moved(umpire, Black, "d7d5");
  moved(umpire, White, "b1c3");
  moved(umpire, Black, "d5e4");
  KriegspielPlayer player(4);
  auto decision = player.decide(view_of(umpire, White));
  REQUIRE(decision.ok());
  if (decision->kind == KriegspielDecision::Kind::AskAny) {
    REQUIRE(*umpire.ask_any(White) == rules::AnyAnswer::No);
    decision = player.decide(view_of(umpire, White));
    REQUIRE(decision.ok());
  }
  CHECK(decision->kind == KriegspielDecision::Kind::Try);
  CHECK(decision->uci == "c3e4");
}

TEST_CASE("the player only tries what its own board allows and plays games to the end") {
  for (const Color computer : {White, Black}) {
    CAPTURE(computer);
    KriegspielPlayer player(11 + int(computer), kQuick);
    ComputerTally tally;
    engine::KriegspielRandom rng(99);
    Umpire umpire(Position::start(kriegspiel()));
    const Seat me = computer_seat(player, tally), them = random_seat(rng);
    const rules::Outcome outcome = computer == White ? play_game(umpire, me, them) : play_game(umpire, them, me);
    CHECK(outcome.over());
    CHECK(tally.nonsense == 0);
    CHECK(tally.off_own_board == 0);
    CHECK(tally.tries > 0);
    CHECK(tally.questions > 0);
  }
}

TEST_CASE("the player plays itself to the end") {
  KriegspielPlayer white(21, kQuick), black(22, kQuick);
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
    KriegspielPlayer player(seed, kQuick);
    ComputerTally tally;
    engine::KriegspielRandom rng(5);
    Umpire umpire(Position::start(kriegspiel()));
    play_game(umpire, computer_seat(player, tally), random_seat(rng), 200);
    return umpire.record();
  };
  const auto first = record_of(7), again = record_of(7);
  REQUIRE(first.size() == again.size());
  for (std::size_t i = 0; i < first.size(); ++i) CHECK((first[i].kind == again[i].kind && first[i].uci == again[i].uci));

  // A restarted server hands a new player the whole view; it decides as the one that followed.
  int compared = 0;
  for (std::uint64_t game = 0; game < 5 && compared < 6; ++game) {
    KriegspielPlayer followed(7 + game, kQuick);
    ComputerTally tally;
    engine::KriegspielRandom rng(5 + game);
    Umpire umpire(Position::start(kriegspiel()));
    const Seat me = computer_seat(followed, tally), them = random_seat(rng);
    int white_turns = 0;
    while (!umpire.outcome().over() && umpire.record().size() < 300) {
      if (umpire.to_move() == White && white_turns++ % 8 == 0) {
        KriegspielPlayer resumed(7 + game, kQuick);
        const KriegspielView view = view_of(umpire, White);
        KriegspielPlayer copy_of_followed = followed;
        CHECK(*resumed.decide(view) == *copy_of_followed.decide(view));
        ++compared;
      }
      (umpire.to_move() == White ? me : them)(umpire, umpire.to_move());
    }
  }
  CHECK(compared >= 6);
}

namespace {

// What the umpire announces after `uci` (nullopt if illegal): the capture square, the checks.
std::optional<std::pair<int, std::vector<rules::CheckDirection>>> announced(const Position& p, const std::string& uci) {
  auto move = p.parse_uci(uci);
  if (!move) return std::nullopt;
  Position after = p;
  after.play(*move);
  return std::pair{p.is_capture(*move) ? int(move->to) : -1, rules::announced_checks(after)};
}

// Plays two games with the computer as White, one player in each, with the same seed. Black's
// first move differs between the games (`first_one`, `first_other`), announced alike; after it
// Black makes the same move in both, announced alike. While the umpire has told White the same
// things in both games, White's decisions must be the same. Returns how many decisions were
// compared while the real positions differed.
int decisions_compared_while_apart(std::uint64_t seed, const std::string& first_one, const std::string& first_other) {
  Umpire one(Position::start(kriegspiel())), other(Position::start(kriegspiel()));
  KriegspielPlayer in_one(seed), in_other(seed);
  int compared = 0;
  while (!one.outcome().over() && !other.outcome().over()) {
    const KriegspielView seen_in_one = view_of(one, White), seen_in_other = view_of(other, White);
    if (!(seen_in_one.acts() == seen_in_other.acts() && seen_in_one.own_fen() == seen_in_other.own_fen())) break;
    REQUIRE(one.to_move() == other.to_move());
    if (one.to_move() == Black) {
      if (one.game().moves().size() == 1) {
        REQUIRE(*announced(one.game().position(), first_one) == *announced(other.game().position(), first_other));
        moved(one, Black, first_one);
        moved(other, Black, first_other);
        continue;
      }
      // The first move legal in both and announced alike, a quiet one if there is one.
      std::string common;
      for (const bool quiet_only : {true, false}) {
        for (const rules::Move& m : one.game().position().legal_moves()) {
          const std::string uci = one.game().position().uci(m);
          auto here = announced(one.game().position(), uci), there = announced(other.game().position(), uci);
          if (here && there && *here == *there && (!quiet_only || (here->first < 0 && here->second.empty()))) {
            common = uci;
            break;
          }
        }
        if (!common.empty()) break;
      }
      if (common.empty()) break;
      moved(one, Black, common);
      moved(other, Black, common);
      continue;
    }
    auto decided_in_one = in_one.decide(seen_in_one), decided_in_other = in_other.decide(seen_in_other);
    REQUIRE(decided_in_one.ok());
    REQUIRE(decided_in_other.ok());
    CHECK(*decided_in_one == *decided_in_other);
    if (one.game().position().fen() != other.game().position().fen()) ++compared;
    if (decided_in_one->kind == KriegspielDecision::Kind::AskAny) {
      REQUIRE(one.ask_any(White).ok());
      REQUIRE(other.ask_any(White).ok());
    } else {
      one.try_move(White, decided_in_one->uci);
      other.try_move(White, decided_in_other->uci);
    }
  }
  return compared;
}

}  // namespace

TEST_CASE("two games that differ only behind identical announcements get identical play") {
  // Each pair of games runs until the umpire tells White something different in them (a try
  // that meets the hidden difference): then White may rightly decide differently.
  int compared = 0;
  for (std::uint64_t seed : {31, 32})
    for (const auto& [first_one, first_other] : std::vector<std::pair<std::string, std::string>>{
             {"g8h6", "b8a6"}, {"g8f6", "b8c6"}, {"a7a6", "h7h6"}, {"e7e6", "d7d6"}}) {
      CAPTURE(seed);
      CAPTURE(first_one);
      compared += decisions_compared_while_apart(seed, first_one, first_other);
    }
  MESSAGE("identical decisions while the real positions differed: " << compared);
  CHECK(compared >= 40);
}

TEST_CASE("levels: level 8 is the full player; lower ones believe in fewer positions and try more at random") {
  const engine::KriegspielSettings full;
  CHECK(engine::kriegspiel_level(8).samples == full.samples);
  CHECK(engine::kriegspiel_level(8).weighed_samples == full.weighed_samples);
  CHECK(engine::kriegspiel_level(8).random_try_percent == 0);
  for (int level = 2; level <= 8; ++level) {
    CAPTURE(level);
    const auto lower = engine::kriegspiel_level(level - 1), upper = engine::kriegspiel_level(level);
    CHECK(lower.samples <= upper.samples);
    CHECK(lower.weighed_samples <= upper.weighed_samples);
    CHECK(lower.random_try_percent >= upper.random_try_percent);
    CHECK((lower.samples < upper.samples || lower.random_try_percent > upper.random_try_percent));
  }
  CHECK_THROWS(engine::kriegspiel_level(0));
  CHECK_THROWS(engine::kriegspiel_level(9));
}

TEST_CASE("level 1 plays at random often, yet only tries its own board allows, to the end of the game") {
  KriegspielPlayer player(31, engine::kriegspiel_level(1));
  ComputerTally tally;
  engine::KriegspielRandom rng(7);
  Umpire umpire(Position::start(kriegspiel()));
  const rules::Outcome outcome = play_game(umpire, computer_seat(player, tally), random_seat(rng));
  CHECK(outcome.over());
  CHECK(tally.nonsense == 0);
  CHECK(tally.off_own_board == 0);
}
