#include "server/cluster/redis_checks.h"

#include <iostream>

namespace arbiter {

using nlohmann::json;

bool valid_list_item(const json& item, bool playing) {
  if (!item.is_object()) return false;
  auto is = [&](const char* field, auto test) {
    auto it = item.find(field);
    return it != item.end() && test(*it);
  };
  auto string = [](const json& v) { return v.is_string(); };
  auto integer = [](const json& v) { return v.is_number_integer(); };
  auto name = [](const json& v) { return v.is_string() || v.is_null(); };
  auto names = [&](const json& v) {
    return v.is_object() && v.size() == 2 && v.contains("white") && name(v["white"]) && v.contains("black") && name(v["black"]);
  };
  auto clock = [](const json& v) {
    return v.is_null() || (v.is_object() && v.contains("initial_ms") && v["initial_ms"].is_number_integer() &&
                           v.contains("increment_ms") && v["increment_ms"].is_number_integer());
  };
  if (!is("id", string) || !is("variant", string) || !is("names", names) || !is("clock", clock) || !is("created_at", integer) ||
      !is("watch", string))
    return false;
  if (playing) return is("spectators", integer);
  return is("result", string) && is("reason", string) && is("ended_at", integer) && is("plies", integer) && is("moves", integer);
}

std::optional<RedisTrouble> trouble_of(const std::optional<RedisReply>& reply) {
  if (!reply) return RedisTrouble::Unanswered;
  if (reply->kind != RedisReply::Kind::Error) return std::nullopt;
  // Redis says "OOM command not allowed when used memory > 'maxmemory'", within a script's error too.
  if (reply->text.starts_with("OOM") || reply->text.find("OOM command not allowed") != std::string::npos)
    return RedisTrouble::OutOfMemory;
  return RedisTrouble::Error;
}

void RedisTroubles::report(RedisTrouble trouble, std::string_view what, std::string_view detail) {
  metrics_.redis_trouble(trouble);
  const auto now = std::chrono::steady_clock::now();
  std::uint64_t unsaid = 0;
  {
    std::lock_guard lock(mutex_);
    Kind& kind = kinds_[static_cast<std::size_t>(trouble)];
    if (kind.logged_at && now - *kind.logged_at < kLogEvery) {
      ++kind.unsaid;
      return;
    }
    kind.logged_at = now;
    unsaid = std::exchange(kind.unsaid, 0);
  }
  std::cerr << "arbiter: Redis: " << what << ": " << detail;
  if (unsaid) std::cerr << " (and " << unsaid << " more of this kind unlogged)";
  std::cerr << "\n";
}

}  // namespace arbiter
