#include "server/lobby/matches.h"

#include <nlohmann/json.hpp>

#include "protocol/messages.h"
#include "server/rooms/security.h"

namespace arbiter {

std::string matched_message(const Match& match, const std::string& seek, const std::string& taker_secret) {
  using nlohmann::json;
  if (taker_secret.empty())
    return protocol::dump(json{{"t", "matched"}, {"game", match.game}, {"color", match.color}, {"seek", seek}});
  return protocol::dump(json{{"t", "matched"}, {"game", match.game}, {"color", match.taker_color}, {"token", taker_secret}});
}

void Matches::seat(const std::string& seek, std::string creator_color, std::string taker_color) {
  Match& match = matches_[seek];
  match.color = std::move(creator_color);
  match.taker_color = std::move(taker_color);
}

Matches::Repeat Matches::taker_repeat(const std::string& seek, const std::string& hash, std::uint64_t member,
                                      const std::string& secret) {
  auto it = matches_.find(seek);
  if (it == matches_.end() || !security::same_secret(it->second.taker_hash, hash)) return {};
  if (it->second.game.empty()) {  // the game is still being stored: this waits for it too
    it->second.waiting.emplace_back(member, secret);
    return {Repeat::Kind::Waiting, ""};
  }
  return {Repeat::Kind::Matched, matched_message(it->second, seek, secret)};
}

Matches::Repeat Matches::creator_repeat(const std::string& seek, const std::string& hash, std::uint64_t member) {
  auto it = matches_.find(seek);
  if (it == matches_.end() || !security::same_secret(it->second.creator_hash, hash)) return {};
  if (it->second.game.empty()) {
    it->second.waiting.emplace_back(member, "");
    return {Repeat::Kind::Waiting, ""};
  }
  return {Repeat::Kind::Matched, matched_message(it->second, seek, "")};
}

Match Matches::stored(const std::string& seek, const std::string& game, Clock::time_point now) {
  Match& kept = matches_[seek];
  kept.game = game;
  kept.at = now;
  Match told = kept;
  kept.waiting.clear();
  return told;
}

Match Matches::drop(const std::string& seek) {
  Match lost;
  if (auto it = matches_.find(seek); it != matches_.end()) {
    lost = std::move(it->second);
    matches_.erase(it);
  }
  return lost;
}

void Matches::forget_older(Clock::time_point now, Clock::duration remembered) {
  std::erase_if(matches_, [&](const auto& entry) { return !entry.second.game.empty() && now - entry.second.at > remembered; });
}

}  // namespace arbiter
