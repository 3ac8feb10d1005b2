#pragma once
// The lobby's messages (/ws/lobby): open games (seeks) offered, taken and withdrawn, and how
// many people are on and games in play. Parsed and written here; the lobby itself is server/.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json_fwd.hpp>

#include "protocol/messages.h"

namespace arbiter::protocol {

// An open game as everyone sees it.
struct Seek {
  std::string id;
  CreateGameRequest game;  // variant, the creator's colour choice, clock, the creator's name
  std::int64_t created_at_ms = 0;
};

struct SeekCommand {          // {"t":"seek", variant, color, clock, name}: as POST /api/games
  CreateGameRequest game;
};
struct CancelSeekCommand {    // {"t":"cancel","id"}
  std::string id;
};
struct AcceptSeekCommand {    // {"t":"accept","id","name","token"}
  std::string id;
  std::string name;
  // The taker's own secret for the seat (see JoinRequest): the same accept sent again on a new
  // connection, its "matched" lost, is answered "matched" again.
  std::optional<std::string> token;
};
struct ReclaimSeekCommand {   // {"t":"reclaim","id","token"}: the creator, back on a new connection
  std::string id;
  std::string token;
};
using LobbyCommand = std::variant<SeekCommand, CancelSeekCommand, AcceptSeekCommand, ReclaimSeekCommand, PingCommand>;

Parsed<LobbyCommand> parse_lobby_command(std::string_view text);

nlohmann::json seek_json(const Seek& seek);
std::string_view color_choice_name(ColorChoice choice);  // "white", "black", "random"

}  // namespace arbiter::protocol
