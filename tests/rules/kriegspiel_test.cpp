// Kriegspiel's umpire (shared/rules/kriegspiel.md): scripted tries for every announcement, the
// private "nonsense" refusals, "Are there any?", the end of the game, and replaying the record.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>

#include "rules/kriegspiel.h"

using namespace arbiter::rules;

namespace {

constexpr Color White = Color::White, Black = Color::Black;
using Verdict = TryResult::Verdict;
using Dir = CheckDirection;

const Variant& kriegspiel() { return *find_variant("kriegspiel"); }

Position at(const std::string& fen) {
  auto pos = Position::from_fen(kriegspiel(), fen);
  REQUIRE_MESSAGE(pos.ok(), fen << ": " << (pos.ok() ? "" : pos.error()));
  return *pos;
}

Umpire umpire_at(const std::string& fen) { return Umpire(at(fen)); }

Announcement moved(Umpire& umpire, Color who, const std::string& uci) {
  TryResult result = umpire.try_move(who, uci);
  REQUIRE_MESSAGE(result.verdict == Verdict::Moved, uci << ": " << result.reason);
  return result.announcement;
}

void refused(Umpire& umpire, Color who, const std::string& uci) {
  INFO(uci);
  REQUIRE(umpire.try_move(who, uci).verdict == Verdict::Illegal);
}

// A nonsense try changes nothing anyone else could learn: no record, no turn state.
std::string nonsense(Umpire& umpire, Color who, const std::string& uci) {
  const auto record = umpire.record().size();
  const auto refusals = umpire.refused_this_turn();
  const bool owed = umpire.pawn_capture_owed();
  TryResult result = umpire.try_move(who, uci);
  INFO(uci);
  CHECK(result.verdict == Verdict::Nonsense);
  CHECK(umpire.record().size() == record);
  CHECK(umpire.refused_this_turn() == refusals);
  CHECK(umpire.pawn_capture_owed() == owed);
  return result.reason;
}

Square sq(const std::string& name) { return kriegspiel().geometry.parse(name); }

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

Announcement quiet() { return {}; }

}  // namespace

TEST_CASE("kriegspiel is chess without the repetition draw") {
  const Variant* variant = find_variant("kriegspiel");
  REQUIRE(variant);
  CHECK(variant->start_fen == find_variant("chess")->start_fen);
  CHECK_FALSE(variant->repetition_draws);
  CHECK(variant->fifty_move_plies == 100);

  // Knights out and back twice: the start position a third time, a draw in chess only.
  const std::vector<std::string> shuffle{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
  CHECK(Game::from(*find_variant("chess"), variant->start_fen, shuffle)->outcome().reason == Reason::Repetition);
  Umpire umpire(Position::start(*variant));
  for (std::size_t i = 0; i < shuffle.size(); ++i) CHECK(moved(umpire, i % 2 ? Black : White, shuffle[i]) == quiet());
  CHECK_FALSE(umpire.outcome().over());
}

TEST_CASE("each player's board holds only their own men and what they know") {
  Umpire umpire(Position::start(kriegspiel()));
  CHECK(umpire.own_fen(White) == "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1");
  CHECK(umpire.own_fen(Black) == "rnbqkbnr/pppppppp/8/8/8/8/8/8 w kq - 0 1");
  moved(umpire, White, "e2e4");
  // No en-passant square and no halfmove clock: they would tell Black about White's pawns.
  CHECK(umpire.own_fen(Black) == "rnbqkbnr/pppppppp/8/8/8/8/8/8 b kq - 0 1");
  CHECK(umpire.own_fen(White) == "8/8/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQ - 0 1");
  moved(umpire, Black, "d7d5");
  CHECK(moved(umpire, White, "e4d5").capture == sq("d5"));
  CHECK(umpire.own_fen(Black) == "rnbqkbnr/ppp1pppp/8/8/8/8/8/8 b kq - 0 2");
  CHECK(umpire.own_fen(White) == "8/8/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQ - 0 2");
}

TEST_CASE("the tries on a player's own board") {
  Umpire umpire(Position::start(kriegspiel()));
  auto tries = umpire.possible_moves(White);
  // 16 pawn steps, 14 pawn diagonals (each might capture a hidden man), 4 knight moves.
  CHECK(tries.size() == 34);
  CHECK(contains(tries, "e2d3"));
  CHECK_FALSE(contains(tries, "e1g1"));  // own men in the way
  CHECK(umpire.possible_moves(Black).empty());  // not Black's turn

  // The same own men give the same tries, wherever the hidden men stand.
  Umpire one = umpire_at("4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1");
  Umpire other = umpire_at("1r6/8/8/p7/3k4/8/8/R3K3 w Q - 0 1");
  CHECK(one.possible_moves(White) != std::vector<std::string>{});
  CHECK(one.possible_moves(White) == umpire_at("7k/8/8/8/8/8/4P3/R3K3 w Q - 0 1").possible_moves(White));
  CHECK(contains(other.possible_moves(White), "a1a8"));  // through the hidden pawn: a real try
  CHECK(contains(other.possible_moves(White), "e1c1"));  // castling past the hidden rook's file
}

TEST_CASE("every legal move is a possible try, and every possible try gets an answer") {
  // Deterministic random games: try moves from the own-board list until one is legal.
  std::uint64_t seed = 12345;
  auto next = [&](std::size_t n) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return std::size_t(seed >> 33) % n;
  };
  for (int game = 0; game < 20; ++game) {
    Umpire umpire(Position::start(kriegspiel()));
    for (int ply = 0; ply < 200 && !umpire.outcome().over(); ++ply) {
      const Color mover = umpire.to_move();
      const Position& real = umpire.game().position();
      auto tries = umpire.possible_moves(mover);
      for (const Move& m : real.legal_moves()) REQUIRE_MESSAGE(contains(tries, real.uci(m)), real.fen() << " " << real.uci(m));
      while (true) {
        tries = umpire.possible_moves(mover);
        REQUIRE_FALSE(tries.empty());
        auto result = umpire.try_move(mover, tries[next(tries.size())]);
        REQUIRE(result.verdict != Verdict::Nonsense);
        if (result.verdict == Verdict::Moved) break;
      }
    }
  }
}

