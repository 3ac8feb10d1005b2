#pragma once
// What the page needs to know about a variant's piece kinds, decided here so that the page holds
// no rule: which drawing each kind gets (as its definition says, never guessed from a name), how it
// moves in words, and the squares it reaches from the middle of a small empty board (from the
// rules' legs). Part of GET /api/variants (variants_json.h).
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "rules/variant.h"

namespace arbiter::protocol {

// The drawing the page uses for a kind, as its definition names it ("archbishop", "pawn-up", ...);
// for a kind with none (an operator's new piece), "glyph-" and its letter: the page draws the
// letter on a piece-like disc.
std::string drawing_of(const rules::PieceKind& kind);

// {"id", "letter", "name", "drawing", "royal", "pawn", "text", "diagram", ...} for one of the
// variant's kinds (an element of variant.kinds).
nlohmann::json piece_facts(const rules::Variant& variant, const rules::PieceKind& kind);

}  // namespace arbiter::protocol
