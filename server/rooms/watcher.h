#pragma once
// A connection as a room sees it: somewhere to send text. Rooms own their watchers; the
// network session behind one never blocks the room (it queues, and drops itself when full).
#include <chrono>
#include <memory>
#include <string>
#include <utility>

namespace arbiter {

class Watcher {
 public:
  virtual ~Watcher() = default;
  // Thread-safe, never blocks.
  virtual void send(std::shared_ptr<const std::string> text) = 0;
  // The same for a move's event, committed at `committed`: the socket reports when its write
  // begins (MoveStage::Sent).
  virtual void send_move(std::shared_ptr<const std::string> text, std::chrono::steady_clock::time_point committed) {
    (void)committed;
    send(std::move(text));
  }
  // The client's address key (client_address.h): what its actions count against.
  virtual const std::string& client() const = 0;
  // Closes with 1001 (going away): the server is shutting down.
  virtual void close_going_away() = 0;
};

}  // namespace arbiter
