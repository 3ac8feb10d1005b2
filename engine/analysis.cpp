#include "engine/analysis.h"

#include <array>
#include <cmath>
#include <utility>

namespace arbiter::engine {
namespace {

// lila's CpAdvice.winningChanceJudgements, the largest first.
constexpr std::array<std::pair<double, Judgement>, 3> kThresholds{
    {{0.3, Judgement::Blunder}, {0.2, Judgement::Mistake}, {0.1, Judgement::Inaccuracy}}};

// lila's MateAdvice: centipawns beyond which a mate created or lost matters less.
constexpr int kHopeless = 999, kBad = 700;

// The evaluation of a position where the game is over: mated, or drawn (or won otherwise).
Evaluation final_evaluation(const rules::Game& game, const rules::Outcome& outcome) {
  Evaluation eval;
  if (outcome.result == rules::Outcome::Result::Draw) {
    eval.cp = 0;
    return eval;
  }
  eval.chances = outcome.result == rules::Outcome::Result::WhiteWins ? 1 : -1;
  if (game.legal_moves().empty())
    eval.mate = 0;
  else
    eval.cp = eval.chances > 0 ? kMateScore : -kMateScore;  // won by other means than mate: as sure as one
  return eval;
}

// The mover's view: positive is good for the side that moved.
int for_mover(int white_value, rules::Color mover) { return mover == rules::Color::White ? white_value : -white_value; }

// A mate's direction for the mover: 1 the mover mates, -1 the mover is mated, 0 none.
int mate_direction(const Evaluation& eval, rules::Color mover) {
  if (!eval.mate) return 0;
  return for_mover(eval.chances > 0 ? 1 : -1, mover);
}

}  // namespace

double winning_chances(int cp) { return 2 / (1 + std::exp(-0.00368208 * cp)) - 1; }

Evaluation evaluation_of(int score, rules::Color side_to_move) {
  const int sign = side_to_move == rules::Color::White ? 1 : -1;
  Evaluation eval;
  if (auto plies = mate_plies(score)) {
    // In moves, as lichess counts them: mating in 1, 3, 5 plies is mate in 1, 2, 3.
    const int moves = *plies > 0 ? (*plies + 1) / 2 : -((-*plies + 1) / 2);
    eval.mate = sign * moves;
    eval.chances = *eval.mate > 0 ? 1 : -1;
  } else {
    eval.cp = sign * score;
    eval.chances = winning_chances(*eval.cp);
  }
  return eval;
}

Judgement judge(const Evaluation& before, const Evaluation& after, rules::Color mover) {
  if (before.cp && after.cp) {
    const double drop = for_mover(1, mover) * (before.chances - after.chances);
    for (auto [threshold, judgement] : kThresholds)
      if (drop >= threshold) return judgement;
    return Judgement::None;
  }
  const int was = mate_direction(before, mover), is = mate_direction(after, mover);
  if (was == 0 && is < 0) {  // walked into a mate
    const int cp = for_mover(before.cp.value_or(0), mover);
    return cp < -kHopeless ? Judgement::Inaccuracy : cp < -kBad ? Judgement::Mistake : Judgement::Blunder;
  }
  if (was > 0 && is <= 0) {  // let a mate slip
    const int cp = is < 0 ? 0 : for_mover(after.cp.value_or(0), mover);
    return cp > kHopeless ? Judgement::Inaccuracy : cp > kBad ? Judgement::Mistake : Judgement::Blunder;
  }
  return Judgement::None;
}

std::optional<std::vector<PlyAnalysis>> analyse(Searcher& searcher, const rules::Game& game, const Limits& limits,
                                                const std::atomic<bool>& stop, const AnalysisProgress& progress) {
  std::vector<PlyAnalysis> plies;
  plies.reserve(game.moves().size() + 1);
  rules::Game replay(game.start());
  searcher.clear();
  for (std::size_t ply = 0;; ++ply) {
    PlyAnalysis here;
    const auto outcome = replay.outcome();
    if (outcome.over()) {
      here.eval = final_evaluation(replay, outcome);
    } else {
      auto result = searcher.search(replay, limits, stop);
      if (stop) return std::nullopt;
      here.eval = evaluation_of(result.score, replay.position().side_to_move());
      // The line starts with the move the search chose (a line cut short may lack it).
      if (result.best) here.line = !result.pv.empty() && result.pv.front() == *result.best ? result.pv : std::vector{*result.best};
    }
    plies.push_back(std::move(here));
    if (progress) progress(static_cast<int>(plies.size()));
    if (ply == game.moves().size()) break;
    replay.play(game.moves()[ply]);
  }
  rules::Game mover_of(game.start());
  for (std::size_t ply = 0; ply < game.moves().size(); ++ply) {
    const auto& move = game.moves()[ply];
    const auto mover = mover_of.position().side_to_move();
    mover_of.play(move);
    const auto& before = plies[ply];
    if (!before.line.empty() && before.line.front() == move) continue;
    plies[ply + 1].judgement = judge(before.eval, plies[ply + 1].eval, mover);
  }
  return plies;
}

}  // namespace arbiter::engine
