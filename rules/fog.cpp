#include "rules/fog.h"

#include "rules/movegen.h"

namespace arbiter::rules {

Bitboard visible_squares(const Position& position, Color side) {
  const Variant& v = position.variant();
  Position mover = position;
  if (mover.side_to_move() != side) mover.pass();  // the other side's moves, as if it were its turn
  MoveList moves;
  MoveGenerator(mover).legal(moves);
  Bitboard seen = position.pieces(side);
  for (const Move& m : moves) {
    seen |= bit(m.to);
    if (m.kind == Move::Kind::EnPassant) {  // the pawn to be taken stands beside, not on, the square passed
      const int kind = position.piece_at(m.from)->kind;
      seen |= bit(v.geometry.offset(m.to, 0, -v.tables().forward[index(side)][kind]));
    }
  }
  return seen;
}

}  // namespace arbiter::rules
