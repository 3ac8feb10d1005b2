#pragma once
// Per-viewer views: the one place that decides what each recipient (White, Black, a spectator)
// is shown of a match, for WebSocket messages and HTTP answers alike.
//
// Hidden variants (Kriegspiel): a player sees only their own men and moves and what the umpire
// said; a spectator only the announcements; everything once the game is over. The branches
// that decide so are marked "hidden:".
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
// GET /api/games/<id>.
nlohmann::json game_resource(const match::Match& match, Time now, Viewer viewer);
// Whether the PGN may be served to anyone yet (a live hidden game: no).
bool pgn_public(const match::Match& match);
// The whole game may be shown to everyone: an open game, or a hidden one that is over.
bool board_public(const match::Match& match);

}  // namespace arbiter::protocol
