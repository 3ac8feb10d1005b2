#pragma once
// Material values of every piece kind of every variant, in one table (values.cpp).
#include "rules/variant.h"

namespace arbiter::engine {

// Centipawns, for the middlegame and the endgame.
struct Value {
  int mg = 0, eg = 0;
};

// The value of a kind, looked up by its name; a pawn that never promotes is worth less.
// Throws std::logic_error for a kind the table lacks, so a new kind cannot go unvalued.
Value material(const rules::PieceKind& kind);

}  // namespace arbiter::engine
