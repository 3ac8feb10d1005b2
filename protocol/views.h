#pragma once
// Per-viewer views: the one place that decides what each recipient (White, Black, a
// spectator) is shown of a game, for WebSocket messages and HTTP answers alike.
//
// Kriegspiel seam: a hidden variant (is_hidden) must show a player only their own men and
// moves, and a spectator only the announcements, until the end. Every function below takes the
// viewer for that reason; the hidden-game branches are marked "hidden:" and today leak nothing
// (no fen, moves or legal list) until the Kriegspiel views fill them in with the player's own
// board and the umpire's announcements.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "protocol/events.h"
#include "rules/game.h"
#include "rules/kriegspiel.h"

namespace arbiter::protocol {

enum class Viewer { White, Black, Spectator };
std::string_view viewer_name(Viewer viewer);
Viewer viewer_of(rules::Color seat);

// The clocks as of the moment a message is built: `running` counts down from here.
struct ClockView {
  std::int64_t initial_ms = 0;
  std::int64_t increment_ms = 0;
  ClockTimes remaining;
  std::optional<rules::Color> running;
};

// What the room knows about its game, borrowed for the time it takes to build a message.
struct GameSnapshot {
  std::string_view id;
  const rules::Game* game = nullptr;
  const rules::Umpire* umpire = nullptr;  // hidden games: the umpire, whose game `game` is
  std::string_view status;  // waiting | playing | finished
  std::string_view result;  // "*" while not finished
  std::string_view reason;  // empty while not finished
  std::int64_t v = 0;       // events so far
  std::optional<ClockView> clock;
  std::optional<rules::Color> draw_offer;
  bool local = false;
  std::int64_t created_at_ms = 0;
  std::optional<std::int64_t> ended_at_ms;

  const rules::Variant& variant() const { return game->start().variant(); }
  bool finished() const { return status == "finished"; }
};

// A variant whose players do not see the opponent's men (Kriegspiel).
bool is_hidden(const rules::Variant& variant);

// {"t":"state",...}: what a connection gets first.
nlohmann::json state_message(const GameSnapshot& game, Viewer viewer);
// An event as `viewer` is told about it; `game` is the state right after the event.
nlohmann::json event_message(const Event& event, const GameSnapshot& game, Viewer viewer);
// GET /api/games/<id>.
nlohmann::json game_resource(const GameSnapshot& game, Viewer viewer);
// Whether the PGN may be served to anyone yet (a live hidden game: no).
bool pgn_public(const GameSnapshot& game);

}  // namespace arbiter::protocol
