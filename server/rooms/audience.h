#pragma once
// Who is connected to a room and as whom: sends to them by viewer, counts each seat's
// connections (a seat is present while it has one) and the spectators as they may be shown.
// Used on the room's strand only, except spectators(), which any thread may read.
#include <array>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "match/match.h"
#include "protocol/views.h"
#include "server/limits/rate_limiter.h"
#include "server/rooms/watcher.h"

namespace arbiter {

class Audience {
 public:
  using Message = std::shared_ptr<const std::string>;
  struct Attached {
    std::shared_ptr<Watcher> watcher;
    match::Viewer viewer;
    RateLimiter chat_limiter;
    bool present_at_end;  // attached before the game ended (may still chat for a while after)
  };

  // `present_at_end`: whether the game is still on as it comes.
  void add(std::shared_ptr<Watcher> watcher, match::Viewer viewer, bool present_at_end);
  // The viewer it was, if it was attached.
  std::optional<match::Viewer> remove(const std::shared_ptr<Watcher>& watcher);
  Attached* find(const std::shared_ptr<Watcher>& watcher);
  bool empty() const { return attached_.empty(); }
  const std::vector<Attached>& attached() const { return attached_; }

  // Each watcher its viewer's message; a move's with the time it was committed (MoveStage::Sent).
  // `except`: a watcher not sent it.
  void send(const protocol::ViewerTexts& messages, std::optional<std::chrono::steady_clock::time_point> committed = {},
            const Watcher* except = nullptr) const;
  void send_all(const Message& message) const;
  void send_to_seat(rules::Color seat, const Message& message) const;
  // Closes every connection (going away) and forgets them.
  void close_all();

  // Counts a connection of `seat` coming (+1) or going (-1); true when the seat thereby came or
  // went (its first connection came, its last went).
  bool seat_changed(rules::Color seat, int by);
  // The spectators' count to tell everyone, when it changed and may be shown: nothing while
  // `sealed` (then it is told once they are unsealed).
  std::optional<int> spectators_to_tell(bool sealed);
  // As last shown (0 while sealed), for the lobby. Thread-safe.
  int spectators() const { return spectators_.load(); }

 private:
  std::vector<Attached> attached_;
  std::array<int, 2> seat_connections_{};
  std::optional<int> shown_ = 0;  // the count last told; nullopt while sealed
  std::atomic<int> spectators_ = 0;
};

}  // namespace arbiter
