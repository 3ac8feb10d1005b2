#pragma once
// PGN export: the seven-tag roster, [Variant] and [FEN]/[SetUp] where the start is not
// standard chess, SAN movetext with move numbers, and the result.
#include <string>

#include "match/match.h"

namespace arbiter::protocol {

std::string pgn(const match::Match& match);

}  // namespace arbiter::protocol
