// AddressLimits on a cluster's node: what it does with the shared counts' answers, and when Redis
// gives none (the shared side itself runs against a real Redis in tests/cluster/limits.test.js).
#include <doctest/doctest.h>

#include <chrono>
#include <optional>
#include <vector>

#include "server/limits/address_limits.h"

using namespace arbiter;
using namespace std::chrono_literals;

namespace {

AddressLimitSettings small() {
  AddressLimitSettings settings;
  settings.creates_per_minute = 6;
  settings.create_burst = 6;
  settings.computer_games_per_address = 3;
  return settings;
}

// The cluster's answers as a test sets them; nullopt: Redis did not answer.
struct Answers : SharedLimits {
  std::optional<Take> take;
  std::optional<bool> within;
  std::size_t live_nodes = 3;
  std::vector<std::size_t> held_asked;
  int takes = 0;

  void take_create(const std::string&, double, double, std::function<void(std::optional<Take>)> done) override {
    ++takes;
    done(take);
  }
  void hold_computer_games(const std::string&, std::size_t held, std::size_t, std::function<void(std::optional<bool>)> done) override {
    held_asked.push_back(held);
    done(within);
  }
  std::size_t nodes() const override { return live_nodes; }
};

std::optional<AddressLimits::Clock::duration> create_shared(AddressLimits& limits, const std::string& address) {
  std::optional<AddressLimits::Clock::duration> answer = 0s;  // a value no answer gives
  limits.create_shared(address, AddressLimits::Clock::now(), [&](std::optional<AddressLimits::Clock::duration> wait) { answer = wait; });
  return answer;
}

std::optional<AddressLimits::Lease> computer_game_shared(AddressLimits& limits, const std::string& address) {
  std::optional<AddressLimits::Lease> out;
  limits.computer_game_shared(address, [&](std::optional<AddressLimits::Lease> lease) { out = std::move(lease); });
  return out;
}

}  // namespace

TEST_CASE("creations on a cluster's node: the shared bucket decides while Redis answers") {
  AddressLimits limits(small());
  Answers redis;
  limits.share(&redis);
  redis.take = SharedLimits::Take{};
  for (int i = 0; i < 20; ++i) CHECK_FALSE(create_shared(limits, "1.2.3.4"));  // the node's own bucket plays no part
  redis.take = SharedLimits::Take{7s};
  auto refused = create_shared(limits, "1.2.3.4");
  REQUIRE(refused);
  CHECK(*refused == 7s);
}

TEST_CASE("creations on a cluster's node: without an answer from Redis the node gives 1/N of the budget") {
  AddressLimits limits(small());
  Answers redis;
  limits.share(&redis);
  redis.live_nodes = 3;
  CHECK_FALSE(create_shared(limits, "1.2.3.4"));  // 6 tokens, 3 a creation: two creations
  CHECK_FALSE(create_shared(limits, "1.2.3.4"));
  CHECK(create_shared(limits, "1.2.3.4"));
  redis.live_nodes = 1;  // a lone node: its whole budget
  CHECK_FALSE(create_shared(limits, "5.6.7.8"));
}

TEST_CASE("a shared refusal seen by a node stops its own creations (lobby, rematch) for the wait") {
  AddressLimits limits(small());
  Answers redis;
  limits.share(&redis);
  redis.take = SharedLimits::Take{};
  CHECK_FALSE(limits.create("1.2.3.4", AddressLimits::Clock::now()));
  CHECK(redis.takes == 1);  // charged to the shared bucket too
  redis.take = SharedLimits::Take{30s};
  CHECK_FALSE(limits.create("1.2.3.4", AddressLimits::Clock::now()));  // decided at once; the refusal comes back after
  auto refused = limits.create("1.2.3.4", AddressLimits::Clock::now());
  REQUIRE(refused);
  CHECK(*refused > 29s);
  CHECK_FALSE(limits.create("5.6.7.8", AddressLimits::Clock::now()));
  CHECK_FALSE(limits.create("1.2.3.4", AddressLimits::Clock::now() + 31s));
}

TEST_CASE("computer games on a cluster's node: the cluster's count decides; a refusal gives the place back") {
  AddressLimits limits(small());
  Answers redis;
  limits.share(&redis);
  redis.within = true;
  auto first = computer_game_shared(limits, "1.2.3.4");
  REQUIRE(first);
  redis.within = false;  // the other nodes hold the rest
  CHECK_FALSE(computer_game_shared(limits, "1.2.3.4"));
  CHECK(redis.held_asked == std::vector<std::size_t>{1, 2});
  CHECK(limits.computer_games_held() == std::vector<std::pair<std::string, std::size_t>>{{"1.2.3.4", 1}});
}

TEST_CASE("computer games on a cluster's node: without an answer from Redis, cap/N here (at least one)") {
  AddressLimits limits(small());  // a cap of 3
  Answers redis;
  limits.share(&redis);
  redis.live_nodes = 3;
  auto first = computer_game_shared(limits, "1.2.3.4");
  REQUIRE(first);
  CHECK_FALSE(computer_game_shared(limits, "1.2.3.4"));
  redis.live_nodes = 1;
  auto second = computer_game_shared(limits, "1.2.3.4");
  auto third = computer_game_shared(limits, "1.2.3.4");
  CHECK((second && third));
  CHECK_FALSE(computer_game_shared(limits, "1.2.3.4"));  // the node's own cap
}
