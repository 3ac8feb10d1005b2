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
};

const ZobristKeys& zobrist();

}  // namespace arbiter::rules
