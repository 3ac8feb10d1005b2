#pragma once
// GET /api/variants: every variant of the rules library with what a board needs to draw it.
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace arbiter::protocol {

// `computer_levels`: the computer's levels' ratings on its own scale, level 1's first (the
// engine's to say: engine/level.h), served as the top-level "levels".
nlohmann::json variants_json(const std::vector<int>& computer_levels);

}  // namespace arbiter::protocol
