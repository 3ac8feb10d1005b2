#include "engine/fog_player.h"

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>

#include "engine/level.h"

namespace arbiter::engine {

using rules::Color;
using rules::Position;

namespace {

// A mate (a king taken) counts this much in a mean, so one sample's mate does not drown the rest.
constexpr int kMateWorth = 3000;

int bounded(int score) {
  if (auto plies = mate_plies(score)) return *plies > 0 ? kMateWorth - *plies : -kMateWorth - *plies;
  return std::clamp(score, -kMateWorth / 2, kMateWorth / 2);
}

}  // namespace

FogSettings fog_level(int level) {
  static constexpr std::array<FogSettings, 8> kLevels{{
      {16, 1, 1, 300, 300, 45},
      {32, 2, 1, 600, 250, 32},
      {48, 3, 2, 1500, 200, 22},
      {64, 4, 2, 3000, 150, 15},
      {96, 6, 3, 4000, 100, 10},
      {128, 8, 3, 5000, 60, 6},
      {192, 12, 3, 6000, 30, 3},
      {256, 16, 3, 8000, 0, 0},
  }};
  if (level < 1 || level > 8) throw std::out_of_range("Fog of War level must be 1 to 8");
  FogSettings settings = kLevels[std::size_t(level - 1)];
  settings.work = std::uint64_t(engine::level(level).movetime_ms) * kWorkPerMillisecond;
  return settings;
}

FogPlayer::FogPlayer(std::uint64_t seed, FogSettings settings)
    : seed_(seed), settings_(settings), searcher_(std::make_unique<Searcher>(2)) {}

void FogPlayer::follow_view(const FogView& view, WorkBudget& budget) {
  const auto& sights = view.sights();
  const bool continues = belief_ && variant_ == &view.variant() && me_ == view.me() && seen_.size() <= sights.size() &&
                         std::equal(seen_.begin(), seen_.end(), sights.begin());
  if (!continues) {
    variant_ = &view.variant();
    me_ = view.me();
    belief_.emplace(view.variant(), view.me(), seed_, settings_.samples);
    seen_.assign(1, sights.front());
  }
  for (std::size_t i = seen_.size(); i < sights.size(); ++i) {
    belief_->see(sights[i], budget);
    seen_.push_back(sights[i]);
  }
}

rules::Result<std::string> FogPlayer::decide(const FogView& view, const std::atomic<bool>& stop) {
  if (!view.my_turn()) return rules::Error{"it is not this seat's turn"};
  WorkBudget budget(settings_.work, stop);
  follow_view(view, budget);
  const std::vector<Position>& samples = belief_->samples();
  const Color me = view.me();

  // The moves come from a sample that shows the seat what it sees (all of them do, unless the
  // belief gave up on the last sight: then the first is the best guess left).
  const auto agreeing = std::find_if(samples.begin(), samples.end(), [&](const Position& p) { return shows(p, me, view.now()); });
  const Position& shown = agreeing != samples.end() ? *agreeing : samples.front();
  const std::vector<rules::Move> moves = shown.legal_moves();
  if (moves.empty()) return rules::Error{"the seat has no move"};
  std::vector<std::string> ucis;
  for (const rules::Move& m : moves) ucis.push_back(shown.uci(m));

  // A king in sight and in reach is taken: that ends the game.
  for (const rules::Move& m : moves)
    if (auto man = shown.piece_at(m.to); man && man->color != me && man->kind == view.variant().royal_kind() && shown.is_capture(m))
      return shown.uci(m);

  KriegspielRandom rng(kriegspiel_seed(seed_, view.sights().size(), 7));
  if (settings_.random_percent > 0 && int(rng.below(100)) < settings_.random_percent) return ucis[rng.below(ucis.size())];

  // Each move's mean score over evenly spread samples, searched to the level's depth and nodes.
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < ucis.size(); ++i) index.emplace(ucis[i], i);
  std::vector<double> total(ucis.size(), 0);
  const std::size_t searched = std::min<std::size_t>(samples.size(), std::size_t(std::max(1, settings_.searched)));
  std::size_t done = 0;
  for (std::size_t k = 0; k < searched && (k == 0 || !budget.spent()); ++k, ++done) {
    const Position& p = samples[k * samples.size() / searched];
    budget.spend(settings_.nodes);
    searcher_->clear();
    const rules::Game game(p);
    std::vector<bool> scored(ucis.size(), false);
    for (const auto& s : searcher_->score_moves(game, Limits{settings_.depth, settings_.nodes, 0, std::nullopt}, stop)) {
      auto found = index.find(p.uci(s.move));
      if (found == index.end()) continue;
      total[found->second] += bounded(s.score);
      scored[found->second] = true;
    }
    // A move this sample does not allow (the belief gave up) or the search did not reach counts as a loss here.
    for (std::size_t i = 0; i < ucis.size(); ++i)
      if (!scored[i]) total[i] -= kMateWorth;
  }
  std::size_t best = 0;
  double best_score = -1e18;
  for (std::size_t i = 0; i < ucis.size(); ++i) {
    double score = total[i] / double(done);
    if (settings_.noise_cp > 0) score += (2 * rng.unit() - 1) * settings_.noise_cp;
    if (score > best_score) best_score = score, best = i;
  }
  return ucis[best];
}

}  // namespace arbiter::engine
