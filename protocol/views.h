#pragma once
// Per-viewer views: the one place that decides what each recipient (White, Black, a spectator)
// is shown of a match, for WebSocket messages and HTTP answers alike. What depends on the kind of
// game (an open board, Kriegspiel's hidden one) is its view policy's (view_policy.h): nothing
// here asks which kind a game is.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "match/match.h"
#include "protocol/events.h"

namespace arbiter::protocol {

using match::Time;

// A chat message as kept with its game; not a game event (chat is never numbered).
struct ChatLine {
  match::ChatChannel channel = match::ChatChannel::Spectators;
  Viewer from = Viewer::Spectator;
  std::string name;
  std::string text;
  std::int64_t at_ms = 0;
};

// What the room knows beside the match: who watches and what was said.
struct Company {
  int spectators = 0;
  const std::vector<ChatLine>* chat = nullptr;  // oldest first
};

// {"t":"state",...}: what a connection gets first.
nlohmann::json state_message(const match::Match& match, Time now, Viewer viewer, const Company& company = {});
// An event as White, Black and a spectator (by match::Viewer) are told about it, serialized;
// `match` has just applied it.
// Where the policy says everyone hears alike (an open game), only the player to move is told more
// than the others (their legal moves), so the others share one text and the event is built
// once: broadcasting is on every move's path.
using ViewerTexts = std::array<std::shared_ptr<const std::string>, 3>;
ViewerTexts event_texts(const Event& event, const match::Match& match, Time now);
// {"t":"resumed",...}: after the events a reconnecting client missed, the clocks as they are now.
nlohmann::json resumed_message(const match::Match& match, Time now, Viewer viewer);
// {"t":"presence","white":true,"black":false,"now":{...}}: which seats have a connection, and
// what `viewer` may do now (a claim comes within reach); not numbered.
nlohmann::json presence_message(const match::Match& match, Time now, Viewer viewer);
// {"t":"premove","move":...}: to the seat's own connections only; `cancelled_because` when the
// server dropped it (no longer legal when its turn came).
nlohmann::json premove_message(const std::optional<std::string>& move, std::string_view cancelled_because = {});
// GET /api/games/<id>.
nlohmann::json game_resource(const match::Match& match, Time now, Viewer viewer, const Company& company = {});
// GET /api/join/<code>: what an invitation shows before it is taken (never a token): the game,
// its variant, clock and names, and `color`, the seat a join would take (null once none is free).
nlohmann::json invitation_resource(const match::Match& match, std::optional<rules::Color> free_seat);
// {"t":"chat","channel","from","name","text","at"}: to the readers of its channel; not numbered.
nlohmann::json chat_message(const ChatLine& line);
// The same with "held": true, to its sender alone, when nobody may read it before the end (the
// spectators' chat of a hidden game in play).
nlohmann::json held_chat_message(const ChatLine& line);
// The same without `t`: an entry of `state.chat`.
nlohmann::json chat_line_json(const ChatLine& line);
// Whether `viewer` is shown `line` now.
bool may_read(const match::Match& match, Viewer viewer, const ChatLine& line);
// {"t":"spectators","count":n}: not numbered.
nlohmann::json spectators_message(int count);
// Whether the PGN may be served to anyone yet (a live hidden game: no).
bool pgn_public(const match::Match& match);
// The whole game may be shown to everyone: an open game, or a hidden one that is over.
bool board_public(const match::Match& match);

}  // namespace arbiter::protocol
