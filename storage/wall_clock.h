#pragma once
// The wall clock, for records (creation and event times); game clocks run on steady_clock.
#include <chrono>
#include <cstdint>

namespace arbiter {

inline std::int64_t wall_clock_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace arbiter
