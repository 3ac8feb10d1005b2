// The captures-only generator the quiet search uses gives exactly the legal moves that capture or
// promote a pawn, in every variant, along random games (checks, pins, promotions, en passant,
// Centennial's turns and the ring included).
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <tuple>
#include <vector>

#include "rules/game.h"
#include "rules/movegen.h"

using namespace arbiter::rules;

namespace {

bool captures_or_promotes(const Position& pos, const Move& m) {
  return pos.is_capture(m) || (m.promotion >= 0 && pos.variant().kinds[pos.piece_at(m.from)->kind].pawn);
}

}  // namespace

TEST_CASE("captures() is legal() filtered to captures and promotions in every variant") {
  for (const Variant* v : all_variants()) {
    CAPTURE(v->name);
    std::mt19937 random(7);
    int positions = 0, with_captures = 0;
    for (int game = 0; game < 12; ++game) {
      Position pos = Position::start(*v);
      for (int ply = 0; ply < 300; ++ply) {
        MoveList legal, captures;
        MoveGenerator(pos).legal(legal);
        MoveGenerator(pos).captures(captures);
        std::vector<Move> expected;
        for (const Move& m : legal)
          if (captures_or_promotes(pos, m)) expected.push_back(m);
        std::vector<Move> got(captures.begin(), captures.end());
        auto less = [](const Move& a, const Move& b) {
          return std::tie(a.from, a.to, a.promotion, a.kind) < std::tie(b.from, b.to, b.promotion, b.kind);
        };
        std::sort(expected.begin(), expected.end(), less);
        std::sort(got.begin(), got.end(), less);
        CAPTURE(pos.fen());
        REQUIRE(got == expected);
        ++positions;
        with_captures += !expected.empty();
        if (legal.size == 0 || pos.outcome().over()) break;
        // Prefer captures half the time, so that games reach endings and promotions.
        const Move* pick = &legal.moves[random() % legal.size];
        if (!expected.empty() && random() % 2) pick = &expected[random() % expected.size()];
        pos.play(*pick);
      }
    }
    CHECK(positions > 500);
    CHECK(with_captures > 100);
  }
}
