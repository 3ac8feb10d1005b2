#pragma once
// What a node makes sure of around Redis: that what it reads there is what a node wrote (a list
// item of the shape list_items() makes; anything else is skipped), and that what goes wrong is
// said (logged once per kind per kLogEvery, with how many went unsaid, and counted in /metrics)
// rather than flooded or kept quiet.
#include <array>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "server/cluster/redis_client.h"
#include "server/metrics/metrics.h"

namespace arbiter {

// A game list item (list_items()'s) read back from Redis: an object with its fields' types.
bool valid_list_item(const nlohmann::json& item, bool playing);

// What a command's answer says went wrong: nothing (a reply that is no error), or why not.
std::optional<RedisTrouble> trouble_of(const std::optional<RedisReply>& reply);

class RedisTroubles {
 public:
  static constexpr auto kLogEvery = std::chrono::seconds(10);
  explicit RedisTroubles(Metrics& metrics) : metrics_(metrics) {}
  // Counts it, and logs "arbiter: Redis: <what>: <detail>" unless this kind was logged lately.
  void report(RedisTrouble trouble, std::string_view what, std::string_view detail);

 private:
  Metrics& metrics_;
  std::mutex mutex_;
  struct Kind {
    std::optional<std::chrono::steady_clock::time_point> logged_at;
    std::uint64_t unsaid = 0;
  };
  std::array<Kind, static_cast<std::size_t>(RedisTrouble::Count)> kinds_{};
};

}  // namespace arbiter
