#pragma once
// What chat may take of the server. A game keeps the latest storage::kChatKept lines of each
// channel, in memory as in the store (which drops the older itself): the spectators' lines held
// unseen until a hidden game ends are bounded alike. And one address sends at most
// kLinesPerMinute lines (after a burst of kBurst) over all its sockets and games, beside each
// socket's own limit: past it a line is refused "chat_rate_limited" and neither stored nor sent.
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/execution_context.hpp>

#include "protocol/views.h"
#include "server/limits/address_limits.h"

namespace arbiter {

// Appends `line`, dropping the oldest of its channel when that channel would hold more than
// storage::kChatKept. `lines`: oldest first.
void keep_chat_line(std::vector<protocol::ChatLine>& lines, protocol::ChatLine line);

// Chat lines per address, over every room of an io_context: boost::asio::use_service<ChatRate>(io).
class ChatRate : public boost::asio::execution_context::service {
 public:
  static constexpr double kLinesPerMinute = 30;
  static constexpr double kBurst = 10;
  static constexpr const char* kCode = "chat_rate_limited";
  static inline boost::asio::execution_context::id id;

  explicit ChatRate(boost::asio::execution_context& context);
  // One line from `address`: true if allowed (always, where `limits` are absent or off).
  bool allows(const AddressLimits* limits, const std::string& address, AddressLimits::Clock::time_point now);
  // The refusal a client is sent: {"t":"error","code":"chat_rate_limited",...}.
  static std::shared_ptr<const std::string> refusal();

 private:
  void shutdown() override {}

  KeyedBuckets lines_;
};

}  // namespace arbiter
