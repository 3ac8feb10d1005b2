#include "server/lobby/seek_taking.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "protocol/messages.h"
#include "protocol/names.h"

namespace arbiter {

bool own_seek(const OpenSeek& seek, std::uint64_t member, const std::string& browser) {
  return seek.owner == member || (!browser.empty() && seek.browser == browser);
}

std::optional<std::string> charge_taker(AddressLimits& limits, const std::string& address, AddressLimits::Clock::time_point now) {
  auto wait = limits.create(address, now);
  if (!wait) return std::nullopt;
  const auto seconds = std::clamp<std::int64_t>(std::chrono::ceil<std::chrono::seconds>(*wait).count(), 1, 3600);
  return protocol::dump(nlohmann::json{{"t", "error"},
                                       {"code", "rate_limited"},
                                       {"message", "too many new games from your address; try again later"},
                                       {"retry_after_s", seconds}});
}

std::vector<storage::SeatRecord> paired_seats(const OpenSeek& seek, const std::string& creator_color, const Taker& taker) {
  return {{creator_color, seek.creator_hash, seek.seek.game.name},
          {std::string(protocol::other_color_name(creator_color)), taker.hash, taker.name}};
}

}  // namespace arbiter
