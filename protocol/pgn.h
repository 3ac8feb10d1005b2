#pragma once
// PGN export: the seven-tag roster, [Variant] and [FEN]/[SetUp] where the start is not
// standard chess, SAN movetext with move numbers, and the result. PROTOCOL.md gives the conventions.
#include <string>

#include "match/match.h"

namespace arbiter::protocol {

std::string pgn(const match::Match& match);

// The number of moves as the PGN and the page's move list number them: one for each side's turn,
// so a Centennial turn of two moves counts once.
int numbered_moves(const rules::Game& game);

}  // namespace arbiter::protocol
