#include "rules/variants/variants.h"

namespace arbiter::rules {

// capablanca.md: 10x8, archbishop and chancellor, the king castles three squares.
Variant make_capablanca() {
  Variant v;
  v.name = "capablanca";
  v.title = "Capablanca Chess";
  v.description = "Chess on 10x8 with the archbishop (bishop+knight) and the chancellor (rook+knight).";
  v.geometry = Geometry(10, 8, false);
  v.kinds = {king(), queen(), rook(), bishop(), knight(), archbishop(), chancellor(), pawn(1, 7)};
  v.start_fen = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
  v.promotion_choices = {v.kind_of('Q'), v.kind_of('C'), v.kind_of('A'), v.kind_of('R'), v.kind_of('B'),
                         v.kind_of('N')};
  set_castling(v, v.kind_of('R'), {5, 8, 9, 7}, {5, 2, 0, 3});
  v.lone_minor_kinds = {v.kind_of('B'), v.kind_of('N')};
  return v;
}

}  // namespace arbiter::rules
