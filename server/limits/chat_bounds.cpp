#include "server/limits/chat_bounds.h"

#include <algorithm>

#include "protocol/messages.h"
#include "storage/store.h"

namespace arbiter {

void keep_chat_line(std::vector<protocol::ChatLine>& lines, protocol::ChatLine line) {
  const auto channel = line.channel;
  lines.push_back(std::move(line));
  const auto same_channel = [channel](const protocol::ChatLine& kept) { return kept.channel == channel; };
  if (std::count_if(lines.begin(), lines.end(), same_channel) > storage::kChatKept)
    lines.erase(std::find_if(lines.begin(), lines.end(), same_channel));
}

ChatRate::ChatRate(boost::asio::execution_context& context)
    : boost::asio::execution_context::service(context), lines_(kLinesPerMinute / 60, kBurst) {}

bool ChatRate::allows(const AddressLimits* limits, const std::string& address, AddressLimits::Clock::time_point now) {
  if (!limits || !limits->settings().enabled) return true;
  return !lines_.take(address, now);
}

std::shared_ptr<const std::string> ChatRate::refusal() {
  static const auto message = std::make_shared<const std::string>(protocol::error_message(
      kCode, "your address sends chat too fast: " + std::to_string(static_cast<int>(kLinesPerMinute)) +
                 " lines a minute over all its connections"));
  return message;
}

}  // namespace arbiter
