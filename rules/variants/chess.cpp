#include "rules/variants/variants.h"

namespace arbiter::rules {

// chess.md: FIDE chess.
Variant make_chess() {
  Variant v;
  v.name = "chess";
  v.title = "Chess";
  v.description = "Standard chess by the FIDE laws.";
  v.geometry = Geometry(8, 8, false);
  v.kinds = {king(), queen(), rook(), bishop(), knight(), pawn(1, 7)};
  v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  v.promotion_choices = {v.kind_of('Q'), v.kind_of('R'), v.kind_of('B'), v.kind_of('N')};
  const Geometry& g = v.geometry;
  for (int c = 0; c < 2; ++c) {
    int r = c == 0 ? 0 : 7;
    char k = c == 0 ? 'K' : 'k', q = c == 0 ? 'Q' : 'q';
    v.castling[c] = {{g.square(4, r), g.square(6, r), g.square(7, r), g.square(5, r), k},
                     {g.square(4, r), g.square(2, r), g.square(0, r), g.square(3, r), q}};
  }
  v.lone_minor_kinds = {v.kind_of('B'), v.kind_of('N')};
  v.same_colour_bishops_draw = true;
  return v;
}

}  // namespace arbiter::rules
