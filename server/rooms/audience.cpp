#include "server/rooms/audience.h"

#include <algorithm>

namespace arbiter {
namespace {

using match::Viewer;

// Chat: a burst of a few lines, then one every two seconds.
constexpr double kChatPerSecond = 0.5;
constexpr double kChatBurst = 5;
constexpr int kChatRefusalsTolerated = 1 << 30;  // a chatty client is refused, not dropped

std::size_t slot(Viewer viewer) { return static_cast<std::size_t>(viewer); }

}  // namespace

void Audience::add(std::shared_ptr<Watcher> watcher, Viewer viewer, bool present_at_end) {
  attached_.push_back({std::move(watcher), viewer, RateLimiter(kChatPerSecond, kChatBurst, kChatRefusalsTolerated),
                       present_at_end});
}

std::optional<Viewer> Audience::remove(const std::shared_ptr<Watcher>& watcher) {
  const Attached* attached = find(watcher);
  if (!attached) return std::nullopt;
  const Viewer viewer = attached->viewer;
  std::erase_if(attached_, [&](const Attached& a) { return a.watcher == watcher; });
  return viewer;
}

Audience::Attached* Audience::find(const std::shared_ptr<Watcher>& watcher) {
  for (auto& attached : attached_)
    if (attached.watcher == watcher) return &attached;
  return nullptr;
}

void Audience::send(const protocol::ViewerTexts& messages, std::optional<std::chrono::steady_clock::time_point> committed,
                    const Watcher* except) const {
  for (const auto& attached : attached_) {
    if (attached.watcher.get() == except) continue;
    const auto& message = messages[slot(attached.viewer)];
    if (committed) attached.watcher->send_move(message, *committed);
    else attached.watcher->send(message);
  }
}

void Audience::send_all(const Message& message) const {
  for (const auto& attached : attached_) attached.watcher->send(message);
}

void Audience::send_to_seat(rules::Color seat, const Message& message) const {
  for (const auto& attached : attached_)
    if (attached.viewer == match::viewer_of(seat)) attached.watcher->send(message);
}

void Audience::close_all() {
  for (const auto& attached : attached_) attached.watcher->close_going_away();
  attached_.clear();
}

bool Audience::seat_changed(rules::Color seat, int by) {
  int& count = seat_connections_[rules::index(seat)];
  const bool was_connected = count > 0;
  count += by;
  return (count > 0) != was_connected;
}

std::optional<int> Audience::spectators_to_tell(bool sealed) {
  const int count = static_cast<int>(
      std::count_if(attached_.begin(), attached_.end(), [](const Attached& a) { return a.viewer == Viewer::Spectator; }));
  // While spectators are sealed their number is told to nobody, the lobby included.
  const std::optional<int> shown = sealed ? std::nullopt : std::optional(count);
  if (shown == shown_) return std::nullopt;
  shown_ = shown;
  spectators_ = shown.value_or(0);
  return shown;
}

}  // namespace arbiter
