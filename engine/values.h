#pragma once
// Material values of the piece kinds: traditional ones by kind id where a tradition exists, and
// for any other kind a value derived from how it moves (values.cpp), so a new piece plays sensibly.
#include "rules/variant.h"

namespace arbiter::engine {

// Centipawns, for the middlegame and the endgame.
struct Value {
  int mg = 0, eg = 0;
};

// The value of the variant's kind `kind`: nothing for the royal kind, the tradition of its id, a
// pawn's for a pawn without one, else derived from its moves on the variant's empty board. A pawn
// that never promotes is worth less. Never fails.
Value material(const rules::Variant& variant, int kind);

// The traditional value of the kind's id (values.cpp's table, the one list of them), or nullptr
// when its id has none. As listed: before material()'s discount for a pawn that never promotes.
const Value* traditional_material(const rules::PieceKind& kind);

// The value derived from the moves alone (what material() gives a kind without a tradition).
Value derived_material(const rules::Variant& variant, int kind);

}  // namespace arbiter::engine
