// circular.md: circular chess on a ring of 4 x 16 squares, the modern rules (`circular`) and the
// Byzantine ones (`byzantine`).
//
// The board is Geometry(4, 16, wrapping): files a..d are the rings (a innermost), ranks 1..16 the
// cells, and cell 16 neighbours cell 1. Squares are named ring + cell: a1, d16.
//
// Position strings are FEN over that grid: 16 rows, cell 16 first and cell 1 last, each row the
// rings a..d, so the modern start is
//   QBNR/VVVV/4/4/4/4/pppp/qbnr/kbnr/vvvv/4/4/4/4/PPPP/KBNR w - - 0 1
// Pawns keep their direction for the whole game, so each direction is its own letter: P is a pawn
// moving up (to higher cells), V a pawn moving down (the letter points down). Castling and en
// passant fields are always "-". After a king has been taken (modern rules) the string has no king
// of that colour. Moves are "a2a4", "a7a8q"; in SAN a pawn is written without letter, and with its
// whole square when a pawn moving the other way on the same ring could go to the same square
// ("a3a4", "b3xa4").
#include "rules/variants/variants.h"

namespace arbiter::rules {

namespace {

constexpr int kRings = 4, kCells = 16;

// A pawn moving up the cells from cell 2 (its colour's second cell) that promotes on the 8th.
PieceKind pawn_moving_up() {
  PieceKind p = pawn(1, 7);
  p.name = "pawn moving up";
  p.en_passant = false;
  return p;
}

// The same pawn turned round: with Black's cells half a turn on from White's, it starts on cell
// 15 (Black: 7) and promotes on cell 9 (Black: 1).
PieceKind pawn_moving_down() {
  PieceKind p = pawn_moving_up();
  p.letter = 'V';
  p.name = "pawn moving down";
  p.forward = -1;
  return p;
}

// Shatranj's pawn on the ring: one step, never promotes, goes on round.
PieceKind shatranj_pawn(PieceKind p) {
  p.double_step = false;
  p.double_step_ranks.clear();
  p.promotion_rank = -1;
  return p;
}

// What both rule sets share: the ring, Black's side half a turn round, pawns in two directions.
Variant ring_variant() {
  Variant v;
  v.geometry = Geometry(kRings, kCells, true);
  v.mirror_black = false;
  v.black_rank_offset = kCells / 2;
  return v;
}

}  // namespace

// Modern rules: chess men; a king left in check may be taken, which ends the game.
Variant make_circular() {
  Variant v = ring_variant();
  v.name = "circular";
  v.title = "Circular Chess";
  v.description = "Reynolds' chess on a ring of 4 x 16 squares; a king left in check can be captured.";
  v.kinds = {king(), queen(), rook(), bishop(), knight(), pawn_moving_up(), pawn_moving_down()};
  v.kinds[v.kind_of('B')].same_colour_pair_draws = true;
  v.start_fen = "QBNR/VVVV/4/4/4/4/pppp/qbnr/kbnr/vvvv/4/4/4/4/PPPP/KBNR w - - 0 1";
  v.promotion_choices = {v.kind_of('Q'), v.kind_of('R'), v.kind_of('B'), v.kind_of('N')};
  v.legality = Legality::KingCapture;
  v.lone_minor_kinds = {v.kind_of('B'), v.kind_of('N')};
  return v;
}

// Byzantine rules: shatranj men, each king facing the other side's counsellor.
Variant make_byzantine() {
  Variant v = ring_variant();
  v.name = "byzantine";
  v.title = "Byzantine Chess";
  v.description = "The medieval circular chess with counsellor and elephant; stalemate and a bare king lose.";
  const PieceKind counsellor{.letter = 'F', .name = "counsellor", .legs = leaper(1, 1)};
  const PieceKind elephant{.letter = 'E', .name = "elephant", .legs = leaper(2, 2)};
  v.kinds = {king(), counsellor, rook(), elephant, knight(), shatranj_pawn(pawn_moving_up()),
             shatranj_pawn(pawn_moving_down())};
  v.start_fen = "FENR/VVVV/4/4/4/4/pppp/kenr/fenr/vvvv/4/4/4/4/PPPP/KENR w - - 0 1";
  v.stalemate_loses = true;
  v.bare_king_loses = true;
  v.meeting_pawns_removed = true;
  return v;
}

}  // namespace arbiter::rules
