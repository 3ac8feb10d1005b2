#pragma once
// Static exchange evaluation: what a capture wins or loses once both sides have recaptured on its
// square with their least valuable men, each stopping when going on would cost it. Read from the
// variant's leap and slide tables, so any board and men; special legs and pins are not seen.
#include <vector>

#include "rules/position.h"

namespace arbiter::engine {

// `values[kind]`: each kind's worth (the royal kind's is taken as more than everything else).
// The result is in the same units, from the mover's side.
int exchange(const rules::Position& pos, const rules::Move& move, const std::vector<int>& values);

}  // namespace arbiter::engine
