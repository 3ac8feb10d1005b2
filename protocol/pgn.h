#pragma once
// PGN export: the seven-tag roster, [Variant] and [FEN]/[SetUp] where the start is not
// standard chess, SAN movetext with move numbers, and the result.
#include <string>

#include "protocol/views.h"

namespace arbiter::protocol {

std::string pgn(const GameSnapshot& game);

}  // namespace arbiter::protocol
