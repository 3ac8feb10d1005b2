#include "engine/values.h"

#include <stdexcept>
#include <string_view>

namespace arbiter::engine {

namespace {

struct Entry {
  std::string_view name;
  Value value;
};

// Traditional values where a tradition exists (chess; H. G. Muller's measured values for the
// archbishop and chancellor on 10x8; the shatranj men). Where none exists the value is derived
// from the man's reach, scaled by the knight (8 targets, ~330): what it can capture counts fully,
// quiet-only or capture-only reach half, and a man that only ever reaches part of the board (colour
// or parity bound) loses about a fifth. The comments give the count each figure comes from.
constexpr Entry kTable[] = {
    {"king", {0, 0}},
    {"pawn", {90, 125}},
    {"pawn moving up", {90, 125}},    // the ring's pawns promote after six steps, as in chess
    {"pawn moving down", {90, 125}},
    {"knight", {330, 320}},
    {"bishop", {340, 360}},
    {"rook", {490, 560}},
    {"queen", {980, 1050}},
    {"archbishop", {880, 900}},  // Muller: about a queen less a half pawn on 10x8
    {"chancellor", {920, 990}},  // Muller: about a queen
    // Shatranj men: the counsellor (ferz) 4 one-step diagonals, the elephant (alfil) 4 two-step
    // diagonal leaps confined to an eighth of the board.
    {"counsellor", {170, 180}},
    {"elephant", {130, 120}},
    // Centennial's men.
    // Murray lion: 8 leaps (2,0)/(2,2) that move or capture, plus 8 adjacent captures: 16 capture
    // targets (twice a knight), but its quiet moves keep it on a quarter of the board: 2 x 330 x 0.65.
    {"lion", {430, 450}},
    // Camel (3,1): a knight's 8 targets, colour bound and a longer jump that controls less of the
    // centre: 330 x 0.8.
    {"camel", {265, 265}},
    // Steward: 4 quiet orthogonal steps and 4 diagonal captures in every direction ("a fourfold
    // pawn" that never promotes): 8 one-step targets, half of them quiet only, short range: ~2 pawns.
    {"steward", {200, 240}},
    // Turning spearman: one line, both ways, capturing only forward, and a turn between three lines:
    // a rook has 4 lines that capture both ways; one capturing half line plus turning ~ 0.6 rook.
    {"spearman (file)", {300, 330}},
    {"spearman (left)", {300, 330}},
    {"spearman (right)", {300, 330}},
};

}  // namespace

Value material(const rules::PieceKind& kind) {
  for (const Entry& e : kTable)
    if (e.name == kind.name) {
      if (kind.pawn && kind.promotion_rank < 0) return {e.value.mg * 4 / 5, e.value.eg * 3 / 5};
      return e.value;
    }
  throw std::logic_error("engine: no material value for the piece kind '" + kind.name + "'");
}

}  // namespace arbiter::engine
