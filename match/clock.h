#pragma once
// A game's two clocks: each event fixes both times, and the side to move runs from the moment
// that event took effect. Pure arithmetic over the times it is given; the room owns the timer.
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "match/types.h"

namespace arbiter::match {

using Time = std::chrono::steady_clock::time_point;

// A span of wall-clock time the server was down: from the last moment it was known alive to
// its restart (from_ms may be the lowest int64 when nothing was known: all before is down).
struct Downtime {
  std::int64_t from_ms;
  std::int64_t to_ms;
};

// The wall-clock time from `from_ms` to `to_ms` during which the server was up: the span less
// its overlap with each downtime (they do not overlap one another); never negative.
std::int64_t alive_ms(std::int64_t from_ms, std::int64_t to_ms, const std::vector<Downtime>& downtimes);

// The clocks as of some moment: `running` counts down from there.
struct ClockView {
  std::int64_t initial_ms = 0;
  std::int64_t increment_ms = 0;
  ClockTimes remaining;
  std::optional<rules::Color> running;
};

class GameClock {
 public:
  GameClock(std::int64_t initial_ms, std::int64_t increment_ms);

  // Both times right after an event, and who runs from `since` on (nobody: stopped).
  void set(ClockTimes times, std::optional<rules::Color> running, Time since);
  // The times at `now`: the running side's counted down (below zero once it has flagged).
  ClockTimes at(Time now) const;
  // The times after `mover` acts at `now`; the increment is added when the turn passes.
  ClockTimes after_move(rules::Color mover, bool turn_passes, Time now) const;
  bool flagged(Time now) const;
  // The running side has been running since `since` (not since its last event took effect):
  // after a restart, what it spent while the server was alive is charged.
  void running_since(Time since) { since_ = since; }
  // When the running side reaches zero; nullopt when nobody runs.
  std::optional<Time> flag_time() const;
  // As shown: never below zero.
  ClockView view(Time now) const;
  std::optional<rules::Color> running() const { return running_; }

 private:
  std::int64_t initial_ms_, increment_ms_;
  ClockTimes times_;
  std::optional<rules::Color> running_;
  Time since_{};
};

}  // namespace arbiter::match
