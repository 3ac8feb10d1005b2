#pragma once
// A set of squares. The default build covers boards of at most 128 squares (16x8, 12x10, 11x11)
// with one 128-bit integer; a build with ARBITER_LARGE_BOARDS (CMake option, docs/variants.md, "Large
// boards") covers 256 (16x16) with two, at about half again the CPU time per move (as
// Fairy-Stockfish's largeboards build trades speed for size).
#include <bit>
#include <cstdint>

namespace arbiter::rules {

using Square = int;               // 0 .. geometry.size()-1; squares run file-first from a1
inline constexpr Square kNoSquare = -1;

__extension__ typedef unsigned __int128 Uint128;

inline int popcount(Uint128 b) {
  return std::popcount(static_cast<std::uint64_t>(b)) + std::popcount(static_cast<std::uint64_t>(b >> 64));
}
inline Square lsb(Uint128 b) {
  auto lo = static_cast<std::uint64_t>(b);
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<std::uint64_t>(b >> 64));
}
inline Square msb(Uint128 b) {
  auto hi = static_cast<std::uint64_t>(b >> 64);
  return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(static_cast<std::uint64_t>(b));
}

#ifndef ARBITER_LARGE_BOARDS

inline constexpr int kMaxSquares = 128;
using Bitboard = Uint128;

#else

inline constexpr int kMaxSquares = 256;

// 256 squares as two 128-bit halves, with the operators the rules use on a Bitboard.
class Bitboard {
 public:
  constexpr Bitboard() = default;
  constexpr Bitboard(unsigned long long low) : lo_(low) {}  // NOLINT: 0 and 1 read as sets
  constexpr Bitboard(int low) : lo_(Uint128(low)), hi_(low < 0 ? ~Uint128{0} : 0) {}  // NOLINT
  constexpr explicit operator bool() const { return lo_ || hi_; }
  constexpr bool operator==(const Bitboard&) const = default;

  constexpr Bitboard operator~() const { return {~lo_, ~hi_}; }
  constexpr Bitboard operator&(const Bitboard& o) const { return {lo_ & o.lo_, hi_ & o.hi_}; }
  constexpr Bitboard operator|(const Bitboard& o) const { return {lo_ | o.lo_, hi_ | o.hi_}; }
  constexpr Bitboard operator^(const Bitboard& o) const { return {lo_ ^ o.lo_, hi_ ^ o.hi_}; }
  constexpr Bitboard operator-(const Bitboard& o) const {
    const Uint128 lo = lo_ - o.lo_;
    return {lo, hi_ - o.hi_ - (lo > lo_ ? 1 : 0)};
  }
  constexpr Bitboard operator<<(int n) const {
    if (n == 0) return *this;
    if (n >= 256) return {};
    if (n >= 128) return {0, lo_ << (n - 128)};
    return {lo_ << n, (hi_ << n) | (lo_ >> (128 - n))};
  }
  constexpr Bitboard operator>>(int n) const {
    if (n == 0) return *this;
    if (n >= 256) return {};
    if (n >= 128) return {hi_ >> (n - 128), 0};
    return {(lo_ >> n) | (hi_ << (128 - n)), hi_ >> n};
  }
  constexpr Bitboard& operator&=(const Bitboard& o) { return *this = *this & o; }
  constexpr Bitboard& operator|=(const Bitboard& o) { return *this = *this | o; }
  constexpr Bitboard& operator^=(const Bitboard& o) { return *this = *this ^ o; }
  constexpr Bitboard& operator<<=(int n) { return *this = *this << n; }
  constexpr Bitboard& operator>>=(int n) { return *this = *this >> n; }

  constexpr Uint128 low() const { return lo_; }    // squares 0-127
  constexpr Uint128 high() const { return hi_; }   // squares 128-255

 private:
  constexpr Bitboard(Uint128 lo, Uint128 hi) : lo_(lo), hi_(hi) {}
  Uint128 lo_ = 0, hi_ = 0;
};

inline int popcount(const Bitboard& b) { return popcount(b.low()) + popcount(b.high()); }
inline Square lsb(const Bitboard& b) { return b.low() ? lsb(b.low()) : 128 + lsb(b.high()); }
inline Square msb(const Bitboard& b) { return b.high() ? 128 + msb(b.high()) : msb(b.low()); }

#endif

inline constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }

inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

}  // namespace arbiter::rules
