#pragma once
// Playing levels 1 to 8 (lichess's convention): a budget per move, a search depth or node cap, and
// deliberate mistakes for the low levels, from a seeded generator so that a level's play is
// repeatable. Every level also keeps within its clock.
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/search.h"

namespace arbiter::engine {

inline constexpr int kMinLevel = 1, kMaxLevel = 8;

struct Level {
  int depth;                  // 0: no depth cap
  std::uint64_t nodes;        // 0: no node cap
  std::int64_t movetime_ms;   // the budget per move
  int noise_cp;               // each move's score is shifted by up to this much, at random
  int random_move_percent;    // how often any legal move is played instead
  int min_depth = 0;          // searched to at least this depth whatever the node cap (time still ends it)
};

// The settings of a level; throws std::out_of_range outside 1..8.
const Level& level(int n);

// The level's rating in chess on Fairy-Stockfish's UCI_Elo scale, as bench/level_ladder.sh
// measured it (rounded; the intervals are in docs/engine.md, "Levels"); throws std::out_of_range outside 1..8.
int level_rating(int n);
// Every level's rating on that scale, level 1's first.
const std::vector<int>& level_ratings();
// The level rated nearest `elo` (the lower of two as near), 1 below level 1's, 8 above level 8's:
// what `UCI_Elo` means. Nearest, not interpolated: a level is one set of settings measured as a whole.
int level_for_rating(int elo);

// The limits a level searches with: its own budget, within what the clock allows.
Limits limits_for(int level, const std::optional<Clock>& clock = std::nullopt);

// The level's move in the game's current position. The same game, level, seed and a fresh (or
// cleared) searcher give the same move, except where a time limit cuts the search short.
SearchResult play_level(Searcher& searcher, const rules::Game& game, int level, const std::optional<Clock>& clock,
                        const std::atomic<bool>& stop, std::uint64_t seed);

}  // namespace arbiter::engine
