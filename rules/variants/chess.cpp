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
  v.kinds[v.kind_of('B')].same_colour_pair_draws = true;
  v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  v.promotion_choices = {v.kind_of('Q'), v.kind_of('R'), v.kind_of('B'), v.kind_of('N')};
  set_castling(v, v.kind_of('R'), {4, 6, 7, 5}, {4, 2, 0, 3});
  v.lone_minor_kinds = {v.kind_of('B'), v.kind_of('N')};
  return v;
}

}  // namespace arbiter::rules
