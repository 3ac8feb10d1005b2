#pragma once
// A Fog of War seat's view as the engine takes it: the `state` message the seat is sent
// (protocol/PROTOCOL.md, "Fog of War") read into one engine::FogSight per position of the game
// so far. It reads only what the message holds: the seat's sight at every position
// (`sight.<you>`), the men on those squares (the start from `start_fen`, which every seat knows,
// then each `positions[i]`, the seat's own FEN after move i), whose turn it was, and the seat's
// own moves (`moves`) put at the plies it made them.
#include <nlohmann/json_fwd.hpp>

#include "engine/fog_view.h"
#include "rules/result.h"

namespace arbiter {

rules::Result<engine::FogView> fog_view_of(const rules::Variant& variant, const nlohmann::json& seat_view);

}  // namespace arbiter
