#include "protocol/lobby_messages.h"

#include <nlohmann/json.hpp>

#include "protocol/client_json.h"

namespace arbiter::protocol {
namespace {

using nlohmann::json;

BadInput bad(std::string message) { return {"bad_message", std::move(message)}; }

std::optional<std::string> key_field(const json& message, const char* name) {
  auto it = message.find(name);
  if (it == message.end() || !it->is_string() || it->get_ref<const std::string&>().empty() ||
      it->get_ref<const std::string&>().size() > 64)
    return std::nullopt;
  return it->get<std::string>();
}

}  // namespace

Parsed<LobbyCommand> parse_lobby_command(std::string_view text) {
  json message = parse_client_json(text).value_or(json(json::value_t::discarded));
  if (message.is_discarded()) return bad("not JSON");
  if (!message.is_object()) return bad("a message is a JSON object");
  auto type = message.find("t");
  if (type == message.end() || !type->is_string()) return bad("a message needs \"t\", its type");
  const auto& t = type->get_ref<const std::string&>();
  if (t == "ping") return LobbyCommand{PingCommand{}};
  if (t == "seek") {
    if (message.contains("local")) return bad("a seek is for two people");
    auto game = parse_create_game(text);
    if (auto* refused = std::get_if<BadInput>(&game)) return *refused;
    return LobbyCommand{SeekCommand{std::get<CreateGameRequest>(game)}};
  }
  auto id = key_field(message, "id");
  if (!id) return bad("\"id\" names a seek");
  if (t == "cancel") return LobbyCommand{CancelSeekCommand{*id}};
  if (t == "accept") {
    auto name = parse_name_field(message);
    if (auto* refused = std::get_if<BadInput>(&name)) return *refused;
    AcceptSeekCommand accept{*id, std::get<std::string>(name), {}};
    if (auto token = message.find("token"); token != message.end() && !token->is_null()) {
      if (!token->is_string()) return BadInput{"bad_token", "\"token\" is a string"};
      if (auto refused = check_secret(token->get_ref<const std::string&>())) return *refused;
      accept.token = token->get<std::string>();
    }
    return LobbyCommand{std::move(accept)};
  }
  if (t == "reclaim") {
    auto token = key_field(message, "token");
    if (!token) return bad("\"token\" is the one the seek was created with");
    return LobbyCommand{ReclaimSeekCommand{*id, *token}};
  }
  return bad("unknown message type");
}

std::string_view color_choice_name(ColorChoice choice) {
  if (choice == ColorChoice::White) return "white";
  if (choice == ColorChoice::Black) return "black";
  return "random";
}

json seek_json(const Seek& seek) {
  const auto& clock = seek.game.clock;
  return {{"id", seek.id},
          {"variant", seek.game.variant},
          {"color", color_choice_name(seek.game.color)},
          {"clock", clock ? json{{"initial_ms", clock->initial_ms}, {"increment_ms", clock->increment_ms}} : json(nullptr)},
          {"name", seek.game.name},
          {"created_at", seek.created_at_ms}};
}

}  // namespace arbiter::protocol
