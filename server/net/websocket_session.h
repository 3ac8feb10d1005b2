#pragma once
// Hands an upgraded HTTP connection over to a WebSocket session, which talks to a peer: a game's
// room, or the lobby.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "server/limits/address_limits.h"
#include "server/net/network.h"
#include "server/rooms/room.h"
#include "server/rooms/socket_peer.h"
#include "server/rooms/watcher.h"

namespace arbiter {

// Who the socket is, as admission found: what its messages count against, and the leases that
// count it against the per-address caps while it is open.
struct WebSocketAdmission {
  std::string client;  // address key
  std::string seat;    // "<game id> <colour>" for a seat's token; empty for a spectator
  AddressLimits::Lease address_lease;
  AddressLimits::Lease spectator_lease;
};

// A connection to a game: commands for its room, as the seat `token` holds (none: watching).
std::unique_ptr<SocketPeer> game_peer(std::shared_ptr<Room> room, std::string token, std::optional<std::int64_t> since);

void start_websocket_session(boost::beast::tcp_stream stream,
                             boost::beast::http::request<boost::beast::http::string_body> upgrade,
                             std::unique_ptr<SocketPeer> peer, Services& services, ConnectionSlot slot,
                             WebSocketAdmission admission);

}  // namespace arbiter
