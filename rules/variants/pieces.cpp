#include "rules/variants/variants.h"

#include <set>
#include <utility>

namespace arbiter::rules {

namespace {

std::vector<Leg> symmetric(int a, int b, bool slide, Mode mode) {
  std::set<std::pair<int, int>> steps;
  for (int sa : {-1, 1})
    for (int sb : {-1, 1}) {
      steps.insert({sa * a, sb * b});
      steps.insert({sb * b, sa * a});
    }
  std::vector<Leg> legs;
  for (auto [df, dr] : steps) legs.push_back({df, dr, slide, mode});
  return legs;
}

}  // namespace

std::vector<Leg> leaper(int a, int b, Mode mode) { return symmetric(a, b, false, mode); }
std::vector<Leg> rider(int a, int b, Mode mode) { return symmetric(a, b, true, mode); }
std::vector<Leg> operator+(std::vector<Leg> a, const std::vector<Leg>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

PieceKind king() { return {.letter = 'K', .name = "king", .legs = leaper(1, 0) + leaper(1, 1), .royal = true}; }
PieceKind queen() { return {.letter = 'Q', .name = "queen", .legs = rider(1, 0) + rider(1, 1)}; }
PieceKind rook() { return {.letter = 'R', .name = "rook", .legs = rider(1, 0)}; }
PieceKind bishop() { return {.letter = 'B', .name = "bishop", .legs = rider(1, 1)}; }
PieceKind knight() { return {.letter = 'N', .name = "knight", .legs = leaper(2, 1)}; }
PieceKind archbishop() { return {.letter = 'A', .name = "archbishop", .legs = rider(1, 1) + leaper(2, 1)}; }
PieceKind chancellor() { return {.letter = 'C', .name = "chancellor", .legs = rider(1, 0) + leaper(2, 1)}; }

PieceKind pawn(int double_step_rank, int promotion_rank) {
  return {.letter = 'P',
          .name = "pawn",
          .legs = {{0, 1, false, Mode::MoveOnly}, {-1, 1, false, Mode::CaptureOnly}, {1, 1, false, Mode::CaptureOnly}},
          .pawn = true,
          .en_passant = true,
          .double_step = true,
          .double_step_ranks = {double_step_rank},
          .promotion_rank = promotion_rank};
}

void set_castling(Variant& v, int rook_kind, CastlingFiles kingside, CastlingFiles queenside) {
  const Geometry& g = v.geometry;
  for (int c = 0; c < 2; ++c) {
    const int rank = c == 0 ? 0 : g.ranks() - 1;
    auto rule = [&](CastlingFiles f, char letter) {
      return CastlingRule{g.square(f.king_from, rank), g.square(f.king_to, rank), g.square(f.rook_from, rank),
                          g.square(f.rook_to, rank), rook_kind, c == 0 ? letter : char(letter - 'A' + 'a')};
    };
    v.castling[c] = {rule(kingside, 'K'), rule(queenside, 'Q')};
  }
}

std::vector<Variant (*)()> variant_factories() {
  return {make_chess, make_capablanca, make_grand, make_kriegspiel, make_centennial, make_circular, make_byzantine};
}

}  // namespace arbiter::rules
