#pragma once
// A set of squares. 128 bits cover every board we host (at most 10x10 = 100 squares).
#include <bit>
#include <cstdint>

namespace arbiter::rules {

using Square = int;               // 0 .. geometry.size()-1; squares run file-first from a1
inline constexpr Square kNoSquare = -1;
inline constexpr int kMaxSquares = 128;

__extension__ typedef unsigned __int128 Bitboard;

inline constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }

inline int popcount(Bitboard b) {
  return std::popcount(static_cast<std::uint64_t>(b)) + std::popcount(static_cast<std::uint64_t>(b >> 64));
}

inline Square lsb(Bitboard b) {
  auto lo = static_cast<std::uint64_t>(b);
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<std::uint64_t>(b >> 64));
}

inline Square msb(Bitboard b) {
  auto hi = static_cast<std::uint64_t>(b >> 64);
  return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(static_cast<std::uint64_t>(b));
}

inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

}  // namespace arbiter::rules
