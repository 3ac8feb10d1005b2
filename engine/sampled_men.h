#pragma once
// A board as the men on each square, for the hidden-information players' beliefs: they move men
// about in sampled positions and write them back as FEN for rules::Position to read.
#include <optional>
#include <string>
#include <vector>

#include "rules/position.h"

namespace arbiter::engine {

using Men = std::vector<std::optional<rules::Piece>>;  // by square

Men men_of(const rules::Position& p);
// The FEN's first field for these men.
std::string placement_of(const rules::Variant& v, const Men& men);
// The castling letters of `who` in `rights` whose king and rook still stand where they castle from.
std::string castling_still_possible(const rules::Variant& v, const Men& men, rules::Color who, const std::string& rights);

}  // namespace arbiter::engine
