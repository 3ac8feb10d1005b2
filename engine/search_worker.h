#pragma once
// A search's worker (engine/search.h): the state of one search, which the iterative-deepening
// driver (search.cpp) and the tree search (search_tree.cpp) share. Internal to the engine.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/evaluate.h"
#include "engine/search.h"
#include "rules/movegen.h"

namespace arbiter::engine {

using rules::Color;
using rules::Move;
using rules::MoveList;
using rules::Position;

inline constexpr int kInfinity = kMateScore + 1;
inline constexpr int kMateBound = kMateScore - kMaxPly;  // beyond this, a score announces a mate
using Clock_ = std::chrono::steady_clock;
using Keys = std::array<int, rules::kMaxMoves>;  // one number per move of a MoveList

class Searcher::Worker {
 public:
  Worker(TranspositionTable& table, const rules::Game& game, const Limits& limits, const std::atomic<bool>& stop)
      : table_(table),
        root_(game.position()),
        variant_(root_.variant()),
        eval_(Evaluator::of(variant_)),
        limits_(limits),
        stop_(stop),
        start_(Clock_::now()) {
    for (int k = 0; k < int(variant_.kinds.size()); ++k) values_.push_back(eval_.value(k));
    Position replay = game.start();
    for (const Move& m : game.moves()) {
      hashes_.push_back(replay.hash());
      replay.play(m);
    }
    set_deadlines();
  }

  SearchResult run(const InfoCallback& info);
  std::vector<ScoredMove> score_all(int depth);

 private:
  int search(const Position& pos, int depth, int alpha, int beta, int ply, bool pv_node, bool null_allowed,
             bool in_check);
  int quiesce(const Position& pos, int alpha, int beta, int ply, bool in_check);
  // The score of a position the search reaches that the rules end, or nothing if play goes on.
  std::optional<int> rule_score(const Position& pos, const MoveList& moves, int ply) const;
  // The same for a quiet search, which has only the captures: the endings that need no move list.
  std::optional<int> capture_rule_score(const Position& pos, int ply) const;
  int bare_king_score(const Position& pos, const MoveList& moves, int ply) const;
  bool repeated(const Position& pos) const;
  // A draw by repetition or the fifty-move rule, seen by the side to move (by side, not by ply:
  // a Centennial turn is two plies of one side).
  int draw_score(const Position& pos) const {
    return pos.side_to_move() == root_.side_to_move() ? -limits_.contempt : limits_.contempt;
  }
  // Sort keys for the moves, and what each captures (0 for nothing).
  void order(const Position& pos, const MoveList& moves, Keys& keys, Keys& victims, const Move* hash_move,
             int ply) const;
  int victim_value(const Position& pos, const Move& m) const;
  bool aborting();
  void set_deadlines();
  std::int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock_::now() - start_).count();
  }

  TranspositionTable& table_;
  const Position root_;
  const rules::Variant& variant_;
  const Evaluator& eval_;
  std::vector<int> values_;  // each kind's middlegame worth, for exchanges
  const Limits limits_;
  const std::atomic<bool>& stop_;
  const Clock_::time_point start_;
  std::int64_t soft_ms_ = 0, hard_ms_ = 0;  // 0: no time limit
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
  std::vector<std::uint64_t> hashes_;  // the positions before the one being searched
  std::array<std::array<Move, 2>, kMaxPly + 1> killers_{};
  // Per ply and reused, so that a deep search needs little stack (a server's worker thread).
  std::vector<MoveList> lists_ = std::vector<MoveList>(kMaxPly + 2);
  std::vector<Keys> keys_ = std::vector<Keys>(kMaxPly + 2), victims_ = std::vector<Keys>(kMaxPly + 2);
  std::array<std::array<std::array<int, rules::kMaxSquares>, rules::kMaxSquares>, 2> history_{};
  // [colour][from][to] of the opponent's last move: the reply that refuted it last time.
  std::array<std::array<std::array<Move, rules::kMaxSquares>, rules::kMaxSquares>, 2> countermoves_{};
  std::array<Move, kMaxPly + 2> played_{};       // the move that led to each ply
  std::array<int, kMaxPly + 2> static_evals_{};  // each ply's static evaluation (-kInfinity in check)
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
  std::array<int, kMaxPly + 1> pv_length_{};
  int completed_depth_ = 0;
  std::optional<Move> root_best_;
  int root_best_score_ = -kInfinity;
};

}  // namespace arbiter::engine
