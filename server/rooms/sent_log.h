#pragma once
// The last few events of a game as each viewer (White, Black, spectator) was sent them: what a
// resent command is answered with again, and what a reconnecting watcher missed.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>

#include "protocol/views.h"

namespace arbiter {

class SentLog {
 public:
  using Message = std::shared_ptr<const std::string>;

  explicit SentLog(std::size_t kept) : kept_(kept) {}

  // Event `v`, as each viewer was sent it; the oldest goes once more than `kept` are held.
  void add(std::int64_t v, protocol::ViewerTexts messages) {
    sent_.push_back({v, std::move(messages)});
    if (sent_.size() > kept_) sent_.pop_front();
  }

  // Event `v` as `viewer` was sent it; null once it has left the log (or was never in it).
  Message find(std::int64_t v, match::Viewer viewer) const {
    for (const auto& sent : sent_)
      if (sent.v == v) return sent.messages[slot(viewer)];
    return nullptr;
  }

  // Whether a watcher holding events up to `since` can be sent what followed, up to `latest`
  // (the game's v), rather than the whole state.
  bool can_resume(std::int64_t since, std::int64_t latest) const {
    const std::int64_t oldest_kept = sent_.empty() ? latest + 1 : sent_.front().v;
    return since <= latest && since + 1 >= oldest_kept;
  }

  // Calls f(message) for each event after `since`, oldest first, as `viewer` was sent it.
  template <class F>
  void for_each_after(std::int64_t since, match::Viewer viewer, F&& f) const {
    for (const auto& sent : sent_)
      if (sent.v > since) f(sent.messages[slot(viewer)]);
  }

  static std::size_t slot(match::Viewer viewer) { return static_cast<std::size_t>(viewer); }

 private:
  struct Sent {
    std::int64_t v;
    protocol::ViewerTexts messages;
  };
  std::size_t kept_;
  std::deque<Sent> sent_;
};

}  // namespace arbiter
