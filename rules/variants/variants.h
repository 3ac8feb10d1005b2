#pragma once
// Every hosted variant, as a factory returning its table. Adding a variant: a file here and a line
// in variant_factories().
#include <vector>

#include "rules/variant.h"

namespace arbiter::rules {

Variant make_chess();
Variant make_capablanca();
Variant make_grand();
Variant make_circular();
Variant make_byzantine();
Variant make_kriegspiel();
Variant make_centennial();

// Pieces shared by the chess family.
PieceKind king();
PieceKind queen();
PieceKind rook();
PieceKind bishop();
PieceKind knight();
PieceKind archbishop();
PieceKind chancellor();
PieceKind pawn(int double_step_rank, int promotion_rank);

std::vector<Variant (*)()> variant_factories();

}  // namespace arbiter::rules
