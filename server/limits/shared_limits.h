#pragma once
// The per-address counts that a cluster's nodes keep together (RedisCluster's, through Redis), so
// that an address behind a balancing front gets one budget, not one on each node: its game
// creations (a token bucket) and its computer games in play. An answer of nullopt means Redis did
// not answer in time; AddressLimits then falls back to this node's own share (see there).
#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace arbiter {

class SharedLimits {
 public:
  using Duration = std::chrono::steady_clock::duration;
  struct Take {
    std::optional<Duration> wait;  // none: taken; otherwise the wait before the address may try again
  };

  virtual ~SharedLimits() = default;
  // Takes one creation from the address's bucket (`burst` at most, refilled at `per_second`).
  virtual void take_create(const std::string& address, double per_second, double burst,
                           std::function<void(std::optional<Take>)> done) = 0;
  // Whether `held` computer games of the address on this node (the new one counted) and those
  // the other nodes hold stay within `cap`: true records `held` as this node's.
  virtual void hold_computer_games(const std::string& address, std::size_t held, std::size_t cap,
                                   std::function<void(std::optional<bool>)> done) = 0;
  // The nodes seen lately, this one included (at least 1).
  virtual std::size_t nodes() const = 0;
};

}  // namespace arbiter
