#pragma once
// A room's clock moved by hand (as TestMatch moves a match's `now`): the game's steady time and
// the wall clock stand still until the test advances them together; a timer falls due only then,
// its wake-up posted to its room's strand for the test's io_context to run.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include <boost/asio/post.hpp>

#include "server/rooms/room_clock.h"

namespace arbiter::testing {

class ManualClock final : public RoomClock {
 public:
  static constexpr std::int64_t kStartMs = 1700000000000;  // 2023-11-14

  // `wall_ms`: what the wall clock reads now; `steady`: where this process's steady clock stands
  // (a restarted server's starts anywhere: only differences on one clock mean anything).
  explicit ManualClock(std::int64_t wall_ms = kStartMs, Time steady = Time{} + std::chrono::hours(1))
      : now_(steady), wall_ms_(wall_ms) {}

  Time now() const override {
    std::lock_guard lock(mutex_);
    return now_;
  }
  std::int64_t wall_ms() const override {
    std::lock_guard lock(mutex_);
    return wall_ms_;
  }

  // Moves both clocks on by `by`, then wakes the timers due by then.
  void advance(std::chrono::milliseconds by) {
    std::vector<Wait> due;
    {
      std::lock_guard lock(mutex_);
      now_ += by;
      wall_ms_ += by.count();
      auto first_due = std::stable_partition(waits_.begin(), waits_.end(), [&](const Wait& w) { return w.deadline > now_; });
      due.assign(std::make_move_iterator(first_due), std::make_move_iterator(waits_.end()));
      waits_.erase(first_due, waits_.end());
    }
    for (auto& wait : due) boost::asio::post(wait.strand, std::move(wait.due));
  }

  // How many timers wait now.
  std::size_t waiting() const {
    std::lock_guard lock(mutex_);
    return waits_.size();
  }

  std::unique_ptr<RoomTimer> timer(const RoomStrand& strand) override { return std::make_unique<Timer>(*this, strand); }

 private:
  struct Wait {
    const void* timer;
    Time deadline;
    RoomStrand strand;
    std::function<void()> due;
  };

  class Timer final : public RoomTimer {
   public:
    Timer(ManualClock& clock, RoomStrand strand) : clock_(clock), strand_(std::move(strand)) {}
    ~Timer() override { cancel(); }
    void wait_until(Time deadline, std::function<void()> due) override {
      cancel();
      clock_.add({this, deadline, strand_, std::move(due)});
    }
    void cancel() override { clock_.remove(this); }

   private:
    ManualClock& clock_;
    RoomStrand strand_;
  };

  void add(Wait wait) {
    {
      std::lock_guard lock(mutex_);
      if (wait.deadline > now_) return waits_.push_back(std::move(wait));
    }
    boost::asio::post(wait.strand, std::move(wait.due));  // due already, as a real timer would be
  }
  void remove(const void* timer) {
    std::lock_guard lock(mutex_);
    std::erase_if(waits_, [timer](const Wait& w) { return w.timer == timer; });
  }

  mutable std::mutex mutex_;
  Time now_;
  std::int64_t wall_ms_;
  std::vector<Wait> waits_;
};

}  // namespace arbiter::testing
