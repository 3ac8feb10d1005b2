#include "server/lobby/seek_record.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "protocol/lobby_messages.h"
#include "rules/variant.h"
#include "server/rooms/registry.h"
#include "server/rooms/security.h"

namespace arbiter {
namespace {

using nlohmann::json;

std::optional<protocol::ColorChoice> color_choice(const std::string& name) {
  for (auto choice : {protocol::ColorChoice::White, protocol::ColorChoice::Black, protocol::ColorChoice::Random})
    if (protocol::color_choice_name(choice) == name) return choice;
  return std::nullopt;
}

// As security::sha256_hex writes it.
bool sha256_hex(const std::string& text) {
  return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// An id a node made: base64url, its node's name before the random part.
bool node_made_id(const std::string& id) { return plausible_key(id) && !security::node_of(id).empty(); }

// A whole number: "60000" or 6e4 are not what a node writes.
std::optional<std::int64_t> integer(const json& value) {
  if (!value.is_number_integer()) return std::nullopt;
  return value.get<std::int64_t>();
}

}  // namespace

std::string seek_record(const SharedSeek& seek) {
  return protocol::dump(json{{"seek", protocol::seek_json(seek.seek)}, {"creator_hash", seek.creator_hash}, {"browser", seek.browser}});
}

std::optional<SharedSeek> parse_seek_record(std::string_view text) {
  const json record = json::parse(text, nullptr, false);
  if (!record.is_object()) return std::nullopt;
  SharedSeek out;
  try {
    const json& seek = record.at("seek");
    out.seek.id = seek.at("id").get<std::string>();
    out.seek.game.variant = seek.at("variant").get<std::string>();
    const auto color = color_choice(seek.at("color").get<std::string>());
    if (!color) return std::nullopt;
    out.seek.game.color = *color;
    if (const json& clock = seek.at("clock"); clock.is_object()) {
      const auto initial = integer(clock.at("initial_ms")), increment = integer(clock.at("increment_ms"));
      if (!initial || !increment) return std::nullopt;
      out.seek.game.clock = protocol::ClockSetting{*initial, *increment};
    } else if (!clock.is_null()) {
      return std::nullopt;
    }
    out.seek.game.name = seek.at("name").get<std::string>();
    const auto created = integer(seek.at("created_at"));
    if (!created) return std::nullopt;
    out.seek.created_at_ms = *created;
    out.creator_hash = record.at("creator_hash").get<std::string>();
    out.browser = record.value("browser", "");  // none from nodes of an earlier version
  } catch (const json::exception&) {
    return std::nullopt;
  }
  // The id names the node whose key the claim empties; the hash is what a reclaim is checked against.
  if (!node_made_id(out.seek.id) || !sha256_hex(out.creator_hash)) return std::nullopt;
  if (!out.browser.empty() && !valid_browser_id(out.browser)) return std::nullopt;
  if (!hostable(out.seek.game)) return std::nullopt;
  return out;
}

std::string matched_notice(const MatchedNotice& notice) {
  return protocol::dump(json{{"t", "matched"}, {"seek", notice.seek}, {"game", notice.game}, {"color", notice.color}});
}

std::optional<MatchedNotice> parse_matched_notice(std::string_view text) {
  const json message = json::parse(text, nullptr, false);
  auto field = [&](const char* name) {
    auto it = message.is_object() ? message.find(name) : message.end();
    return it != message.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  MatchedNotice notice{field("seek"), field("game"), field("color")};
  if (field("t") != "matched" || !node_made_id(notice.seek) || !node_made_id(notice.game) ||
      (notice.color != "white" && notice.color != "black"))
    return std::nullopt;
  return notice;
}

bool hostable(const protocol::CreateGameRequest& game) {
  return rules::find_variant(game.variant) != nullptr && (!game.clock || protocol::clock_in_bounds(*game.clock)) &&
         protocol::display_name(game.name) == game.name && !game.local && !game.computer_level;
}

bool valid_browser_id(std::string_view id) { return !protocol::check_secret(id); }

}  // namespace arbiter
