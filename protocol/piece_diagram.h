#pragma once
// The small board that shows how a kind moves (GET /api/variants' `diagram`): the squares a man
// of the kind reaches from the middle of a 7x7 board, found by the rules' own tables and walks
// on such a board, so that the picture cannot part from the rules. A kind that hops (the cannon,
// the grasshopper) is shown with men to hop over (`screens`) placed next to it.
#include <nlohmann/json_fwd.hpp>

#include "rules/variant.h"

namespace arbiter::protocol {

// {"files", "ranks", "from", "moves_to", "captures_to"} and, for a hopper, "screens".
nlohmann::json piece_diagram(const rules::PieceKind& kind);

}  // namespace arbiter::protocol
