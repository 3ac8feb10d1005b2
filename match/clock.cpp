#include "match/clock.h"

#include <algorithm>

namespace arbiter::match {

using std::chrono::duration_cast;
using std::chrono::milliseconds;

std::int64_t alive_ms(std::int64_t from_ms, std::int64_t to_ms, const std::vector<Downtime>& downtimes) {
  std::int64_t alive = std::max<std::int64_t>(0, to_ms - from_ms);
  for (const Downtime& down : downtimes)
    alive -= std::max<std::int64_t>(0, std::min(to_ms, down.to_ms) - std::max(from_ms, down.from_ms));
  return std::max<std::int64_t>(0, alive);
}

GameClock::GameClock(std::int64_t initial_ms, std::int64_t increment_ms)
    : initial_ms_(initial_ms), increment_ms_(increment_ms), times_{initial_ms, initial_ms} {}

void GameClock::set(ClockTimes times, std::optional<rules::Color> running, Time since) {
  times_ = times;
  running_ = running;
  since_ = since;
}

ClockTimes GameClock::at(Time now) const {
  auto times = times_;
  if (running_) times.of(*running_) -= std::max<std::int64_t>(0, duration_cast<milliseconds>(now - since_).count());
  return times;
}

ClockTimes GameClock::after_move(rules::Color mover, bool turn_passes, Time now) const {
  auto times = at(now);
  if (turn_passes) times.of(mover) += increment_ms_;
  return times;
}

bool GameClock::flagged(Time now) const { return running_ && at(now).of(*running_) <= 0; }

std::optional<Time> GameClock::flag_time() const {
  if (!running_) return std::nullopt;
  return since_ + milliseconds(times_.of(*running_));
}

ClockView GameClock::view(Time now) const {
  auto times = at(now);
  times.white_ms = std::max<std::int64_t>(0, times.white_ms);
  times.black_ms = std::max<std::int64_t>(0, times.black_ms);
  return {initial_ms_, increment_ms_, times, running_};
}

}  // namespace arbiter::match
