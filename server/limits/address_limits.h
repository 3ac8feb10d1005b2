#pragma once
// What one client address (or one seat) may take of the server: connections, spectator sockets
// per game, game creations (every path that makes one) and joins per minute, computer games in
// play, messages per second. Thread-safe; the network
// sessions ask before they admit, and hold a Lease while they count against a cap.
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/limits/shared_limits.h"

namespace arbiter {

struct AddressLimitSettings {
  bool enabled = true;  // false: no per-address limit at all (load tests from one machine)
  std::size_t connections_per_address = 64;
  std::size_t spectators_per_game = 8;  // sockets of one address watching one game without a seat
  double creates_per_minute = 10;
  double create_burst = 20;
  double joins_per_minute = 30;
  double join_burst = 30;
  double messages_per_second = 60;  // over all connections of an address, pings included
  double message_burst = 120;
  double seat_messages_per_second = 20;  // over all connections holding one seat, pings included
  double seat_message_burst = 40;
  std::size_t computer_games_per_address = 2;  // computer games in play at once
  std::size_t analyses_per_address = 1;        // game analyses queued or running at once
  double analyses_per_hour = 10;               // analyses started, after a burst of as many
};

// A token bucket: `burst` at most, refilled at `per_second`.
class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;
  TokenBucket(double burst, Clock::time_point now) : tokens_(burst), last_(now) {}
  // Takes `cost` tokens if there are as many; otherwise returns how long until there are.
  std::optional<Clock::duration> take(double per_second, double burst, Clock::time_point now, double cost = 1);
  bool full(double per_second, double burst, Clock::time_point now) const;

 private:
  double tokens_;
  Clock::time_point last_;
};

// Token buckets by key, created full on first use and forgotten once full again.
class KeyedBuckets {
 public:
  using Clock = TokenBucket::Clock;
  KeyedBuckets(double per_second, double burst) : per_second_(per_second), burst_(burst) {}
  // nullopt: allowed; otherwise the wait before the key may try again.
  std::optional<Clock::duration> take(const std::string& key, Clock::time_point now, double cost = 1);
  std::size_t size() const;

 private:
  void forget_full(Clock::time_point now);

  const double per_second_, burst_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, TokenBucket> buckets_;
  std::size_t takes_since_sweep_ = 0;
};

// Counts by key against a cap; a Lease gives its count back when it ends.
class Counter {
 public:
  class Lease {
   public:
    Lease() = default;
    Lease(Counter* counter, std::string key) : counter_(counter), key_(std::move(key)) {}
    Lease(Lease&& other) noexcept : counter_(other.counter_), key_(std::move(other.key_)) { other.counter_ = nullptr; }
    Lease& operator=(Lease&& other) noexcept;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() { release(); }

   private:
    void release();
    Counter* counter_ = nullptr;
    std::string key_;
  };

  // A lease if the key holds fewer than `cap`; nullopt otherwise (nothing is counted).
  std::optional<Lease> acquire(const std::string& key, std::size_t cap);
  // As acquire(), and how many the key held before.
  std::optional<std::pair<Lease, std::size_t>> acquire_counted(const std::string& key, std::size_t cap);
  std::size_t count(const std::string& key) const;
  std::size_t keys() const;
  std::vector<std::pair<std::string, std::size_t>> counts() const;

 private:
  void give_back(const std::string& key);

  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::size_t> counts_;
};

class AddressLimits {
 public:
  using Clock = TokenBucket::Clock;
  using Lease = Counter::Lease;
  // Connections past an address's cap are still read and answered 503, up to this many at once;
  // past that they are closed unread.
  static constexpr std::size_t kRefusalsInFlight = 16;

  struct Connection {
    enum class Verdict { Admit, Refuse, Drop } verdict = Verdict::Admit;
    Lease lease;  // counts the connection (refused ones too) while it is open
  };

  explicit AddressLimits(AddressLimitSettings settings);
  // A cluster's: creations asked through create_shared() and computer games through
  // computer_game_shared() are counted over all its nodes. Set before any request.
  void share(SharedLimits* shared) { shared_ = shared; }

  const AddressLimitSettings& settings() const { return settings_; }
  // A wait as the whole seconds a refusal's Retry-After (or retry_after_s) names: 1 to 3600.
  static unsigned retry_seconds(Clock::duration wait);
  // With limits off every call admits (with an empty lease).
  Connection connect(const std::string& address);
  // nullopt: over the cap.
  std::optional<Lease> watch(const std::string& game_id, const std::string& address);
  // nullopt: allowed; otherwise the wait before this address may try again.
  // create(): every game made on the address's behalf (POST /api/games, a rematch it asks for).
  // A cluster's node decides at once by its own bucket, but also charges the shared one and,
  // once that has refused the address (on any path), refuses it too until the wait is over.
  std::optional<Clock::duration> create(const std::string& address, Clock::time_point now);
  // As create(), over all the nodes of a cluster (share()); `done` may run on another thread. When
  // Redis does not answer, each node gives the address 1/N of the budget (N: the nodes seen lately),
  // so that the whole stays near one budget and a lone node goes on.
  void create_shared(const std::string& address, Clock::time_point now, std::function<void(std::optional<Clock::duration>)> done);
  std::optional<Clock::duration> join(const std::string& address, Clock::time_point now);
  // One message (or ping) from `address`, on `seat` (empty for spectators): allowed or not.
  bool message(const std::string& address, const std::string& seat, Clock::time_point now);
  // A computer game in play for `address`, held until it ends; nullopt: the address has its share.
  std::optional<Lease> computer_game(const std::string& address);
  // As computer_game(), over all the nodes of a cluster (share()); `done` may run on another
  // thread. When Redis does not answer, this node allows the address cap/N (at least 1).
  void computer_game_shared(const std::string& address, std::function<void(std::optional<Lease>)> done);
  // This node's computer games in play, by address (what a cluster's nodes tell each other).
  std::vector<std::pair<std::string, std::size_t>> computer_games_held() const { return computer_games_.counts(); }
  // A game analysis under way for `address`, held until it ends; nullopt: the address has its share.
  std::optional<Lease> analysis(const std::string& address);
  // An analysis started: nullopt: allowed; otherwise the wait before this address may start another.
  std::optional<Clock::duration> analysis_start(const std::string& address, Clock::time_point now);

 private:
  const AddressLimitSettings settings_;
  Counter connections_, spectators_, computer_games_, analyses_;
  KeyedBuckets creates_, joins_, messages_, seat_messages_, analysis_starts_;
  KeyedBuckets fallback_creates_;  // a cluster node's, while Redis does not answer
  SharedLimits* shared_ = nullptr;

  // The shared bucket's last refusals: address -> when it may create again.
  void refused_shared(const std::string& address, Clock::duration wait);
  std::optional<Clock::duration> shared_refusal(const std::string& address, Clock::time_point now);
  std::mutex refusals_mutex_;
  std::unordered_map<std::string, Clock::time_point> shared_refusals_;
};

}  // namespace arbiter