TEST_CASE("a try blocked by a hidden man is refused aloud, once") {
  Umpire umpire = umpire_at("4k3/8/8/p7/8/8/7P/R3K3 w Q - 0 1");
  refused(umpire, White, "a1a8");  // the hidden pawn on a5 is in the way
  refused(umpire, White, "h2g3");  // nothing to take there
  CHECK(umpire.refused_this_turn() == std::vector<std::string>{"a1a8", "h2g3"});
  CHECK_FALSE(contains(umpire.possible_moves(White), "a1a8"));
  CHECK(nonsense(umpire, White, "a1a8") == "you have already tried a1a8 this turn");
  CHECK(moved(umpire, White, "a1a5").capture == sq("a5"));
  CHECK(umpire.refused_this_turn().empty());

  const auto& record = umpire.record();
  REQUIRE(record.size() == 3);
  CHECK((record[0].kind == UmpireAct::Kind::Illegal && record[0].by == White && record[0].uci == "a1a8"));
  CHECK((record[1].kind == UmpireAct::Kind::Illegal && record[1].uci == "h2g3"));
  CHECK((record[2].kind == UmpireAct::Kind::Moved && record[2].uci == "a1a5" && record[2].ply == 0));
  CHECK(record[2].announcement.capture == sq("a5"));
  CHECK(umpire.game().sans() == std::vector<std::string>{"Rxa5"});

  // A new turn: the refusals were for the last one.
  moved(umpire, Black, "e8d7");
  CHECK(contains(umpire.possible_moves(White), "a5a8"));
}

