#pragma once
// The engine's analysis of a game (engine/analysis.h) as the API serves it and the store keeps it
// (PROTOCOL.md, "Analysis"): where the engine's judgements become the wire's words.
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/analysis.h"
#include "rules/game.h"

namespace arbiter {

// {"movetime_ms", "plies", "positions": [{ply, san, uci, eval, chances, best, best_uci, line,
// judgement, mark}...], "summary": {white: {inaccuracy, mistake, blunder}, black: {...}}}.
nlohmann::json analysis_json(const rules::Game& game, const std::vector<engine::PlyAnalysis>& plies,
                             std::int64_t movetime_ms);

}  // namespace arbiter
