#include "rules/variants/variants.h"

namespace arbiter::rules {

// centennial.md: J. W. Brown's 10x10 game with stewards, camels, Murray lions and turning
// spearmen, two moves a turn (with different men) until a side's first capture.
//
// What the shared core does for it, from the data below:
// - The spearman is three kinds, one per facing: M (along the file), L (forward-left, the a10-j1
//   diagonal), D (forward-right, the a1-j10 diagonal). PieceKind::facings lets it end any move as
//   another of them (UCI suffix "b2b6d", SAN "Mb6=D") or turn where it stands ("b2b2l", SAN
//   "Mb2=L": a spearman "moving" to its own square). Its legs turn half round for Black, so left
//   and right are as the owner sees them.
// - The steward's double step needs an unmoved steward: Position tracks unmoved ones.
// - Two moves a turn (Variant::two_moves_until_capture): Position::play keeps the turn with the
//   mover after a first move unless it captured, gave check, or left no legal move for another man.
//
// FEN: Fairy-Stockfish's six fields, then three more (rules/README.md):
//   7. the sides that still move twice: "wb", "w", "b" or "-";
//   8. where the men of this turn's first move stand: "-" when the next move is a turn's first,
//      "f5" after 1. f3f5, "c1,d1" after castling e1c1 (king and rook);
//   9. the unmoved stewards' squares: "e2,f2,e9,f9" at the start, "-" when none is left.
// Absent, they mean: both sides move twice, the next move is a turn's first, and every steward on
// its own second rank is unmoved. So the start FEN of the rules file reads as the start, and fen()
// leaves the three out when they say just that.
Variant make_centennial() {
  Variant v;
  v.name = "centennial";
  v.title = "Centennial Chess";
  v.description = "Brown's 10x10 game: stewards, camels, Murray lions, turning spearmen, and two moves a turn "
                  "until your first capture.";
  v.geometry = Geometry(10, 10, false);

  PieceKind pawn_kind = pawn(2, 9);
  pawn_kind.en_passant = false;
  const PieceKind lion{.letter = 'O',
                       .name = "lion",
                       .legs = leaper(2, 0) + leaper(2, 2) + leaper(1, 0, Mode::CaptureOnly) +
                               leaper(1, 1, Mode::CaptureOnly)};
  const PieceKind camel{.letter = 'C', .name = "camel", .legs = leaper(3, 1)};
  const PieceKind steward{.letter = 'S',
                          .name = "steward",
                          .legs = leaper(1, 0, Mode::MoveOnly) + leaper(1, 1, Mode::CaptureOnly),
                          .double_step = true,
                          .double_step_ranks = {1},
                          .double_step_needs_unmoved = true};
  // Slides both ways along its line, capturing only on the advance (df, 1 is forward for White).
  auto spearman = [](char letter, std::string name, int df) {
    return PieceKind{.letter = letter,
                     .name = std::move(name),
                     .legs = {{df, 1, true, Mode::Both}, {-df, -1, true, Mode::MoveOnly}},
                     .facings = {9, 10, 11},
                     .legs_turn_for_black = true};
  };
  v.kinds = {king(),
             queen(),
             rook(),
             bishop(),
             knight(),
             pawn_kind,
             lion,
             camel,
             steward,
             spearman('M', "spearman (file)", 0),
             spearman('L', "spearman (left)", -1),
             spearman('D', "spearman (right)", 1)};
  v.start_fen = "rcbokqobcr/1mn1ss1nm1/pppppppppp/10/10/10/10/PPPPPPPPPP/1MN1SS1NM1/RCBOKQOBCR w KQkq - 0 1";
  for (char letter : std::string("QRBNOCSMLD")) v.promotion_choices.push_back(v.kind_of(letter));
  // The king goes to its bishop's square, the rook to its lion's: e1c1 (a1-d1) and e1h1 (j1-g1).
  set_castling(v, v.kind_of('R'), {4, 7, 9, 6}, {4, 2, 0, 3});
  v.two_moves_until_capture = true;
  v.lone_minor_kinds = {v.kind_of('N'), v.kind_of('B'), v.kind_of('C')};
  return v;
}

}  // namespace arbiter::rules
