#pragma once
// A cluster's seek as Redis holds it (server/cluster/redis_cluster.h), and what a node may believe of one
// it reads back. Redis is another process that anyone with its address may write to, and the
// other nodes may serve other variants (`serve --variants`): a record is checked field by field
// and one this node could not host is not shown here at all (never a crash, never a game it
// cannot make).
#include <optional>
#include <string>
#include <string_view>

#include "protocol/messages.h"
#include "server/lobby/lobby.h"

namespace arbiter {

// The record of a seek, as this node writes it.
std::string seek_record(const SharedSeek& seek);

// The seek a record describes, if every field is well formed and this node can host its game
// (hostable below); nullopt otherwise.
std::optional<SharedSeek> parse_seek_record(std::string_view text);

// "Your seek `seek` was taken: its creator plays `color` in `game`", from the taker's node.
struct MatchedNotice {
  std::string seek, game, color;
};
std::string matched_notice(const MatchedNotice& notice);
std::optional<MatchedNotice> parse_matched_notice(std::string_view text);

// Whether this node can make the game a seek asks for: a variant it serves, a clock within the
// bounds of POST /api/games, a name as display_name() leaves it, two people on two devices.
bool hostable(const protocol::CreateGameRequest& game);

// A lobby socket's browser id (`/ws/lobby?browser=`): what makes two sockets one person's.
bool valid_browser_id(std::string_view id);

}  // namespace arbiter
