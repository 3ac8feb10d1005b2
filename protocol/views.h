#pragma once
// Per-viewer views: the one place that decides what each recipient (White, Black, a spectator)
// is shown of a match, for WebSocket messages and HTTP answers alike.
//
// Hidden variants (Kriegspiel): a player sees only their own men and moves and what the umpire
// said; a spectator only the announcements; everything once the game is over. The branches
// that decide so are marked "hidden:".
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "match/match.h"
#include "protocol/events.h"

namespace arbiter::protocol {

using match::Time;

// {"t":"state",...}: what a connection gets first.
nlohmann::json state_message(const match::Match& match, Time now, Viewer viewer);
// An event as `viewer` is told about it; `match` has just applied it.
nlohmann::json event_message(const Event& event, const match::Match& match, Time now, Viewer viewer);
// {"t":"resumed",...}: after the events a reconnecting client missed, the clocks as they are now.
nlohmann::json resumed_message(const match::Match& match, Time now);
// {"t":"presence","white":true,"black":false}: which seats have a connection; not numbered.
nlohmann::json presence_message(const match::Match& match);
// {"t":"premove","move":...}: to the seat's own connections only; `cancelled_because` when the
// server dropped it (no longer legal when its turn came).
nlohmann::json premove_message(const std::optional<std::string>& move, std::string_view cancelled_because = {});
// GET /api/games/<id>.
nlohmann::json game_resource(const match::Match& match, Time now, Viewer viewer);
// Whether the PGN may be served to anyone yet (a live hidden game: no).
bool pgn_public(const match::Match& match);
// The whole game may be shown to everyone: an open game, or a hidden one that is over.
bool board_public(const match::Match& match);

}  // namespace arbiter::protocol
