#pragma once
// Messages clients send: WebSocket commands and HTTP request bodies, parsed and validated here
// so that the server only ever sees well-formed values. Anything else becomes a BadInput that
// the server answers with an error and no change.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json_fwd.hpp>

#include "match/match.h"
#include "rules/default_variant.h"

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
using match::DeclineRematchCommand;
using match::RematchCommand;
struct PingCommand {};
// A chat message: no control characters, invisible ones (Unicode format characters such as
// U+202E, U+200B; see messages.cpp) dropped, trimmed, 1 to kMaxChatLength characters.
struct ChatCommand {
  std::string text;
  std::string name;  // a spectator's display name ("" if not given); players speak as their seat
};
inline constexpr std::size_t kMaxChatLength = 140;
inline constexpr std::size_t kMaxNameLength = 20;
inline constexpr std::string_view kAnonymous = "Anonymous";
struct PremoveCommand {
  std::optional<std::string> move;  // none: cancel
};
using ClientCommand = std::variant<match::Command, PremoveCommand, PingCommand, ChatCommand>;

Parsed<ClientCommand> parse_client_command(std::string_view text);

// HTTP: POST /api/games.
enum class ColorChoice { White, Black, Random };
using match::ClockSetting;
struct CreateGameRequest {
  std::string variant{rules::kDefaultVariant};
  ColorChoice color = ColorChoice::Random;
  std::optional<ClockSetting> clock;  // none: untimed
  bool local = false;
  std::optional<int> computer_level;  // the other seat is the computer, at this level
  std::string name{kAnonymous};  // the creator's display name
};
inline constexpr int kMinComputerLevel = 1, kMaxComputerLevel = 8;

// A display name as shown: control and invisible characters dropped, trimmed, cut to kMaxNameLength
// characters; kAnonymous when nothing is left.
std::string display_name(std::string_view raw);
// "name" of a request object: absent or null is kAnonymous; anything but a string is bad.
Parsed<std::string> parse_name_field(const nlohmann::json& message);
// The body of POST /api/join/<code> and /api/games/<id>/join: empty, or {"name", "token"}.
struct JoinRequest {
  std::string name;
  // The joiner's own secret for the seat, so that a join whose answer was lost can be repeated
  // (same secret, same seat). base64url, kMinSecretChars to 64 characters.
  std::optional<std::string> token;
};
inline constexpr std::size_t kMinSecretChars = 22;  // 132 bits
Parsed<JoinRequest> parse_join(std::string_view body);
// A client-chosen seat secret: at least kMinSecretChars base64url characters, at most 64.
std::optional<BadInput> check_secret(std::string_view secret);

// Checks the variant against the rules library; seconds may be fractional (0.5).
Parsed<CreateGameRequest> parse_create_game(std::string_view body);
// A clock parse_create_game could have given: 1 s to a day, an increment of 0 to an hour.
bool clock_in_bounds(const ClockSetting& clock);

// {"t":"error","code","message"}, serialized: sent to one connection, never numbered.
std::string error_message(std::string_view code, std::string_view message);
std::string pong_message();

// Serializes for the wire; invalid UTF-8 is replaced rather than thrown on.
std::string dump(const nlohmann::json& value);

}  // namespace arbiter::protocol
