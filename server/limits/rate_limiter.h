#pragma once
// A token bucket per connection: a burst is fine, a flood is answered "rate_limited", and a
// connection that keeps flooding is dropped.
#include <algorithm>
#include <chrono>

namespace arbiter {

class RateLimiter {
 public:
  enum class Verdict { Allow, Refuse, Disconnect };
  using Clock = std::chrono::steady_clock;

  RateLimiter(double per_second, double burst, int refusals_before_disconnect)
      : per_second_(per_second), burst_(burst), tokens_(burst), max_refusals_(refusals_before_disconnect) {}

  Verdict check(Clock::time_point now) {
    if (last_ != Clock::time_point{})
      tokens_ = std::min(burst_, tokens_ + std::chrono::duration<double>(now - last_).count() * per_second_);
    last_ = now;
    if (tokens_ >= 1) {
      tokens_ -= 1;
      refusals_ = 0;
      return Verdict::Allow;
    }
    return refuse();
  }

  // A refusal decided elsewhere (a limit shared with other connections) counts here too.
  Verdict refuse() { return ++refusals_ > max_refusals_ ? Verdict::Disconnect : Verdict::Refuse; }

 private:
  double per_second_, burst_, tokens_;
  int max_refusals_, refusals_ = 0;
  Clock::time_point last_{};
};

}  // namespace arbiter
