#pragma once
// How much a hidden-board player (Kriegspiel, Fog of War) may think on one decision, counted in
// work, never in time: about one unit per move generated (a legal-move list counts its moves)
// or position made. A count keeps the same seed and views giving the same decisions on any
// machine; the level's budget is such a count (kriegspiel_level, fog_level). `stop`, set from
// another thread (the computer pool's guard, a shutdown), spends it at once. Every loop that can
// run long asks spent() before each step and, once it is, ends with what it has: the belief with
// the samples followed so far, the decision with the tries or moves weighed so far.
#include <atomic>
#include <cstdint>

namespace arbiter::engine {

// A level's time budget as work: about what one millisecond of a busy core did (Kriegspiel on
// 8x8 and on 16x8 with seven amazons a side: 800-2,400 units a millisecond on a shared 2-core
// machine), on the low side so that a slower core still keeps near the level's time.
inline constexpr std::uint64_t kWorkPerMillisecond = 1000;

class WorkBudget {
 public:
  // `limit` 0: no limit but `stop`.
  WorkBudget(std::uint64_t limit, const std::atomic<bool>& stop) : limit_(limit), stop_(&stop) {}
  // No limit, never stopped (tests, benches, a belief fed by hand).
  static WorkBudget unlimited() { return WorkBudget(0, kNeverStopped); }

  void spend(std::uint64_t units) { done_ += units; }
  bool spent() const { return (limit_ != 0 && done_ >= limit_) || stop_->load(std::memory_order_relaxed); }
  std::uint64_t done() const { return done_; }

 private:
  static inline const std::atomic<bool> kNeverStopped{false};
  std::uint64_t limit_;
  const std::atomic<bool>* stop_;
  std::uint64_t done_ = 0;
};

}  // namespace arbiter::engine
