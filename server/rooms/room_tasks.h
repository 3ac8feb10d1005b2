#pragma once
// For the files that define Room's members: how a room's work gets onto its strand, and a
// message's text as the room's watchers share it.
#include <boost/asio/post.hpp>
#include <memory>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "protocol/messages.h"
#include "server/rooms/room.h"

namespace arbiter {

inline std::shared_ptr<const std::string> shared_text(const nlohmann::json& message) {
  return std::make_shared<const std::string>(protocol::dump(message));
}

template <class F>
void Room::on_strand(F&& f) {
  boost::asio::post(strand_, [self = shared_from_this(), f = std::forward<F>(f)]() mutable { f(); });
}

}  // namespace arbiter
