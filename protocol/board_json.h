#pragma once
// The real game as JSON, for the views of whoever may see it (view_policy.h).
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "match/match.h"

namespace arbiter::protocol {

// Whether `viewer` is the player to move in a game under way.
bool to_move(const match::Match& match, match::Viewer viewer);
// The moves played, UCI.
nlohmann::json moves_json(const rules::Game& game);
// Two-move turns (Centennial): the sides that still move twice a turn.
nlohmann::json double_moves_json(const rules::Game& game);
// The legal moves on the real board, a JSON array of UCI strings, when `viewer` is to move; else [].
std::string real_legal_text(const match::Match& match, match::Viewer viewer);
// The position (FEN) after each move.
nlohmann::json real_positions_json(const rules::Game& game);
// After each move, whether the side to move is in check: the real board's, so only for those who
// may see it (beside real_positions_json).
nlohmann::json real_checks_json(const rules::Game& game);

}  // namespace arbiter::protocol
