#pragma once
// Independent cross-check with Fairy-Stockfish, which must be installed (test.sh installs it):
// positions reached by seeded random play, each compared move by move (perft divided).
#include <string>

#include "rules/variant.h"

namespace arbiter::rules::testing {

// Plays `games` random games of up to `plies` plies from `seed`, and checks perft `depth` divided
// at every position they pass (at depth 3, every `stride`-th) against Fairy-Stockfish's variant
// `stockfish_name`, loaded from the variants.ini at `variant_path` if one is given. Reports the
// number of positions checked.
void crosscheck(const Variant& variant, const std::string& stockfish_name, unsigned seed, int depth = 2,
                int games = 6, int plies = 100, int stride = 1, const std::string& variant_path = {});

}  // namespace arbiter::rules::testing
