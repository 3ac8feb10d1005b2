#pragma once
// A Kriegspiel computer player. It is handed a KriegspielView (its seat's own men and what the
// umpire told it) and nothing else, keeps a belief about the hidden men (kriegspiel_belief.h),
// and answers with "Are there any?" or a try. It weighs each possible try over the sampled
// positions: how likely it is to be legal, and if it is, the material after it, the men it
// leaves en prise, checks and mates, pawn progress and, when the opponent is nearly bare, how
// close it drives their king to the edge. A refused try costs nothing, so the try worth most
// when legal goes first; the answer narrows the belief for the next one.
// Deterministic: the same seed and the same views give the same decisions.
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/kriegspiel_belief.h"
#include "engine/kriegspiel_view.h"

namespace arbiter::engine {

struct KriegspielDecision {
  enum class Kind : std::uint8_t { AskAny, Try };
  Kind kind = Kind::Try;
  std::string uci;  // Try
  bool operator==(const KriegspielDecision&) const = default;
};

struct KriegspielSettings {
  int samples = 512;           // positions in the belief
  int weighed_samples = 48;    // of those, how many each decision weighs tries over
  int random_try_percent = 0;  // how often a try is picked at random instead (the low levels)
  std::uint64_t work = 0;      // the budget of one decision (work_budget.h); 0: none
};

// The computer's levels 1-8 in Kriegspiel: more tries at random below (what sets the levels
// apart: a belief of more positions alone did not, bench/kriegspiel_bench.cpp `levels`), and a
// smaller, more thinly weighed belief; level 8 is the full player. Each level's work budget is
// its time budget (engine/level.h) at kWorkPerMillisecond.
KriegspielSettings kriegspiel_level(int level);

class KriegspielPlayer {
 public:
  explicit KriegspielPlayer(std::uint64_t seed, KriegspielSettings settings = {});

  // What to do now. Call it whenever it is the seat's turn, with the whole view so far (also
  // after a refused try or an answer to "Are there any?"). A view that does not continue the
  // last one (another game, a restart) starts the belief afresh from its acts, so a resumed game
  // plays as if it had never stopped. Errors: not the seat's turn, or an own FEN that is not
  // where the acts put the own men.
  // `stop`, set from another thread (a time guard, a shutdown), spends the budget at once: the
  // belief takes in the acts left in a few samples and the try is the best of those weighed so
  // far (a legal try on the own board, like any other).
  rules::Result<KriegspielDecision> decide(const KriegspielView& view, const std::atomic<bool>& stop);
  // Never stopped.
  rules::Result<KriegspielDecision> decide(const KriegspielView& view);

  // The work the last decision did, in work_budget.h's units (for tests and bench/).
  std::uint64_t last_work() const { return last_work_; }

  // The belief as it stands, for measurement (bench/); nullptr before the first decision.
  const KriegspielBelief* belief() const { return belief_ ? &*belief_ : nullptr; }

 private:
  rules::Result<KriegspielDecision> decide_within(const KriegspielView& view, WorkBudget& budget);
  void follow_view(const KriegspielView& view, WorkBudget& budget);

  std::uint64_t seed_;
  KriegspielSettings settings_;
  std::optional<KriegspielBelief> belief_;
  const rules::Variant* variant_ = nullptr;
  rules::Color me_ = rules::Color::White;
  std::vector<HeardAct> heard_;  // the acts the belief has taken in
  std::uint64_t last_work_ = 0;
};

}  // namespace arbiter::engine
