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

std::vector<Leg> leaper(int a, int b, Mode mode = Mode::Both);
std::vector<Leg> rider(int a, int b, Mode mode = Mode::Both);
std::vector<Leg> operator+(std::vector<Leg> a, const std::vector<Leg>& b);

// Pieces shared by the chess family.
PieceKind king();
PieceKind queen();
PieceKind rook();
PieceKind bishop();
PieceKind knight();
PieceKind archbishop();
PieceKind chancellor();
PieceKind pawn(int double_step_rank, int promotion_rank);

// Castling given by files, White on the first rank and Black on the last: the king-side
// castling (right K/k) and the queen-side one (Q/q), the king with a man of rook_kind.
struct CastlingFiles {
  int king_from, king_to, rook_from, rook_to;
};
void set_castling(Variant& v, int rook_kind, CastlingFiles kingside, CastlingFiles queenside);

std::vector<Variant (*)()> variant_factories();

}  // namespace arbiter::rules
