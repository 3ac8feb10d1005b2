#pragma once
// A FEN of what one side is shown of a position in a game of hidden men (Kriegspiel's own men,
// Fog of War's sight).
#include <string>

#include "rules/position.h"

namespace arbiter::rules {

// The men on `shown`, and of the rest only what `who` knows: the real side to move and move
// number, their own castling rights, never an en-passant square, and a halfmove clock of 0 (the
// real ones tell the opponent's pawn moves and captures).
std::string seat_fen(const Position& pos, Color who, Bitboard shown);

}  // namespace arbiter::rules
