#pragma once
// A Fog of War computer player. It is handed a FogView (what its seat saw after every ply) and
// nothing else, keeps a belief about the men in the fog (fog_belief.h), and chooses its move by
// searching some of the sampled positions with the engine's search (the variant's NoCheck rules:
// a king taken is a lost game) and averaging each move's score over them. Every sample shows the
// seat what it sees, so every one offers the same moves: the seat's moves depend only on squares
// it sees. Deterministic: the same seed and the same views give the same moves (the searches are
// capped by depth and nodes, never by time), unless stopped.
// The server's seam (server/players/seat_views.h): the seat's own state message read into one FogSight
// per position, FogView::make(variant, seat, sights) handed to decide() on the seat's turn, the
// move it returns played; it never sees a rules::Position of the game.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/fog_belief.h"
#include "engine/fog_view.h"
#include "engine/search.h"
#include "engine/work_budget.h"

namespace arbiter::engine {

struct FogSettings {
  int samples = 256;          // positions in the belief
  int searched = 16;          // of those, how many each move is searched over
  int depth = 3;              // plies each move is searched to in each of them
  std::uint64_t nodes = 6000; // per searched sample
  int noise_cp = 0;           // each move's mean score is shifted by up to this much, at random
  int random_percent = 0;     // how often a move is played at random instead
  std::uint64_t work = 0;     // the budget of one decision (work_budget.h), a searched sample counting its nodes; 0: none
};

// Levels 1-8: a smaller belief, fewer and shallower searches, noise and random moves below; the
// work budget is the level's time budget (engine/level.h) at kWorkPerMillisecond.
FogSettings fog_level(int level);

class FogPlayer {
 public:
  explicit FogPlayer(std::uint64_t seed, FogSettings settings = {});

  // The move to play now (UCI). Call it whenever it is the seat's turn, with the whole view so
  // far. A view that does not continue the last one starts the belief afresh from its sights, so
  // a resumed game plays as if it had never stopped. `stop`, set from another thread (a time guard,
  // a shutdown), cuts the searches short: the move is then chosen over the samples searched so
  // far. The settings' work budget ends the belief's update and the searches the same way (the
  // first sample is always searched). Errors: not the seat's turn, no move.
  rules::Result<std::string> decide(const FogView& view, const std::atomic<bool>& stop);

  // The belief as it stands, for measurement (bench/); nullptr before the first decision.
  const FogBelief* belief() const { return belief_ ? &*belief_ : nullptr; }

 private:
  void follow_view(const FogView& view, WorkBudget& budget);

  std::uint64_t seed_;
  FogSettings settings_;
  std::unique_ptr<Searcher> searcher_;
  std::optional<FogBelief> belief_;
  const rules::Variant* variant_ = nullptr;
  rules::Color me_ = rules::Color::White;
  std::vector<FogSight> seen_;  // the sights the belief has taken in
};

}  // namespace arbiter::engine
