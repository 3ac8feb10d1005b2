#include <utility>

#include "rules/variants/variants.h"

namespace arbiter::rules {

// grand.md: 10x10, no castling, optional promotion on the 8th and 9th ranks, mandatory on the
// 10th, and only to a kind the side has fewer of than at the start.
Variant make_grand() {
  Variant v;
  v.name = "grand";
  v.title = "Grand Chess";
  v.description = "Freeling's 10x10 game: archbishop and chancellor, promotion only to lost pieces.";
  v.geometry = Geometry(10, 10, false);
  PieceKind grand_pawn = pawn(2, 9);
  grand_pawn.optional_promotion_rank = 7;
  v.kinds = {king(), queen(), rook(), bishop(), knight(), archbishop(), chancellor(), grand_pawn};
  v.start_fen = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";
  v.promotion_choices = {v.kind_of('Q'), v.kind_of('C'), v.kind_of('A'), v.kind_of('R'), v.kind_of('B'),
                         v.kind_of('N')};
  // Promotion only to a lost man: no kind beyond its number at the start.
  for (auto [letter, at_start] : {std::pair{'Q', 1}, {'C', 1}, {'A', 1}, {'R', 2}, {'B', 2}, {'N', 2}})
    v.kinds[v.kind_of(letter)].promotion_limit = at_start;
  v.lone_minor_kinds = {v.kind_of('B'), v.kind_of('N')};
  return v;
}

}  // namespace arbiter::rules
