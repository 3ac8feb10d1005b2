#pragma once
// The time a room lives by: the game's steady time (what the match's clocks and deadlines read),
// the wall clock of its records, and the timers that wake it when something falls due. The
// server runs every room on the real one (real_room_clock); a test moves one by hand.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

namespace arbiter {

using RoomStrand = boost::asio::strand<boost::asio::io_context::executor_type>;

// One pending wait at a time.
class RoomTimer {
 public:
  virtual ~RoomTimer() = default;
  // Runs `due` on the strand once the clock reaches `deadline`, replacing the wait before (which
  // may still run if it had fallen due already: a room checks what it wakes for).
  virtual void wait_until(std::chrono::steady_clock::time_point deadline, std::function<void()> due) = 0;
  virtual void cancel() = 0;
};

class RoomClock {
 public:
  using Time = std::chrono::steady_clock::time_point;
  virtual ~RoomClock() = default;
  virtual Time now() const = 0;
  // The wall clock, in milliseconds since the epoch (records, downtimes, chat's closing time).
  virtual std::int64_t wall_ms() const = 0;
  virtual std::unique_ptr<RoomTimer> timer(const RoomStrand& strand) = 0;
};

// std::chrono's steady and system clocks, and Asio's timers.
RoomClock& real_room_clock();

}  // namespace arbiter
