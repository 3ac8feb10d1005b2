#pragma once
// Fog of War (rules/FOG_OF_WAR.md): what a side sees of the board.
#include "rules/position.h"

namespace arbiter::rules {

// The squares `side` sees: those of its own men, and every square one of them could move to were
// it that side's move: a pawn's push only onto empty squares, its diagonal only with a man to take
// there, en passant included (then the pawn it would take is seen too, for this turn only, since
// the right lapses); castling shows the king's destination (its path lies between king and rook,
// which the rook sees). A side without a king (the game over) sees only its men. Meant for Visibility::Fog variants, whose moves ignore
// check; on another it follows that variant's legal moves.
Bitboard visible_squares(const Position& position, Color side);

}  // namespace arbiter::rules
