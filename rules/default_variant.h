#pragma once
// The variant meant where none is named: a game created without one, a UCI session before its
// UCI_Variant, and the game whose measured ratings are the computer's scale (Fairy-Stockfish
// calibrates UCI_Elo in chess). A default, named once here: no rule treats it apart.
#include <string_view>

#include "rules/variant.h"

namespace arbiter::rules {

inline constexpr std::string_view kDefaultVariant = "chess";

inline const Variant& default_variant() { return *find_variant(kDefaultVariant); }

}  // namespace arbiter::rules
