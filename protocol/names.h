#pragma once
// The wire spelling of the match's enums: the only place they become strings.
#include <optional>
#include <string_view>

#include "match/types.h"
#include "rules/kriegspiel.h"

namespace arbiter::protocol {

using match::Viewer;
using match::viewer_of;
using match::seat_of;

std::string_view color_name(rules::Color c);  // "white", "black"
std::optional<rules::Color> parse_color(std::string_view name);
std::string_view other_color_name(std::string_view name);  // the seat across: "white" for "black", else "black"
std::string_view viewer_name(Viewer viewer);   // "white", "black", "spectator"
std::string_view status_name(match::Status status);  // "waiting", "playing", "finished"
std::string_view result_name(match::Result result);  // "1-0", "0-1", "1/2-1/2", "*"
std::optional<match::Result> parse_result(std::string_view name);  // "*" reads as Aborted
std::string_view reason_name(match::EndReason reason);  // "checkmate", "resign", ...; "" for None
std::optional<match::EndReason> parse_reason(std::string_view name);
std::string_view channel_name(match::ChatChannel channel);  // "players", "spectators"
std::optional<match::ChatChannel> parse_channel(std::string_view name);
std::string_view error_code(match::Rejection rejection);  // "illegal_move", "stale_ply", ...
std::string_view umpire_say_name(rules::UmpireAct::Kind kind);  // an `umpire` entry's "say": "moved", "illegal", "any"
std::optional<rules::UmpireAct::Kind> parse_umpire_say(std::string_view name);

}  // namespace arbiter::protocol
