#pragma once
// The search: iterative deepening principal variation search over rules::Position, with a
// transposition table, quiescence, null-move pruning, late-move reductions and static exchange
// evaluation (engine/exchange.h) for ordering and pruning captures. It runs on the
// caller's thread and stops at the first of its limits or when `stop` becomes true.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/transposition.h"
#include "rules/game.h"

namespace arbiter::engine {

inline constexpr int kMateScore = 32000;
inline constexpr int kMaxPly = 100;

// Clock state for the side to move's time management (milliseconds).
struct Clock {
  std::int64_t wtime = 0, btime = 0, winc = 0, binc = 0;
  int moves_to_go = 0;  // 0: unknown (sudden death)
};

// Limits of one search; zero means "no limit of this kind". With none at all it runs until stopped.
// Time (movetime, or the share of the clock it allots itself) cuts the first iteration short only
// at twice the limit (it usually takes a few hundred nodes); node limits and `stop` end the search
// at once.
struct Limits {
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t movetime_ms = 0;
  std::optional<Clock> clock;
  int min_depth = 0;  // the node limit ends no search before this depth is complete
  // What a draw by repetition or the fifty-move rule costs the side to move at the root, in
  // centipawns: above 0 it plays on rather than repeat a level position.
  int contempt = 0;
};

struct SearchInfo {
  int depth = 0;
  int score = 0;  // centipawns for the side to move, or +-(kMateScore - plies) for a mate
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::vector<rules::Move> pv;
};

struct SearchResult {
  // Absent only when there is no legal move (the game is over; other endings, such as a
  // repetition, are the caller's to see in Game::outcome()).
  std::optional<rules::Move> best;
  int score = 0;
  int depth = 0;  // of the last completed iteration
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::vector<rules::Move> pv;
};

// Called after each completed iteration, on the searching thread.
using InfoCallback = std::function<void(const SearchInfo&)>;

// Plies to the mate a score announces: positive when the side to move mates, negative when it
// is mated, nothing for an ordinary score.
std::optional<int> mate_plies(int score);

class Searcher {
 public:
  explicit Searcher(std::size_t hash_megabytes = 16);
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;
  ~Searcher();

  void set_hash(std::size_t megabytes);
  void clear();  // forget everything learnt (a new game)

  // Searches the game's current position; the game's history decides repetitions. The caller
  // asks Game::outcome() first: a finished game has no move to search for.
  SearchResult search(const rules::Game& game, const Limits& limits, const std::atomic<bool>& stop,
                      const InfoCallback& info = {});

  // Every legal move with its score from a full-width search limits.depth plies deep (at least 1)
  // (levels that choose among good and bad moves on purpose use this), best first. Time cuts it
  // short to the last depth every move was scored at; `stop` or a node limit during the first
  // pass leaves only the moves scored so far.
  struct ScoredMove {
    rules::Move move;
    int score;
  };
  std::vector<ScoredMove> score_moves(const rules::Game& game, const Limits& limits, const std::atomic<bool>& stop);

 private:
  class Worker;
  TranspositionTable table_;
};

}  // namespace arbiter::engine
