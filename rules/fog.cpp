#include "rules/fog.h"

#include "rules/movegen.h"

namespace arbiter::rules {

Bitboard visible_squares(const Position& position, Color side) {
  Position mover = position;
  if (mover.side_to_move() != side) mover.pass();  // the other side's moves, as if it were its turn
  MoveList moves;
  MoveGenerator(mover).legal(moves);
  Bitboard seen = position.pieces(side);
  for (const Move& m : moves) {
    seen |= bit(m.to);
    if (m.kind == Move::Kind::EnPassant) seen |= bit(mover.en_passant_victim(m));  // beside, not on, the square passed
  }
  return seen;
}

}  // namespace arbiter::rules
