#pragma once
// Hands an upgraded HTTP connection over to a WebSocket session on a game room.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "server/address_limits.h"
#include "server/network.h"
#include "server/room.h"

namespace arbiter {

// Who the socket is, as admission found: what its messages count against, and the leases that
// count it against the per-address caps while it is open.
struct WebSocketAdmission {
  std::string client;  // address key
  std::string seat;    // "<game id> <colour>" for a seat's token; empty for a spectator
  AddressLimits::Lease address_lease;
  AddressLimits::Lease spectator_lease;
};

void start_websocket_session(boost::beast::tcp_stream stream,
                             boost::beast::http::request<boost::beast::http::string_body> upgrade,
                             std::shared_ptr<Room> room, std::string token, std::optional<std::int64_t> since,
                             Services& services, ConnectionSlot slot, WebSocketAdmission admission);

}  // namespace arbiter
