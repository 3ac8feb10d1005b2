#pragma once
// Reads the first game of a PGN file: its tags, and its moves in SAN played from [FEN] (or the
// variant's start) in the variant its [Variant] tag names (a name, title or `pgn_variant`, as
// protocol/pgn.cpp writes it; none, or "Standard", is the PGN standard's own game). Comments, variations, NAGs and move numbers are skipped; a
// Centennial turn is one token of two moves joined by a comma. For `arbiter analyse`.
#include <map>
#include <string>
#include <string_view>

#include "rules/game.h"
#include "rules/result.h"

namespace arbiter::protocol {

struct PgnGame {
  std::map<std::string, std::string> tags;
  rules::Game game;
  std::string result;  // "1-0", "0-1", "1/2-1/2", "*"
};

// `variant_name`: the variant to read it in, whatever the tags say (empty: as they say).
rules::Result<PgnGame> read_pgn(std::string_view text, std::string_view variant_name = {});

}  // namespace arbiter::protocol
