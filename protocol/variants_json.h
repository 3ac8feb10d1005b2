#pragma once
// GET /api/variants: every variant of the rules library with what a board needs to draw it.
#include <nlohmann/json_fwd.hpp>

namespace arbiter::protocol {

nlohmann::json variants_json();

}  // namespace arbiter::protocol
