#pragma once
// A game's two clocks, kept by the server: each event fixes both times, and the side to move
// runs from the moment that event was sent. Pure arithmetic; the room owns the timer.
#include <chrono>
#include <cstdint>
#include <optional>

#include "protocol/events.h"
#include "protocol/views.h"

namespace arbiter {

class GameClock {
 public:
  using Time = std::chrono::steady_clock::time_point;

  GameClock(std::int64_t initial_ms, std::int64_t increment_ms);

  // Both times right after an event, and who runs from `sent` on (nobody once a game is over).
  void set(protocol::ClockTimes times, std::optional<rules::Color> running, Time sent);
  // The times at `now`: the running side's counted down (below zero once it has flagged).
  protocol::ClockTimes at(Time now) const;
  // The times after `mover` moves at `now`; the increment is added when the turn passes.
  protocol::ClockTimes after_move(rules::Color mover, bool turn_passes, Time now) const;
  bool flagged(Time now) const;
  // When the running side reaches zero; nullopt when nobody runs.
  std::optional<Time> flag_time() const;
  protocol::ClockView view(Time now) const;
  protocol::ClockTimes initial_times() const { return {initial_ms_, initial_ms_}; }

 private:
  std::int64_t initial_ms_, increment_ms_;
  protocol::ClockTimes times_;
  std::optional<rules::Color> running_;
  Time since_{};
};

}  // namespace arbiter
