#pragma once
// What the Kriegspiel player counts men as (centipawns; chess's usual values; the king is never
// taken), and where a move takes one: what the umpire announces.
#include "rules/position.h"

namespace arbiter::engine {

inline int man_value(const rules::Variant& variant, int kind) {
  switch (variant.kinds[kind].letter) {
    case 'P': return 100;
    case 'N': return 320;
    case 'B': return 330;
    case 'R': return 500;
    case 'Q': return 900;
    case 'K': return 0;
    default: return 300;
  }
}

inline int man_value(const rules::Position& position, rules::Square square) {
  auto man = position.piece_at(square);
  return man ? man_value(position.variant(), man->kind) : 0;
}

// The square a move takes a man on (en passant: the taken pawn's), or kNoSquare.
inline rules::Square taken_square(const rules::Position& position, const rules::Move& move) {
  const rules::Geometry& g = position.variant().geometry;
  if (move.kind == rules::Move::Kind::EnPassant) return g.square(g.file_of(move.to), g.rank_of(move.from));
  return position.is_capture(move) ? rules::Square(move.to) : rules::kNoSquare;
}

}  // namespace arbiter::engine
