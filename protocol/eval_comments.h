#pragma once
// The [%eval] comments the PGN export takes from a game's analysis as the API serves it and the
// store keeps it (PROTOCOL.md, "Analysis"; server/players/analysis_json.h writes it).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace arbiter::protocol {

// "[%eval 0.32]", "[%eval #-3]"; "" where there is nothing to say (a mated position).
std::string eval_comment(const nlohmann::json& eval);
// The comment for the position after each ply (index 0: the start), from an analysis' JSON.
std::vector<std::string> eval_comments(const nlohmann::json& analysis);

}  // namespace arbiter::protocol
