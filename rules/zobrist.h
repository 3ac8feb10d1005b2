#pragma once
// Random keys for position hashing (repetition detection). Fixed seed: hashes are stable across runs.
#include <array>
#include <cstdint>

#include "rules/bitboard.h"
#include "rules/variant.h"

namespace arbiter::rules {

struct ZobristKeys {
  std::array<std::array<std::array<std::uint64_t, kMaxSquares>, kMaxKinds>, 2> piece;
  std::array<std::uint64_t, 16> castling;
  std::array<std::uint64_t, kMaxSquares> en_passant;
  std::uint64_t black_to_move;
  // Centennial's turn state: who still moves twice, the men of this turn's first move, unmoved stewards.
  std::array<std::uint64_t, 2> double_move;
  std::array<std::uint64_t, kMaxSquares> moved_this_turn;
  std::array<std::uint64_t, kMaxSquares> unmoved;
};

const ZobristKeys& zobrist();

}  // namespace arbiter::rules
