#pragma once
// A seat's view as the engine takes it: the `state` message the seat is sent (protocol/PROTOCOL.md,
// "state"), read into the engine's typed view of a game whose board is hidden. Each reader reads
// only that message, so the engine sees no more than a person in the seat; a message that does not
// hang together is refused with what is wrong.
#include <nlohmann/json_fwd.hpp>

#include "engine/fog_view.h"
#include "engine/kriegspiel_view.h"
#include "rules/result.h"

namespace arbiter {

// Fog of War: one engine::FogSight per position of the game so far, from the seat's sight at
// every position (`sight.<you>`), the men on those squares (the start from `start_fen`, which
// every seat knows, then each `positions[i]`, the seat's own FEN after move i), whose turn it was,
// and the seat's own moves (`moves`) put at the plies it made them.
rules::Result<engine::FogView> fog_view_of(const rules::Variant& variant, const nlohmann::json& seat_view);

// Kriegspiel: the seat's own men (`fen`) and every umpire act it heard (`umpire`: "say", "by",
// "move" for its own tries, "capture" and "check" for a move, "answer" for a question), in order.
rules::Result<engine::KriegspielView> kriegspiel_view_of(const rules::Variant& variant, const nlohmann::json& seat_view);

}  // namespace arbiter
