#pragma once
// A game's analysis as the API serves it and the store keeps it (PROTOCOL.md, "Analysis"), and
// the [%eval] comments the PGN export takes from it.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/analysis.h"
#include "rules/game.h"

namespace arbiter::protocol {

std::string_view judgement_name(engine::Judgement judgement);  // "inaccuracy", ...; "" for none
std::string_view judgement_mark(engine::Judgement judgement);  // "?!", "?", "??"; "" for none

// {"movetime_ms", "plies", "positions": [{ply, san, uci, eval, chances, best, best_uci, line,
// judgement, mark}...], "summary": {white: {inaccuracy, mistake, blunder}, black: {...}}}.
nlohmann::json analysis_json(const rules::Game& game, const std::vector<engine::PlyAnalysis>& plies,
                             std::int64_t movetime_ms);

// "[%eval 0.32]", "[%eval #-3]"; "" where there is nothing to say (a mated position).
std::string eval_comment(const nlohmann::json& eval);
// The comment for the position after each ply (index 0: the start), from analysis_json's output.
std::vector<std::string> eval_comments(const nlohmann::json& analysis);

}  // namespace arbiter::protocol
