#pragma once
// Betza notation to legs, read as Fairy-Stockfish reads it (its piece.cpp), so that a piece
// written for Fairy-Stockfish moves the same here. Pure: text in, legs out.
//
// Supported: leapers W F D N A H C L Z J G K and (a,b); riders R B Q, and any leaper doubled or
// with a range digit (WW = R, NN the nightrider; 0 unlimited, 1 a leap, 2-9 at most so many
// steps: R4); modalities m c; directions f b l r v s h and their two-letter combinations; e (this
// capture may be en passant); hoppers p (the cannon: mRcpR) and g (the grasshopper: gQ) on
// unlimited riders; lame leaps n of two steps with one square between (nN the xiangqi horse, nA,
// nD); i (first move only) on any move: the pawn's double step (ifmnD, ifmW2, ifmR2) as such, any
// other as legs marked initial. Refused, naming what: hoppers and lame moves beyond those, e on an i move.
#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rules/variant.h"

namespace arbiter::rules {

inline constexpr std::size_t kMaxBetzaLength = 64;

struct BetzaMoves {
  std::vector<Leg> legs;     // as White sees them: dr forward, df to the right
  bool double_step = false;  // the first-move-only two-step forward move to an empty square (ifmnD)
  bool en_passant = false;   // a capture marked e
};

struct BetzaError {
  std::size_t column;  // 1-based, the character where the fault is
  std::string reason;  // "not supported: hopper"
  std::string message() const;  // "at character 3: not supported: hopper"
};

using BetzaResult = std::variant<BetzaMoves, BetzaError>;

BetzaResult parse_betza(std::string_view text);

// Whether the legs are their own mirror image (left and right alike). Fairy-Stockfish turns a
// piece half round for Black, so a piece that is not must have legs_turn_for_black.
bool left_right_symmetric(const std::vector<Leg>& legs);

}  // namespace arbiter::rules
