#pragma once
// A Kriegspiel seat's belief about the men it cannot see: a set of sampled full positions, each
// agreeing with every act the seat has heard (a particle filter, as Darkboard's Monte Carlo
// player keeps one). Each act filters the samples: an own try answered "No" keeps those where it
// is illegal, an own move those where it is legal and announced alike; an opponent's move is
// sampled in each position among the moves announced alike, sensible ones (captures) likelier,
// and positions are redrawn by how likely the announcement was in them. When no
// sample survives an act, samples are repaired by moving hidden men or changing their kinds until they agree
// with it. It is fed HeardActs only, so it knows no more than the seat.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/kriegspiel_view.h"
#include "engine/work_budget.h"
#include "rules/position.h"

namespace arbiter::engine {

// splitmix64: small, fast, and the same numbers on every platform.
class KriegspielRandom {
 public:
  explicit KriegspielRandom(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  std::size_t below(std::size_t n) { return std::size_t(next() % n); }
  double unit() { return double(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};
// A seed for one step, from the game's seed and where it stands.
std::uint64_t kriegspiel_seed(std::uint64_t seed, std::uint64_t step, std::uint64_t purpose);

// A sampled position that agrees with what a seat has seen, and how likely it made that.
struct WeightedPosition {
  rules::Position position;
  double weight;
};
// `count` positions drawn from `weighted` (not empty) by systematic resampling: the likelier
// ones more often.
std::vector<rules::Position> resampled(const std::vector<WeightedPosition>& weighted, int count, KriegspielRandom& rng);

class KriegspielBelief {
 public:
  // The samples start as the variant's start position.
  KriegspielBelief(const rules::Variant& variant, rules::Color me, std::uint64_t seed, int samples);

  // Takes in the next act the seat heard, whatever it costs.
  void hear(const HeardAct& act);
  // The same within `budget`: once it is spent the act is followed in the first sample that
  // agrees with it and no repair is tried, and the belief goes on with a few samples (still
  // holding the own men as the acts put them) until an act heard within a budget grows it back.
  void hear(const HeardAct& act, WorkBudget& budget);
  // Why the seat's own FEN is not the own men the acts heard so far lead to, or the samples do
  // not hold them, if so.
  std::optional<std::string> own_fen_mismatch(const std::string& own_fen) const;

  const std::vector<rules::Position>& samples() const { return samples_; }
  std::size_t acts_heard() const { return acts_heard_; }
  int repairs() const { return repairs_; }      // acts no sample agreed with
  int give_ups() const { return give_ups_; }    // of those, acts no repair agreed with either

 private:
  // A sample after an act, and how likely the act was in it (relative).
  using Followed = WeightedPosition;
  std::optional<Followed> follow(const rules::Position& before, const HeardAct& act, KriegspielRandom& rng,
                                 WorkBudget& budget) const;
  std::vector<Followed> repair(const HeardAct& act, KriegspielRandom& rng, WorkBudget& budget) const;
  std::optional<rules::Position> mutate(const rules::Position& p, const std::vector<rules::Square>& hints,
                                        KriegspielRandom& rng) const;
  std::vector<rules::Square> hints_for(const HeardAct& act) const;
  void track_own_men(const HeardAct& act);
  void match_own_men(KriegspielRandom& rng, int count);

  // Castling letters the own board still holds.
  std::string own_rights() const;

  const rules::Variant* variant_;
  rules::Color me_;
  std::uint64_t seed_;
  int target_;
  std::vector<rules::Position> samples_;
  // The own men, followed from the acts alone (the seat's own moves and the captures announced),
  // as the umpire's rules move them: rules::Umpire::own_board.
  rules::Position own_board_;
  std::size_t acts_heard_ = 0;
  bool opponent_owes_pawn_capture_ = false;
  int repairs_ = 0, give_ups_ = 0;
};

}  // namespace arbiter::engine
