#include "engine/level.h"

#include <array>
#include <cstdlib>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

#include "rules/default_variant.h"

namespace arbiter::engine {

namespace {

// Levels 1-4 score every move by a shallow full-width search and choose with noise; 5-7 search
// normally, each with five times the nodes of the one below (a node cap makes them play alike on
// any machine; the time is a ceiling), and level 8 gets the budget the benchmarks measure: 1 s a
// move, about four times level 7's nodes on an idle core. A step of four in nodes was too small
// in drawish variants (circular and Capablanca 6/5 about 50% in 10 games). Level 1 plays like a
// beginner: it misses a mate in one and gives a piece away some of the time (tests/engine/
// levels_test.cpp). Level 3 searches 3 plies with few mistakes: at 2 plies (150 cp, 7%) it lost
// every game of 20 to level 4 in chess, a step too large to measure.
// Level 5 searches at least one ply deeper than level 4's full width: in Centennial (two moves a
// turn) its 3,200 nodes ended in the fourth iteration and it scored 17.5/40 against level 4; in
// chess it completes 6 plies in those nodes from the start, so there the floor seldom binds.
constexpr std::array<Level, kMaxLevel> kLevels{{
    {1, 0, 50, 400, 30},
    {2, 0, 100, 220, 12},
    {3, 0, 150, 100, 2},
    {3, 0, 200, 50, 0},
    {0, 3'200, 300, 0, 0, 4},
    {0, 16'000, 500, 0, 0},
    {0, 80'000, 800, 0, 0},
    {0, 0, 1000, 0, 0},
}};

static_assert(kMaxLevel == rules::kRatedLevels, "a variant rates each level (rules::Variant::level_ratings)");

// Where baring the king wins (Byzantine), a level position is easy to hold and to repeat: levels
// that took a repetition at 0 drew nearly every game between neighbours (level 8 against 7: six
// of six). Valuing the draw a little below 0 makes both sides play on, and the stronger side wins
// more of what follows.
constexpr int kBareKingContempt = 20;

}  // namespace

const Level& level(int n) {
  if (n < kMinLevel || n > kMaxLevel) throw std::out_of_range("engine level must be 1 to 8");
  return kLevels[n - 1];
}

int level_rating(int n) {
  level(n);  // the range check
  return level_ratings()[n - 1];
}

// Fairy-Stockfish calibrates UCI_Elo in chess: the computer's scale is the ratings measured there
// (rules/default_variant.h), as the built-in variants file gives them (rules/variants/builtin.toml).
const std::vector<int>& level_ratings() {
  static const std::vector<int>& ratings = rules::default_variant().level_ratings;
  return ratings;
}

int level_for_rating(int elo) {
  const std::vector<int>& ratings = level_ratings();
  int nearest = kMinLevel;
  for (int n = kMinLevel + 1; n <= kMaxLevel; ++n)
    if (std::abs(ratings[n - 1] - elo) < std::abs(ratings[nearest - 1] - elo)) nearest = n;
  return nearest;
}

Limits limits_for(int n, const std::optional<Clock>& clock) {
  const Level& l = level(n);
  return {l.depth, l.nodes, l.movetime_ms, clock, l.min_depth};
}

SearchResult play_level(Searcher& searcher, const rules::Game& game, int n, const std::optional<Clock>& clock,
                        const std::atomic<bool>& stop, std::uint64_t seed) {
  const Level& l = level(n);
  Limits limits = limits_for(n, clock);
  if (game.position().variant().bare_king_loses) limits.contempt = kBareKingContempt;
  if (l.noise_cp == 0 && l.random_move_percent == 0) return searcher.search(game, limits, stop);

  std::mt19937_64 random(seed ^ (0x9e3779b97f4a7c15ULL * (game.moves().size() + 1)));
  SearchResult result;
  auto scored = searcher.score_moves(game, limits, stop);
  if (scored.empty()) {  // stopped before any move was scored, or none to score
    const auto moves = game.position().legal_moves();
    if (!moves.empty()) result.best = moves.front();
    return result;
  }
  if (std::uniform_int_distribution<int>(0, 99)(random) < l.random_move_percent) {
    const auto& pick = scored[std::uniform_int_distribution<std::size_t>(0, scored.size() - 1)(random)];
    result.best = pick.move, result.score = pick.score;
  } else {
    std::uniform_int_distribution<int> noise(-l.noise_cp, l.noise_cp);
    int best = std::numeric_limits<int>::min();
    for (const auto& s : scored) {
      // A mate found stays found: noise only blurs ordinary scores.
      const int blurred = mate_plies(s.score) ? s.score : s.score + noise(random);
      if (blurred > best) best = blurred, result.best = s.move, result.score = s.score;
    }
  }
  result.depth = l.depth;
  result.pv = {*result.best};
  return result;
}

}  // namespace arbiter::engine
