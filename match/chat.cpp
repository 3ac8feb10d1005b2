// The game's chat: where a message goes, who may send one and who may read each channel. A chat
// line is no game event, so these are checks only.
#include "match/match.h"

#include <algorithm>

namespace arbiter::match {
namespace {

// Names alike to a reader: the same but for the case of ASCII letters (names come trimmed and
// cleaned of invisible characters from the protocol).
bool same_name(std::string_view a, std::string_view b) {
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [&](char x, char y) { return lower(x) == lower(y); });
}

}  // namespace

std::variant<ChatChannel, Refusal> Match::chat(const ChatSpeaker& speaker, std::int64_t now_ms) const {
  const bool player = speaker.viewer != Viewer::Spectator;
  if (status_ == Status::Finished) {
    const std::int64_t closes_ms = ended_at_ms_.value_or(now_ms) + setup_.waits.chat_after_end.count();
    if (now_ms >= closes_ms) return Refusal{Rejection::ChatClosed, "the chat of this game is closed"};
    if (!player && !speaker.present_at_end)
      return Refusal{Rejection::ChatClosed, "only the players and those watching at the end may still talk"};
  }
  if (!player) {
    for (rules::Color seat : {rules::Color::White, rules::Color::Black})
      if (!speaker.name.empty() && same_name(speaker.name, name(seat)))
        return Refusal{Rejection::NameTaken, "that is a player's name: choose another"};
    return ChatChannel::Spectators;
  }
  if (auto refusal = players_chat_refusal()) return Refusal{refusal->code, std::string(refusal->message)};
  return ChatChannel::Players;
}

std::optional<Refused> Match::players_chat_refusal() const {
  if (setup_.local) return Refused{Rejection::ChatOff, "both seats are on this device: there is nobody to chat with"};
  if (setup_.computer) return Refused{Rejection::ChatOff, "the computer does not chat"};
  // hidden: nothing may pass between the sides but the umpire's words.
  if (!referee_->capabilities().players_chat && status_ != Status::Finished)
    return Refused{Rejection::ChatOff, "the players' chat is off during a hidden game"};
  return std::nullopt;
}

std::optional<ChatChannel> Match::chat_channel(Viewer viewer) const {
  if (viewer == Viewer::Spectator) return ChatChannel::Spectators;
  if (players_chat_refusal()) return std::nullopt;
  return ChatChannel::Players;
}

bool Match::may_read(Viewer viewer, ChatChannel channel) const {
  if (status_ == Status::Finished) return true;
  if (channel == ChatChannel::Spectators && spectators_sealed()) return false;
  return (channel == ChatChannel::Spectators) == (viewer == Viewer::Spectator);
}

}  // namespace arbiter::match
