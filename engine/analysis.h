#pragma once
// Analysis of a finished game: the engine searches every position the game passed through, and
// each move is judged by how much of the mover's winning chances it gave away, with lichess's
// formula and thresholds (lila's WinPercent.winningChances and Advice: a drop of 0.1, 0.2, 0.3 of
// the chances on their -1..1 scale is an inaccuracy, a mistake, a blunder; a mate let slip or
// walked into is judged by the centipawns on the other side).
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/search.h"

namespace arbiter::engine {

// A position's value from White's side.
struct Evaluation {
  std::optional<int> cp;    // centipawns, when no mate is seen
  std::optional<int> mate;  // moves to mate: positive when White mates; 0 when the side to move is mated
  double chances = 0;       // White's winning chances, -1 (lost) to 1 (won)
};

enum class Judgement { None, Inaccuracy, Mistake, Blunder };

// lichess's winning chances of a score in centipawns: 2 / (1 + e^(-0.00368208 cp)) - 1.
double winning_chances(int cp);
// The value of a search's score (for the side to move) from White's side.
Evaluation evaluation_of(int score, rules::Color side_to_move);
// The judgement of a move by `mover` from a position worth `before` to one worth `after`.
Judgement judge(const Evaluation& before, const Evaluation& after, rules::Color mover);

// The position after `ply` plies (0: the start).
struct PlyAnalysis {
  Evaluation eval;
  std::vector<rules::Move> line;  // the engine's best line from here; empty where the game is over
  Judgement judgement = Judgement::None;  // of the move that led here
};

// Called after each position is searched, with how many are done.
using AnalysisProgress = std::function<void(int positions_done)>;

// Every position of `game` (its start, then after each move), searched within `limits` each. A
// move that is the engine's own best move there is not judged: the drop is then the searches'
// disagreement, not the player's error. nullopt when `stop` ended it first.
std::optional<std::vector<PlyAnalysis>> analyse(Searcher& searcher, const rules::Game& game, const Limits& limits,
                                                const std::atomic<bool>& stop, const AnalysisProgress& progress = {});

}  // namespace arbiter::engine
