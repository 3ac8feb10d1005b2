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

namespace arbiter::protocol {

// An error code from protocol.md ("bad_message", ...) and a human sentence.
struct BadInput {
  std::string code;
  std::string message;
};

template <class T>
using Parsed = std::variant<T, BadInput>;

// WebSocket, client to server.
struct MoveCommand {
  std::string move;    // UCI-style, checked for shape only; legality is the rules library's
  std::int64_t ply;    // moves played before this one
};
struct ResignCommand {};
struct DrawCommand {};   // offer, or accept the opponent's offer
struct AbortCommand {};  // extension: end without result while a side has not yet moved
struct AnyCommand {};    // Kriegspiel "Are there any?"
struct PingCommand {};
using ClientCommand =
    std::variant<MoveCommand, ResignCommand, DrawCommand, AbortCommand, AnyCommand, PingCommand>;

Parsed<ClientCommand> parse_client_command(std::string_view text);

// HTTP: POST /api/games.
enum class ColorChoice { White, Black, Random };
struct ClockSetting {
  std::int64_t initial_ms;
  std::int64_t increment_ms;
};
struct CreateGameRequest {
  std::string variant = "chess";
  ColorChoice color = ColorChoice::Random;
  std::optional<ClockSetting> clock;  // none: untimed
  bool local = false;
};

// Checks the variant against the rules library; seconds may be fractional (0.5).
Parsed<CreateGameRequest> parse_create_game(std::string_view body);

// {"t":"error","code","message"}, serialized: sent to one connection, never numbered.
std::string error_message(std::string_view code, std::string_view message);
std::string pong_message();

// Serializes for the wire; invalid UTF-8 is replaced rather than thrown on.
std::string dump(const nlohmann::json& value);

}  // namespace arbiter::protocol
