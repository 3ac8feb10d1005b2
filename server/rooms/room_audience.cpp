// Room's audience: watchers coming (sent the state, or what they missed) and going, the seats'
// presence and the spectators' count told to everyone, and chat stored then sent to its readers.
#include <boost/asio/post.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "protocol/messages.h"
#include "protocol/views.h"
#include "server/rooms/room.h"
#include "server/rooms/room_tasks.h"

namespace arbiter {
namespace {

using match::Viewer;
using rules::Color;

}  // namespace

void Room::attach(std::shared_ptr<Watcher> watcher, std::string token, std::optional<std::int64_t> since) {
  on_strand([this, watcher = std::move(watcher), token = std::move(token), since] {
    Viewer viewer = viewer_for(token);
    audience_.add(watcher, viewer, !match_.finished());
    seen_ms_ = clock_.wall_ms();
    update_idle();
    spectators_changed();
    seat_watchers_changed(match::seat_of(viewer), +1, watcher.get());
    if (!since || !sent_.can_resume(*since, match_.v())) return watcher->send(state_for(viewer));
    sent_.for_each_after(*since, viewer, [&](const Message& missed) { watcher->send(missed); });
    watcher->send(shared_text(protocol::resumed_message(match_, clock_.now(), viewer)));
  });
}

void Room::detach(std::shared_ptr<Watcher> watcher) {
  on_strand([this, watcher = std::move(watcher)] {
    const auto viewer = audience_.remove(watcher);
    if (!viewer) return;
    seen_ms_ = clock_.wall_ms();
    update_idle();
    spectators_changed();
    seat_watchers_changed(match::seat_of(*viewer), -1);
  });
}

void Room::seat_watchers_changed(std::optional<Color> seat, int by, const Watcher* just_came) {
  if (!seat || match_.local()) return;
  if (!audience_.seat_changed(*seat, by)) return;
  const bool connected = by > 0;
  const auto now = clock_.now();
  match_.set_connected(*seat, connected, now);
  if (!connected) claim_when_abandoned();
  // Per viewer: a seat's absence brings its opponent's claim within reach.
  protocol::ViewerTexts messages;
  for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator})
    messages[SentLog::slot(viewer)] = shared_text(protocol::presence_message(match_, now, viewer));
  audience_.send(messages, std::nullopt, just_came);
}

void Room::spectators_changed() {
  if (auto shown = audience_.spectators_to_tell(match_.spectators_sealed()))
    audience_.send_all(shared_text(protocol::spectators_message(*shown)));
}

protocol::Company Room::company() const { return {audience_.spectators(), &chat_}; }

void Room::chat(std::shared_ptr<Watcher> watcher, std::string text_sent, std::string name) {
  on_strand([this, watcher = std::move(watcher), text_sent = std::move(text_sent), name = std::move(name)] {
    Attached* from = audience_.find(watcher);
    if (!from) return;
    if (from->chat_limiter.check(clock_.now()) != RateLimiter::Verdict::Allow)
      return watcher->send(std::make_shared<const std::string>(protocol::error_message("rate_limited", "one chat message every two seconds")));
    const match::ChatSpeaker speaker{from->viewer, name, from->present_at_end};
    auto ruling = match_.chat(speaker, clock_.wall_ms());
    if (auto* refusal = std::get_if<match::Refusal>(&ruling)) return send_refusal(*watcher, *refusal);
    if (!chat_rate_.allows(limits_, watcher->client(), AddressLimits::Clock::now())) return watcher->send(ChatRate::refusal());
    const auto seat = match::seat_of(from->viewer);
    protocol::ChatLine line{std::get<match::ChatChannel>(ruling), from->viewer, seat ? match_.name(*seat) : name,
                            text_sent, clock_.wall_ms()};
    if (line.name.empty()) line.name = protocol::kAnonymous;
    storage::ChatRecord record{++chat_seq_, std::string(protocol::channel_name(line.channel)),
                               std::string(protocol::viewer_name(line.from)), line.name, line.text, line.at_ms};
    store_.add_chat(id(), std::move(record), [self = shared_from_this(), line, watcher](bool ok, const std::string& error) {
      boost::asio::post(self->strand_, [self, line, watcher, ok, error] {
        if (!ok) {
          std::cerr << "arbiter: game " << self->id() << ": chat not stored: " << error << "\n";
          return watcher->send(std::make_shared<const std::string>(protocol::error_message("storage", "not stored; try again")));
        }
        keep_chat_line(self->chat_, line);
        auto message = shared_text(protocol::chat_message(line));
        bool sender_reads = false;
        for (const auto& attached : self->audience_.attached()) {
          if (!protocol::may_read(self->match_, attached.viewer, line)) continue;
          attached.watcher->send(message);
          sender_reads = sender_reads || attached.watcher == watcher;
        }
        // Held until the end (sealed spectators): only its own socket is told it was stored.
        if (!sender_reads) watcher->send(shared_text(protocol::held_chat_message(line)));
      });
    });
  });
}

}  // namespace arbiter
