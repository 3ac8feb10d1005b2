// The search's driver: iterative deepening with aspiration windows, scoring every root move,
// the time it allots itself; and the Searcher that runs a worker per search.
#include "engine/search.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "engine/search_worker.h"

namespace arbiter::engine {

std::optional<int> mate_plies(int score) {
  if (score > kMateBound) return kMateScore - score;
  if (score < -kMateBound) return -(kMateScore + score);
  return std::nullopt;
}

void Searcher::Worker::set_deadlines() {
  if (limits_.movetime_ms > 0) hard_ms_ = soft_ms_ = std::max<std::int64_t>(1, limits_.movetime_ms - std::min<std::int64_t>(20, limits_.movetime_ms / 10));
  if (!limits_.clock) return;
  const Clock& c = *limits_.clock;
  const bool white = root_.side_to_move() == Color::White;
  const std::int64_t left = white ? c.wtime : c.btime, increment = white ? c.winc : c.binc;
  int moves_to_go = c.moves_to_go > 0 ? std::min(c.moves_to_go, 40) : 35;
  if (variant_.two_moves_until_capture && root_.has_double_move(root_.side_to_move())) moves_to_go *= 2;
  // Every move costs some time besides the search (the way to us and back, a busy machine): keep
  // that for each move to come, so that a long game without increment does not run the clock out.
  // Never plan to use more than a fifth of what is left, and keep a margin for the way back.
  constexpr std::int64_t kOverheadPerMove = 50;
  const std::int64_t usable = std::max<std::int64_t>(
      1, left + increment * (moves_to_go - 1) - kOverheadPerMove * (moves_to_go + 2));
  const std::int64_t margin = std::min<std::int64_t>(100, left / 10);
  const std::int64_t most = std::max<std::int64_t>(1, std::min(left / 5 + increment, left - margin));
  const std::int64_t soft = std::min(most, usable / moves_to_go);
  const std::int64_t hard = std::min(most, soft * 4);
  soft_ms_ = soft_ms_ ? std::min(soft_ms_, std::max<std::int64_t>(1, soft)) : std::max<std::int64_t>(1, soft);
  hard_ms_ = hard_ms_ ? std::min(hard_ms_, std::max<std::int64_t>(1, hard)) : std::max<std::int64_t>(1, hard);
}

SearchResult Searcher::Worker::run(const InfoCallback& info) {
  SearchResult result;
  MoveList root_moves;
  rules::MoveGenerator(root_).legal(root_moves);
  if (root_moves.size == 0 || root_.king(root_.side_to_move()) == rules::kNoSquare) return result;
  if (const TableEntry* e = table_.probe(root_.hash()); e && e->move) {
    const Move m = TranspositionTable::unpack(e->move);
    if (std::find(root_moves.begin(), root_moves.end(), m) != root_moves.end()) root_best_ = m;
  }
  if (!root_best_) root_best_ = root_moves.moves[0];
  result.best = root_best_;

  const int max_depth = limits_.depth > 0 ? std::min(limits_.depth, kMaxPly - 1) : kMaxPly - 1;
  int previous = 0;
  for (int depth = 1; depth <= max_depth; ++depth) {
    int window = 30;
    int alpha = -kInfinity, beta = kInfinity;
    if (depth >= 5 && std::abs(previous) < kMateBound) alpha = previous - window, beta = previous + window;
    int score;
    while (true) {
      root_best_score_ = -kInfinity;
      score = search(root_, depth, alpha, beta, 0, true, false, root_.in_check());
      if (aborted_) break;
      if (score <= alpha) {
        beta = (alpha + beta) / 2;
        alpha = std::max(-kInfinity, score - window);
      } else if (score >= beta) {
        beta = std::min(kInfinity, score + window);
      } else {
        break;
      }
      window *= 2;
      if (window > 1000) alpha = -kInfinity, beta = kInfinity;
    }
    if (aborted_) {
      // A move of the unfinished iteration that beat the last one's best is better informed.
      if (root_best_score_ > -kInfinity && root_best_ != result.best && root_best_score_ > previous) result.best = root_best_;
      break;
    }
    previous = score;
    completed_depth_ = depth;
    result.best = root_best_;
    result.score = score;
    result.depth = depth;
    result.pv.assign(pv_[0].begin(), pv_[0].begin() + pv_length_[0]);
    if (result.pv.empty() || result.pv[0] != *result.best) result.pv = {*result.best};
    result.nodes = nodes_;
    result.time_ms = elapsed_ms();
    if (info) info({depth, score, nodes_, result.time_ms, result.pv});
    // Another iteration takes about twice the last ones together. With a fixed time a move, an
    // unfinished iteration still helps (its best move is kept when it beats the last), so start one
    // while over a third of the time is left; on a clock, save what the next would waste.
    if (soft_ms_ && result.time_ms * (limits_.clock ? 2 : 10) >= soft_ms_ * (limits_.clock ? 1 : 6)) break;
    if (limits_.clock && root_moves.size == 1) break;
    if (auto mate = mate_plies(score); mate && *mate > 0 && depth > *mate + 2) break;
  }
  result.nodes = nodes_;
  result.time_ms = elapsed_ms();
  return result;
}

// Scores every move one ply deeper a pass, best first, until the depth is reached. A limit that
// ends a pass early leaves the last whole pass's scores (the first pass, a quiescence search per
// move, is always finished), so a short budget gives shallower scores, never a partial list.
std::vector<Searcher::ScoredMove> Searcher::Worker::score_all(int depth) {
  std::vector<ScoredMove> scored;
  MoveList root_moves;
  rules::MoveGenerator(root_).legal(root_moves);
  if (root_.king(root_.side_to_move()) == rules::kNoSquare) return scored;
  for (const Move& m : root_moves) scored.push_back({m, 0});
  hashes_.push_back(root_.hash());
  for (int pass = 1; pass <= std::max(1, depth); ++pass) {
    std::vector<ScoredMove> deeper;
    for (const ScoredMove& previous : scored) {
      Position child = root_;
      child.play(previous.move);
      const int score = child.side_to_move() == root_.side_to_move()
                            ? search(child, pass - 1, -kInfinity, kInfinity, 1, true, true, false)
                            : -search(child, pass - 1, -kInfinity, kInfinity, 1, true, true, child.in_check());
      if (aborted_) break;
      deeper.push_back({previous.move, score});
    }
    if (aborted_ && completed_depth_ > 0) break;
    std::stable_sort(deeper.begin(), deeper.end(), [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
    scored = std::move(deeper);
    completed_depth_ = pass;
    if (aborted_) break;
  }
  hashes_.pop_back();
  return scored;
}

Searcher::Searcher(std::size_t hash_megabytes) : table_(hash_megabytes) {}
Searcher::~Searcher() = default;

void Searcher::set_hash(std::size_t megabytes) { table_.resize(megabytes); }
void Searcher::clear() { table_.clear(); }

SearchResult Searcher::search(const rules::Game& game, const Limits& limits, const std::atomic<bool>& stop,
                              const InfoCallback& info) {
  auto worker = std::make_unique<Worker>(table_, game, limits, stop);
  return worker->run(info);
}

std::vector<Searcher::ScoredMove> Searcher::score_moves(const rules::Game& game, const Limits& limits,
                                                        const std::atomic<bool>& stop) {
  auto worker = std::make_unique<Worker>(table_, game, limits, stop);
  return worker->score_all(std::max(1, limits.depth));
}

}  // namespace arbiter::engine