TEST_CASE("nonsense is told to the trier alone and recorded nowhere") {
  Umpire umpire(Position::start(kriegspiel()));
  CHECK(nonsense(umpire, White, "e2e5") == "that move is impossible on your own board");  // a move no pawn makes
  nonsense(umpire, White, "e7e5");   // no man of White's there
  nonsense(umpire, White, "e1e2");   // onto an own man
  nonsense(umpire, White, "a1a3");   // through an own man
  nonsense(umpire, White, "c1e3");
  nonsense(umpire, White, "g1g3");   // not a knight's move
  nonsense(umpire, White, "e1g1");   // castling through own men
  nonsense(umpire, White, "e2e4q");  // not a promotion
  nonsense(umpire, White, "castle");
  nonsense(umpire, White, "");
  CHECK(nonsense(umpire, Black, "e7e5") == "it is not your turn");
  CHECK(umpire.record().empty());
  CHECK(umpire.game().moves().empty());

  // Castling after the king has moved, even back to its square.
  Umpire castles = umpire_at("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  moved(castles, White, "e1f1");
  moved(castles, Black, "e8d8");
  moved(castles, White, "f1e1");
  moved(castles, Black, "d8e8");
  nonsense(castles, White, "e1g1");
  nonsense(castles, White, "e1c1");
  CHECK(castles.own_fen(White) == "8/8/8/8/8/8/8/R3K2R w - - 0 3");
}

TEST_CASE("captures are announced by square only, whatever man takes") {
  struct Case {
    const char* man;
    const char* fen;
    const char* uci;
    const char* square;
  };
  const Case cases[] = {
      {"king", "4k3/8/8/8/8/8/3p4/4K2R w - - 0 1", "e1d2", "d2"},
      {"queen", "4k3/8/8/8/8/8/p7/Q3K3 w - - 0 1", "a1a2", "a2"},
      {"rook", "4k3/8/8/8/8/8/p7/R3K3 w - - 0 1", "a1a2", "a2"},
      {"bishop", "4k3/8/8/8/8/2p5/7P/B3K3 w - - 0 1", "a1c3", "c3"},
      {"knight", "4k3/8/8/8/8/2p5/7P/1N2K3 w - - 0 1", "b1c3", "c3"},
      {"pawn", "4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1", "e2d3", "d3"},
      {"black queen", "4k3/8/8/8/8/8/P6q/4K3 b - - 0 1", "h2a2", "a2"},
      {"black knight", "4k3/8/8/8/8/2n5/P7/4K2R b - - 0 1", "c3a2", "a2"},
      {"black rook", "r3k3/8/8/8/8/8/7K/R7 b - - 0 1", "a8a1", "a1"},
  };
  for (const Case& c : cases) {
    INFO(c.man);
    Umpire umpire = umpire_at(c.fen);
    Announcement heard = moved(umpire, umpire.to_move(), c.uci);
    Announcement expected;
    expected.capture = sq(c.square);
    CHECK(heard == expected);
  }
}

TEST_CASE("en passant is announced on the captured pawn's square, and Any? counts it") {
  Umpire umpire = umpire_at("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
  CHECK(moved(umpire, Black, "d7d5") == quiet());
  CHECK(umpire.ask_any(White).value() == AnyAnswer::Try);
  CHECK(moved(umpire, White, "e5d6").capture == sq("d5"));
  CHECK(umpire.own_fen(Black) == "4k3/8/8/8/8/8/8/8 b - - 0 2");
  CHECK(umpire.own_fen(White) == "8/8/3P4/8/8/8/8/4K3 b - - 0 2");
}

TEST_CASE("castling is not announced; a check it gives is") {
  Umpire plain = umpire_at("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  CHECK(moved(plain, White, "e1g1") == quiet());
  CHECK(plain.own_fen(White) == "8/8/8/8/8/8/8/5RK1 b - - 0 1");

  Umpire checking = umpire_at("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
  CHECK(moved(checking, White, "e1g1").checks == std::vector<Dir>{Dir::File});

  // Through a square a hidden rook attacks: "No"; the other side is fine.
  Umpire attacked = umpire_at("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  refused(attacked, White, "e1g1");
  CHECK(moved(attacked, White, "e1c1") == quiet());
  CHECK(attacked.own_fen(White) == "8/8/8/8/8/8/8/2KR3R b - - 0 1");
}

TEST_CASE("promotion is not announced; its capture and check are") {
  Umpire plain = umpire_at("4k3/P7/8/8/8/8/7P/4K3 w - - 0 1");
  CHECK(moved(plain, White, "a7a8n") == quiet());
  CHECK(plain.own_fen(White) == "N7/8/8/8/8/8/7P/4K3 b - - 0 1");

  Umpire taking = umpire_at("4k3/8/8/8/8/8/4p3/3QK3 b - - 0 1");
  CHECK_FALSE(contains(taking.possible_moves(Black), "e2d1"));  // a promotion needs its piece
  CHECK(contains(taking.possible_moves(Black), "e2d1q"));
  Announcement heard = moved(taking, Black, "e2d1q");
  CHECK(heard.capture == sq("d1"));
  CHECK(heard.checks == std::vector<Dir>{Dir::Rank});
}

TEST_CASE("checks are announced by direction") {
  struct Case {
    const char* name;
    const char* fen;
    const char* uci;
    std::vector<Dir> checks;
  };
  const Case cases[] = {
      {"rank", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", {Dir::Rank}},
      {"file", "4k3/8/8/8/8/8/8/K6R w - - 0 1", "h1e1", {Dir::File}},
      // Through e8 the a4-e8 diagonal has five squares, the e8-h5 one four.
      {"long diagonal", "4k3/8/8/8/8/8/P7/4KB2 w - - 0 1", "f1b5", {Dir::LongDiagonal}},
      {"short diagonal", "4k3/8/8/8/8/5B2/P7/4K3 w - - 0 1", "f3h5", {Dir::ShortDiagonal}},
      {"knight", "4k3/8/8/8/4N3/8/P7/4K3 w - - 0 1", "e4f6", {Dir::Knight}},
      {"pawn on the long diagonal", "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1", "d6d7", {Dir::LongDiagonal}},
      {"pawn on the short diagonal", "4k3/8/5P2/8/8/8/8/4K3 w - - 0 1", "f6f7", {Dir::ShortDiagonal}},
      // Through e1 the a5-e1 diagonal is the long one.
      {"black pawn", "4k3/8/8/8/8/3p4/8/4K3 b - - 0 1", "d3d2", {Dir::LongDiagonal}},
      {"black queen on the short diagonal", "4k3/8/8/8/8/8/7q/4K3 b - - 0 1", "h2h4", {Dir::ShortDiagonal}},
      {"double: discovered file and knight", "4k3/8/8/8/4N3/8/P7/4R1K1 w - - 0 1", "e4f6", {Dir::File, Dir::Knight}},
      {"double: discovered rank and long diagonal", "8/8/8/8/R1B1k3/8/P7/6K1 w - - 0 1", "c4d5",
       {Dir::Rank, Dir::LongDiagonal}},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    Umpire umpire = umpire_at(c.fen);
    Announcement heard = moved(umpire, umpire.to_move(), c.uci);
    CHECK(heard.checks == c.checks);
    CHECK(heard.capture == kNoSquare);
    CHECK_FALSE(heard.outcome.over());
  }
}

TEST_CASE("Are there any? counts only legal pawn captures") {
  // The pawn on e2 could take on d3 but is pinned by the hidden rook on e8.
  Umpire pinned = umpire_at("4r1k1/8/8/8/8/3p4/4P3/4K3 w - - 0 1");
  CHECK(pinned.ask_any(White).value() == AnyAnswer::No);
  CHECK_FALSE(pinned.pawn_capture_owed());
  CHECK(pinned.ask_any(White).error() == "you have already asked \"Are there any?\" this turn");
  refused(pinned, White, "e2d3");
  moved(pinned, White, "e2e3");
  const auto& record = pinned.record();
  REQUIRE(record.size() == 3);
  CHECK((record[0].kind == UmpireAct::Kind::Any && record[0].answer == AnyAnswer::No));

  // Unpinned, the same capture makes the answer "Try".
  CHECK(umpire_at("6k1/8/8/8/8/3p4/4P3/4K3 w - - 0 1").ask_any(White).value() == AnyAnswer::Try);
  // No pawns: "No". Out of turn: refused.
  Umpire pawnless = umpire_at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  CHECK(pawnless.ask_any(Black).error() == "it is not your turn");
  CHECK(pawnless.ask_any(White).value() == AnyAnswer::No);
}

TEST_CASE("after \"Try\" the next try must be a pawn capture, and only the next") {
  Umpire umpire = umpire_at("6k1/8/8/8/8/3p4/4P3/R3K3 w - - 0 1");
  moved(umpire, White, "a1a2");  // White's first turn: a rook move, no question
  moved(umpire, Black, "g8h8");
  refused(umpire, White, "e2f3");  // a pawn capture tried before asking
  CHECK(umpire.ask_any(White).value() == AnyAnswer::Try);
  CHECK(umpire.pawn_capture_owed());
  CHECK(umpire.possible_moves(White) == std::vector<std::string>{"e2d3"});  // e2f3 was refused already
  CHECK(nonsense(umpire, White, "a2a5") == "after \"Try\" your next try must be a pawn capture");
  nonsense(umpire, White, "e2e3");
  CHECK(nonsense(umpire, White, "e2f3") == "you have already tried e2f3 this turn");
  CHECK(moved(umpire, White, "e2d3").capture == sq("d3"));

  // A failed pawn try releases the obligation too.
  Umpire released = umpire_at("6k1/8/8/8/8/4p3/3P1P2/R3K3 w - - 0 1");
  CHECK(released.ask_any(White).value() == AnyAnswer::Try);
  CHECK(released.possible_moves(White) == std::vector<std::string>{"d2c3", "d2e3", "f2e3", "f2g3"});
  refused(released, White, "d2c3");
  CHECK_FALSE(released.pawn_capture_owed());
  CHECK(contains(released.possible_moves(White), "a1a8"));
  CHECK(released.ask_any(White).error() == "you have already asked \"Are there any?\" this turn");
  CHECK(moved(released, White, "a1a8").checks == std::vector<Dir>{Dir::Rank});
  const auto& record = released.record();
  REQUIRE(record.size() == 3);
  CHECK((record[0].kind == UmpireAct::Kind::Any && record[0].answer == AnyAnswer::Try && record[0].ply == 0));
  CHECK((record[1].kind == UmpireAct::Kind::Illegal && record[1].uci == "d2c3"));
  CHECK((record[2].kind == UmpireAct::Kind::Moved && record[2].uci == "a1a8"));
}

TEST_CASE("the umpire ends the game: checkmate") {
  Umpire umpire(Position::start(kriegspiel()));
  moved(umpire, White, "f2f3");
  moved(umpire, Black, "e7e5");
  moved(umpire, White, "g2g4");
  Announcement mate = moved(umpire, Black, "d8h4");
  CHECK(mate.checks == std::vector<Dir>{Dir::ShortDiagonal});
  CHECK(mate.outcome.result == Outcome::Result::BlackWins);
  CHECK(mate.outcome.reason == Reason::Checkmate);
  CHECK(umpire.outcome().reason == Reason::Checkmate);
  CHECK(umpire.game().sans().back() == "Qh4#");
  CHECK(nonsense(umpire, White, "e2e4") == "the game is over");
  CHECK(umpire.ask_any(White).error() == "the game is over");
  CHECK(umpire.possible_moves(White).empty());
}

TEST_CASE("the umpire ends the game: stalemate, fifty moves, insufficient material") {
  Umpire stalemate = umpire_at("7k/8/8/8/8/6Q1/8/4K3 w - - 0 1");
  Announcement heard = moved(stalemate, White, "g3g6");
  CHECK(heard.checks.empty());
  CHECK((heard.outcome.result == Outcome::Result::Draw && heard.outcome.reason == Reason::Stalemate));

  // Fifty moves by each side: the hundredth quiet ply ends it; a capture on it does not.
  Umpire fifty = umpire_at("4k3/8/8/p7/8/8/8/R3K3 w - - 99 80");
  CHECK(moved(fifty, White, "a1a2").outcome.reason == Reason::FiftyMoves);
  Umpire reset = umpire_at("4k3/8/8/p7/8/8/8/R3K3 w - - 99 80");
  CHECK_FALSE(moved(reset, White, "a1a5").outcome.over());

  Umpire material = umpire_at("4k3/8/8/8/8/8/3r4/4K1N1 w - - 0 1");
  heard = moved(material, White, "e1d2");
  CHECK(heard.capture == sq("d2"));
  CHECK((heard.outcome.result == Outcome::Result::Draw && heard.outcome.reason == Reason::InsufficientMaterial));
}

TEST_CASE("replaying the record rebuilds the umpire") {
  Umpire umpire(Position::start(kriegspiel()));
  moved(umpire, White, "e2e4");
  refused(umpire, Black, "d7e6");
  moved(umpire, Black, "d7d5");
  CHECK(umpire.ask_any(White).value() == AnyAnswer::Try);
  refused(umpire, White, "e4f5");
  CHECK(umpire.ask_any(White).error().size() > 0);

  auto replayed = Umpire::replay(Position::start(kriegspiel()), umpire.record());
  REQUIRE(replayed.ok());
  CHECK(replayed->game().position().fen() == umpire.game().position().fen());
  CHECK(replayed->record().size() == umpire.record().size());
  CHECK(replayed->refused_this_turn() == umpire.refused_this_turn());
  CHECK(replayed->asked_any() == umpire.asked_any());
  CHECK(replayed->possible_moves(White) == umpire.possible_moves(White));

  auto tampered = umpire.record();
  tampered[1].kind = UmpireAct::Kind::Moved;
  auto wrong = Umpire::replay(Position::start(kriegspiel()), tampered);
  REQUIRE_FALSE(wrong.ok());
  CHECK(wrong.error() == "the try d7e6 at ply 1 is not answered as recorded");
}
