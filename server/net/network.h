#pragma once
// The listening side: one port for HTTP and WebSocket. Beast stays behind this header (in
// http_session.cpp and websocket_session.cpp) so that the rest of the server compiles fast.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>

#include "server/api/api.h"
#include "server/limits/address_limits.h"
#include "server/metrics/metrics.h"
#include "server/net/static_files.h"
#include "server/net/waiting_connections.h"
#include "server/rooms/registry.h"
#include "storage/store.h"

namespace arbiter {

struct Limits {
  std::size_t max_connections = 4096;       // `serve` derives it from the open-file limit unless told
  std::size_t reserved_for_players = 409;   // of max_connections: the last slots only seats may use
  std::size_t max_frame_bytes = 8 * 1024;
  std::size_t max_body_bytes = 16 * 1024;
  std::size_t max_header_bytes = 8 * 1024;  // the whole header, request line included (else 431)
  std::size_t max_target_bytes = 4 * 1024;  // the request target (else 414)
  std::size_t max_queued_messages = 512;  // per connection; a client that falls this far behind is dropped
  double messages_per_second = 20;
  double message_burst = 40;
  int refusals_before_disconnect = 100;
  std::chrono::seconds http_timeout{30};  // to write a response
  std::chrono::seconds websocket_idle_timeout{60};  // pings go out at half of it
  // A spectator that sends no message at all (pongs are not messages) for this long is closed:
  // client libraries answer pings by themselves, so pings alone do not show anyone is there.
  std::chrono::seconds spectator_idle_timeout{600};
  // Each request head must be complete this long after the connection opened or its previous
  // response went out (an idle keep-alive connection closes then), and its body as long again.
  std::chrono::milliseconds header_timeout{5000};
  // A WebSocket message (or a lone control frame) must be complete this long after its first byte.
  std::chrono::milliseconds message_timeout{5000};
};

class Lobby;

// What every connection shares.
struct Services {
  Registry& registry;
  Api& api;
  const StaticFiles& files;
  Limits limits;
  AddressLimits& address_limits;
  Metrics& metrics;
  storage::Store& store;  // for the game counts in /metrics
  std::optional<boost::asio::ip::address> trusted_proxy;  // whose X-Real-IP / X-Forwarded-For is believed
  std::atomic<std::size_t> connections{0};
  std::atomic<std::size_t> websockets{0};  // shutdown waits for their close handshakes, not for idle HTTP
  Lobby* lobby = nullptr;                   // /ws/lobby
  WaitingConnections waiting{};             // the HTTP connections a newcomer may displace
};

// Counts a connection for the cap while it lives.
class ConnectionSlot {
 public:
  explicit ConnectionSlot(std::atomic<std::size_t>& count) : count_(&count) { ++*count_; }
  ConnectionSlot(ConnectionSlot&& other) noexcept : count_(other.count_) { other.count_ = nullptr; }
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(ConnectionSlot&&) = delete;
  ~ConnectionSlot() {
    if (count_) --*count_;
  }

 private:
  std::atomic<std::size_t>* count_;
};

// What a listener serves: everything, or GET /metrics alone (`serve --metrics ADDR:PORT`).
enum class Serving { Everything, MetricsOnly };

class Listener {
 public:
  // Binds now (throws on failure); accepts once start() is called.
  Listener(boost::asio::io_context& io, Services& services, const std::string& address, unsigned short port,
           Serving serving = Serving::Everything);
  ~Listener();
  void start();
  void stop();  // stops accepting; open connections carry on
  unsigned short port() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace arbiter
