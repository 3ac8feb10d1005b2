#pragma once
// Fairy-Stockfish's piece types, and what their Betza says about them.
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::ini_import {

// How a Fairy-Stockfish named piece type moves (its Betza; the pawn's is empty, its moves are its
// variant's pawn rules), or nothing for a name that is no such type.
std::optional<std::string_view> named_betza(std::string_view type);

// customPiece1 .. customPiece25.
bool custom_piece_key(const std::string& key);

// A key that adds, changes or removes a piece type: a named type or a custom piece.
bool piece_key(const std::string& key);

// A man whose every move keeps to squares of one colour (the bishop): a king and one such man
// each, both on one colour, cannot mate, as the built-ins' bishops say with same_colour_pair_draws.
bool colour_bound(const std::string& betza);

// Whether a piece has first-move-only moves (Betza i), which Fairy-Stockfish lets a man make from
// the variant's double-step region.
bool first_moves(const std::string& betza);

}  // namespace arbiter::ini_import
