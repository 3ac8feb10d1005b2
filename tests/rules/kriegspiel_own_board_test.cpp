// A side's own board in Kriegspiel (rules::Umpire::own_board and what follows it): the men one
// player knows are theirs, moved by the tries the umpire plays and the captures it announces,
// end where the umpire's own FEN for that player says, castling and promotion included.
#include <doctest/doctest.h>

#include "rules/kriegspiel.h"

using namespace arbiter::rules;

namespace {

constexpr Color White = Color::White, Black = Color::Black;

const Variant& kriegspiel() { return *find_variant("kriegspiel"); }

Position at(const std::string& fen) {
  auto pos = Position::from_fen(kriegspiel(), fen);
  REQUIRE_MESSAGE(pos.ok(), fen << ": " << (pos.ok() ? "" : pos.error()));
  return *pos;
}

// Both own boards, followed from the acts as each player hears them.
struct OwnBoards {
  Position white, black;
  explicit OwnBoards(const Position& real) : white(Umpire::own_board(real, White)), black(Umpire::own_board(real, Black)) {}
  Position& of(Color c) { return c == White ? white : black; }
};

void play(Umpire& umpire, OwnBoards& boards, Color who, const std::string& uci) {
  INFO(uci);
  const TryResult result = umpire.try_move(who, uci);
  REQUIRE(result.verdict == TryResult::Verdict::Moved);
  auto after = Umpire::after_own_try(boards.of(who), uci);
  REQUIRE(after.has_value());
  boards.of(who) = *after;
  boards.of(~who) = Umpire::after_their_move(boards.of(~who), result.announcement.capture);
  CHECK(own_fen(boards.white, White) == umpire.own_fen(White));
  CHECK(own_fen(boards.black, Black) == umpire.own_fen(Black));
}

}  // namespace

TEST_CASE("a side's own board holds its men and castling rights alone, as its own FEN tells") {
  const Position real = at("r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 3 20");
  const Position own = Umpire::own_board(real, White);
  CHECK(own.pieces(Black) == 0);
  CHECK(own.pieces(White) == real.pieces(White));
  CHECK(own_fen(own, White) == own_fen(real, White));
  CHECK(own_fen(Umpire::own_board(real, Black), Black) == own_fen(real, Black));
}

TEST_CASE("the own boards follow castling, promotions and captures as the umpire plays them") {
  const Position start = at("r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1");
  Umpire umpire(start);
  OwnBoards boards(start);
  play(umpire, boards, White, "e1c1");  // castling: the rook comes to d1, both rights go
  CHECK(boards.white.piece_at(kriegspiel().geometry.parse("d1")).has_value());
  play(umpire, boards, Black, "g2h1q");  // takes the rook on h1, promoting: a queen
  CHECK(boards.black.piece_at(kriegspiel().geometry.parse("h1"))->kind == kriegspiel().kind_of('Q'));
  play(umpire, boards, White, "b7a8n");  // takes the rook on a8, promoting to a knight: Black's q right goes
  CHECK(boards.white.piece_at(kriegspiel().geometry.parse("a8"))->kind == kriegspiel().kind_of('N'));
  play(umpire, boards, Black, "e8g8");   // castling on the side still held
  CHECK(boards.black.piece_at(kriegspiel().geometry.parse("f8")).has_value());
}

TEST_CASE("a try its own board does not have moves nothing") {
  const Position own = Umpire::own_board(Position::start(kriegspiel()), White);
  CHECK_FALSE(Umpire::after_own_try(own, "e2e5").has_value());
  CHECK_FALSE(Umpire::after_own_try(own, "e1g1").has_value());  // the bishop and knight are in the way
  CHECK(Umpire::after_own_try(own, "e2e4").has_value());
}
