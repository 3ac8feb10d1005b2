#include "server/rooms/room_clock.h"

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include "storage/wall_clock.h"

namespace arbiter {
namespace {

class SteadyTimer final : public RoomTimer {
 public:
  explicit SteadyTimer(const RoomStrand& strand) : strand_(strand), timer_(strand) {}

  void wait_until(std::chrono::steady_clock::time_point deadline, std::function<void()> due) override {
    timer_.expires_at(deadline);  // cancels the wait before
    timer_.async_wait(boost::asio::bind_executor(strand_, [due = std::move(due)](boost::system::error_code ec) {
      if (!ec) due();
    }));
  }
  void cancel() override { timer_.cancel(); }

 private:
  RoomStrand strand_;
  boost::asio::steady_timer timer_;
};

class RealClock final : public RoomClock {
 public:
  Time now() const override { return std::chrono::steady_clock::now(); }
  std::int64_t wall_ms() const override { return wall_clock_ms(); }
  std::unique_ptr<RoomTimer> timer(const RoomStrand& strand) override { return std::make_unique<SteadyTimer>(strand); }
};

}  // namespace

RoomClock& real_room_clock() {
  static RealClock clock;
  return clock;
}

}  // namespace arbiter
