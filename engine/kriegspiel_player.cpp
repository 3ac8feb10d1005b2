#include "engine/kriegspiel_player.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include "engine/kriegspiel_values.h"
#include "engine/level.h"
#include "rules/kriegspiel.h"

namespace arbiter::engine {

using rules::Color;
using rules::Move;
using rules::Position;
using rules::Square;

namespace {

constexpr double kMate = 100000;
// Below every weighed try: tries no sample allows go last, in a random order.
constexpr double kUnknown = -1e7;
// How much of the worst capture the opponent could make next we expect to lose: a blind
// opponent does not always find it.
constexpr double kEnPriseShare = 0.8;
constexpr double kOtherEnPriseShare = 0.2;
// Men kept count a little beyond the difference: even trades leave nothing to mate with.
constexpr double kOwnMaterialShare = 0.2;
// How much of an unguarded man's worth we count as at risk from attackers no sample shows.
constexpr double kLooseShare = 0.2;
// "Are there any?" is worth asking unless the best pawn capture is this much worse than the
// best other try (after "Try" the next try must be a pawn capture).
constexpr double kAnyMargin = 100;

int relative_rank(const rules::Geometry& g, Color c, Square s) {
  return c == Color::White ? g.rank_of(s) : g.ranks() - 1 - g.rank_of(s);
}

// The worth of `q` (the opponent to move, just after our try) to `me`, in centipawns.
double evaluate(const Position& q, Color me, WorkBudget& budget) {
  const rules::Variant& v = q.variant();
  const rules::Geometry& g = v.geometry;
  const Color them = ~me;
  const std::vector<Move> replies = q.legal_moves();
  budget.spend(1 + replies.size());
  if (replies.empty()) return q.in_check() ? kMate : 0;
  if (q.halfmove_clock() >= v.fifty_move_plies || (!q.has_mating_material(me) && !q.has_mating_material(them))) return 0;

  // Early pushes only walk into unseen pawns; near promotion they count.
  static constexpr int kPawnAdvance[] = {0, 0, 0, 2, 8, 25, 60, 0, 0, 0};
  double material = 0, own_material = 0, their_pieces = 0, score = 0;
  for (Square s = 0; s < g.size(); ++s) {
    auto man = q.piece_at(s);
    if (!man) continue;
    const int worth = man_value(v, man->kind);
    const double sign = man->color == me ? 1 : -1;
    material += sign * worth;
    if (man->color == me) own_material += worth;
    if (v.kinds[man->kind].pawn) score += sign * kPawnAdvance[std::min(relative_rank(g, man->color, s), 9)];
    else if (man->color == them) their_pieces += worth;
    // A man of ours nobody guards is lost to the first unseen attacker; a guarded one is traded.
    if (man->color == me && worth && !q.attacked(s, me)) score -= kLooseShare * worth;
  }
  score += material + kOwnMaterialShare * own_material;
  if (!q.has_mating_material(me)) score = std::min(score, 0.0);  // nothing left to win with

  // The opponent's best capture next: what it takes, less what it loses when we take back.
  double en_prise = 0, en_prise_total = 0;
  int king_moves = 0;
  const Square their_king = q.king(them), my_king = q.king(me);
  for (const Move& m : replies) {
    if (m.from == their_king) ++king_moves;
    const Square taken = taken_square(q, m);
    if (taken == rules::kNoSquare) continue;
    double gain = man_value(q, taken);
    if (q.attacked(m.to, me)) gain -= man_value(q, m.from);
    if (gain <= 0) continue;
    en_prise = std::max(en_prise, gain);
    en_prise_total += gain;
  }
  // The worst capture most likely comes; the others may come next.
  score -= kEnPriseShare * en_prise + kOtherEnPriseShare * (en_prise_total - en_prise);
  if (q.in_check()) score += 15;

  // Nearly bare opponent: drive their king to the edge, restrict it, bring ours up.
  if (their_pieces <= 500 && material >= 300 && their_king != rules::kNoSquare && my_king != rules::kNoSquare) {
    const double centre_f = std::abs(g.file_of(their_king) - (g.files() - 1) / 2.0);
    const double centre_r = std::abs(g.rank_of(their_king) - (g.ranks() - 1) / 2.0);
    const int kings_apart = std::max(std::abs(g.file_of(their_king) - g.file_of(my_king)),
                                     std::abs(g.rank_of(their_king) - g.rank_of(my_king)));
    score += 20 * std::max(centre_f, centre_r) + 8 * (7 - kings_apart) - 8 * king_moves;
  } else if (my_king != rules::kNoSquare && their_pieces > 1300) {
    score -= 8 * relative_rank(g, me, my_king);  // the king stays home while heavy men are about
  }
  return score;
}

bool is_pawn_capture_try(const Position& own_men, const std::string& uci) {
  const rules::Geometry& g = own_men.variant().geometry;
  auto move = std::string_view(uci);
  const Square from = g.parse(move.substr(0, 2)), to = g.parse(move.substr(2, 2));
  if (from == rules::kNoSquare || to == rules::kNoSquare) return false;
  auto man = own_men.piece_at(from);
  return man && own_men.variant().kinds[man->kind].pawn && g.file_of(from) != g.file_of(to);
}

}  // namespace

KriegspielSettings kriegspiel_level(int level) {
  static constexpr std::array<KriegspielSettings, 8> kLevels{{
      {16, 4, 85}, {32, 6, 65}, {64, 10, 45}, {128, 16, 28}, {256, 24, 15}, {384, 32, 7}, {512, 40, 3}, {512, 48, 0},
  }};
  if (level < 1 || level > 8) throw std::out_of_range("Kriegspiel level must be 1 to 8");
  KriegspielSettings settings = kLevels[std::size_t(level - 1)];
  settings.work = std::uint64_t(engine::level(level).movetime_ms) * kWorkPerMillisecond;
  return settings;
}

KriegspielPlayer::KriegspielPlayer(std::uint64_t seed, KriegspielSettings settings) : seed_(seed), settings_(settings) {}

void KriegspielPlayer::follow_view(const KriegspielView& view, WorkBudget& budget) {
  const auto& acts = view.acts();
  const bool continues = belief_ && variant_ == &view.variant() && me_ == view.me() && heard_.size() <= acts.size() &&
                         std::equal(heard_.begin(), heard_.end(), acts.begin());
  if (!continues) {
    variant_ = &view.variant();
    me_ = view.me();
    belief_.emplace(view.variant(), view.me(), seed_, settings_.samples);
    heard_.clear();
  }
  for (std::size_t i = heard_.size(); i < acts.size(); ++i) {
    belief_->hear(acts[i], budget);
    heard_.push_back(acts[i]);
  }
}

rules::Result<KriegspielDecision> KriegspielPlayer::decide(const KriegspielView& view) {
  const std::atomic<bool> never{false};
  return decide(view, never);
}

rules::Result<KriegspielDecision> KriegspielPlayer::decide(const KriegspielView& view, const std::atomic<bool>& stop) {
  WorkBudget budget(settings_.work, stop);
  auto decision = decide_within(view, budget);
  last_work_ = budget.done();
  return decision;
}

rules::Result<KriegspielDecision> KriegspielPlayer::decide_within(const KriegspielView& view, WorkBudget& budget) {
  if (!view.my_turn()) return rules::Error{"it is not this seat's turn"};
  follow_view(view, budget);
  if (auto mismatch = belief_->own_fen_mismatch(view.own_fen())) return rules::Error{"the view does not hang together: " + *mismatch};
  const std::vector<Position>& samples = belief_->samples();
  const Color me = view.me();

  // The tries on the own board, the umpire's rule applied to an imagined position: they depend
  // on the own men alone, which every sample holds as they are.
  std::vector<std::string> tries;
  for (std::string& uci : rules::Umpire::own_board_moves(samples.front(), me)) {
    const auto& refused = view.refused_this_turn();
    if (std::find(refused.begin(), refused.end(), uci) != refused.end()) continue;
    if (view.pawn_capture_owed() && !is_pawn_capture_try(samples.front(), uci)) continue;
    tries.push_back(std::move(uci));
  }
  if (tries.empty()) return rules::Error{"no try is left on the own board"};

  KriegspielRandom rng(kriegspiel_seed(seed_, view.acts().size(), 3));
  if (settings_.random_try_percent > 0 && int(rng.below(100)) < settings_.random_try_percent)
    return KriegspielDecision{KriegspielDecision::Kind::Try, tries[rng.below(tries.size())]};

  // Weigh every try over evenly spread samples: how often legal, and its mean worth when it is.
  // The first sample always; the others while the budget lasts.
  const std::size_t weighed = std::min<std::size_t>(samples.size(), std::size_t(std::max(1, settings_.weighed_samples)));
  std::vector<double> worth(tries.size(), 0);
  std::vector<int> legal_in(tries.size(), 0);
  for (std::size_t k = 0; k < weighed && (k == 0 || !budget.spent()); ++k) {
    const Position& p = samples[k * samples.size() / weighed];
    std::vector<std::pair<std::string, Move>> legal;
    for (const Move& m : p.legal_moves()) legal.emplace_back(p.uci(m), m);
    budget.spend(legal.size());
    for (std::size_t t = 0; t < tries.size(); ++t) {
      auto found = std::find_if(legal.begin(), legal.end(), [&](const auto& entry) { return entry.first == tries[t]; });
      if (found == legal.end()) continue;
      Position after = p;
      after.play(found->second);
      worth[t] += evaluate(after, me, budget);
      ++legal_in[t];
    }
  }
  std::vector<double> score(tries.size());
  for (std::size_t t = 0; t < tries.size(); ++t)
    score[t] = (legal_in[t] ? worth[t] / legal_in[t] : kUnknown) + 2 * rng.unit();

  if (!view.asked_any_this_turn()) {
    double best_capture = -2 * kMate + kUnknown, best_other = best_capture;
    bool any_capture = false;
    for (std::size_t t = 0; t < tries.size(); ++t) {
      const bool capture = is_pawn_capture_try(samples.front(), tries[t]);
      any_capture |= capture;
      double& best = capture ? best_capture : best_other;
      best = std::max(best, score[t]);
    }
    // Ask when a pawn capture is worth trying anyway, or when none seems possible (a "No"
    // confirms the belief; a "Try" corrects it).
    if (any_capture && best_other < kMate / 2 &&
        (best_capture >= best_other - kAnyMargin || best_capture < kUnknown / 2))
      return KriegspielDecision{KriegspielDecision::Kind::AskAny, ""};
  }
  const std::size_t best = std::size_t(std::max_element(score.begin(), score.end()) - score.begin());
  return KriegspielDecision{KriegspielDecision::Kind::Try, tries[best]};
}

}  // namespace arbiter::engine
