#pragma once
// What one connection's messages go to: a game's room, or the lobby. The network session reads,
// rate-limits and writes; the peer decides what a message means. Called on the connection's
// strand, one at a time.
#include <memory>
#include <string>

#include "server/rooms/watcher.h"

namespace arbiter {

class SocketPeer {
 public:
  virtual ~SocketPeer() = default;
  virtual void opened(const std::shared_ptr<Watcher>& connection) = 0;
  // A text message within the connection's rate limit.
  virtual void received(const std::shared_ptr<Watcher>& connection, const std::string& text) = 0;
  virtual void closed(const std::shared_ptr<Watcher>& connection) = 0;
};

}  // namespace arbiter
