#include "engine/values.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter::engine {

namespace {

struct Entry {
  std::string_view id;
  Value value;
};

constexpr Value kPawn{90, 125};

// Traditional values where a tradition exists (chess; H. G. Muller's measured values for the
// archbishop and chancellor on 10x8; the shatranj men; Centennial's men as their comments count
// them). Every other kind's value is derived from its moves (derived_material).
constexpr Entry kTable[] = {
    {"pawn", kPawn},
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

// Ids compared by their letters and digits only: "spearman (left)" is "spearman-left".
std::string plain(std::string_view id) {
  std::string out;
  for (char c : id)
    if (std::isalnum(static_cast<unsigned char>(c))) out += char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// How much of a slide counts at its k-th square (k from 1): 0.6^(k-1), as the farther square is
// the likelier to have a man in the way on a board in play.
constexpr double kSlideFalloff = 0.6;
// Value grows faster than reach: fitted so that the derivation gives the traditional values of
// chess's men and the compounds within about a tenth (knight 330, bishop 333, rook 473, queen
// 989, archbishop 816, chancellor 985; ferz 164, wazir 195, camel 260 on 8x8).
constexpr double kReachExponent = 1.3;
constexpr double kKnightValue = 330;

// What a man with these legs reaches on an empty board, averaged over the squares it may stand on:
// a square it may move to and capture on counts 1, one it may only move to or only capture on a
// half, and slides fall off with distance (kSlideFalloff). Legs as White's; the mean over the
// whole board does not depend on which way is forward.
double mean_reach(const rules::Geometry& g, const std::vector<rules::Leg>& legs) {
  double total = 0;
  for (rules::Square s = 0; s < g.size(); ++s) {
    std::map<rules::Square, std::pair<double, double>> reached;  // target -> (moving, capturing)
    for (const rules::Leg& leg : legs) {
      double weight = 1;
      rules::Square at = s;
      for (int step = 0; step < g.size(); ++step) {
        at = g.offset(at, leg.df, leg.dr);
        if (at == rules::kNoSquare || at == s) break;
        auto& [moving, capturing] = reached[at];
        if (leg.mode != rules::Mode::CaptureOnly) moving = std::max(moving, weight);
        if (leg.mode != rules::Mode::MoveOnly) capturing = std::max(capturing, weight);
        if (!leg.slide) break;
        weight *= kSlideFalloff;
      }
    }
    for (const auto& [target, weights] : reached) total += (weights.first + weights.second) / 2;
  }
  return total / g.size();
}

std::vector<rules::Leg> knight_legs() {
  std::vector<rules::Leg> legs;
  for (int a : {-2, -1, 1, 2})
    for (int b : {-2, -1, 1, 2})
      if (std::abs(a) != std::abs(b)) legs.push_back({a, b, false, rules::Mode::Both});
  return legs;
}

}  // namespace

const Value* traditional_material(const rules::PieceKind& kind) {
  const std::string id = plain(kind.key());
  for (const Entry& e : kTable)
    if (plain(e.id) == id) return &e.value;
  return nullptr;
}

// The kind's reach against a knight's on the same board, so that a board's size and edges count
// alike for both. No separate discount for a colour-bound man: the fit takes the bishop and the
// camel as they are.
Value derived_material(const rules::Variant& variant, int kind) {
  const rules::Geometry& g = variant.geometry;
  const double knight = mean_reach(g, knight_legs());
  const double reach = mean_reach(g, variant.kinds[kind].legs);
  if (knight <= 0 || reach <= 0) return {0, 0};
  const int value = int(std::lround(kKnightValue * std::pow(reach / knight, kReachExponent)));
  return {value, value};
}

Value material(const rules::Variant& variant, int kind) {
  const rules::PieceKind& man = variant.kinds[kind];
  if (man.royal) return {0, 0};
  const Value* traditional = traditional_material(man);
  const Value value = traditional ? *traditional : man.pawn ? kPawn : derived_material(variant, kind);
  if (man.pawn && man.promotion_rank < 0) return {value.mg * 4 / 5, value.eg * 3 / 5};
  return value;
}

}  // namespace arbiter::engine
