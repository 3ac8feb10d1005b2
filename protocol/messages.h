#pragma once
// Messages clients send: WebSocket commands and HTTP request bodies, parsed and validated here
// so that the server only ever sees well-formed values. Anything else becomes a BadInput that
// the server answers with an error and no change.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json_fwd.hpp>

#include "match/match.h"

namespace arbiter::protocol {

// An error code from protocol.md ("bad_message", ...) and a human sentence.
struct BadInput {
  std::string code;
  std::string message;
};

template <class T>
using Parsed = std::variant<T, BadInput>;

// WebSocket, client to server: the match's commands, and ping.
using match::AbortCommand;
using match::AnyCommand;
using match::ClaimCommand;
using match::DeclineDrawCommand;
using match::DeclineTakebackCommand;
using match::DrawCommand;
using match::MoveCommand;
using match::ResignCommand;
using match::TakebackCommand;
struct PingCommand {};
struct PremoveCommand {
  std::optional<std::string> move;  // none: cancel
};
using ClientCommand = std::variant<match::Command, PremoveCommand, PingCommand>;

Parsed<ClientCommand> parse_client_command(std::string_view text);

// HTTP: POST /api/games.
enum class ColorChoice { White, Black, Random };
using match::ClockSetting;
struct CreateGameRequest {
  std::string variant = "chess";
  ColorChoice color = ColorChoice::Random;
  std::optional<ClockSetting> clock;  // none: untimed
  bool local = false;
  std::optional<int> computer_level;  // the other seat is the computer, at this level
};
inline constexpr int kMinComputerLevel = 1, kMaxComputerLevel = 8;

// Checks the variant against the rules library; seconds may be fractional (0.5).
Parsed<CreateGameRequest> parse_create_game(std::string_view body);

// {"t":"error","code","message"}, serialized: sent to one connection, never numbered.
std::string error_message(std::string_view code, std::string_view message);
std::string pong_message();

// Serializes for the wire; invalid UTF-8 is replaced rather than thrown on.
std::string dump(const nlohmann::json& value);

}  // namespace arbiter::protocol
