#pragma once
// A Fog of War seat's belief about the men in its fog: a set of sampled full positions, each
// agreeing with every sight the seat has had (a particle filter, as kriegspiel_belief.h keeps
// one). The seat's own move is played in every sample (those where it is not legal drop out); the
// opponent's move is drawn in each sample among its moves that lead to what the seat now sees,
// and samples are redrawn by how likely that sight was in them. Since every capture of an
// opponent's man is seen, the samples hold exactly the opponent's men not yet taken. When no
// sample agrees with a sight, samples are repaired from the old ones: the men now seen put where
// they are seen, the hidden men kept where the fog still covers them, the rest placed at random
// on squares the seat does not see. It is fed FogSights only, so it knows no more than the seat.
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/fog_view.h"
#include "engine/kriegspiel_belief.h"
#include "engine/work_budget.h"
#include "rules/position.h"

namespace arbiter::engine {

// Whether a position shows `seat` exactly this sight (the side to move, the squares seen and
// what stands on them, and no own man elsewhere).
bool shows(const rules::Position& position, rules::Color seat, const FogSight& sight);

class FogBelief {
 public:
  // The samples start as the variant's start position.
  FogBelief(const rules::Variant& variant, rules::Color me, std::uint64_t seed, int samples);

  // Takes in the next sight of the game (the position after the next ply), whatever it costs.
  void see(const FogSight& sight);
  // The same within `budget`: once it is spent the sight is followed in the first sample that
  // agrees with it (of a few) and no repair is tried.
  void see(const FogSight& sight, WorkBudget& budget);

  const std::vector<rules::Position>& samples() const { return samples_; }
  std::size_t sights_seen() const { return sights_seen_; }
  int repairs() const { return repairs_; }    // sights no sample agreed with
  int give_ups() const { return give_ups_; }  // of those, sights no repair agreed with either

 private:
  using Followed = WeightedPosition;
  std::vector<Followed> follow(const FogSight& sight, KriegspielRandom& rng, WorkBudget& budget) const;
  std::vector<Followed> repair(const std::vector<rules::Position>& bases, const FogSight& sight, KriegspielRandom& rng,
                               WorkBudget& budget) const;
  std::optional<rules::Position> rebuild(const rules::Position& base, const FogSight& sight, KriegspielRandom& rng) const;

  const rules::Variant* variant_;
  rules::Color me_;
  std::uint64_t seed_;
  int target_;
  std::vector<rules::Position> samples_;
  std::size_t sights_seen_ = 1;
  int repairs_ = 0, give_ups_ = 0;
};

}  // namespace arbiter::engine
