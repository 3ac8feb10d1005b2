#pragma once
// A FEN's placement field (ranks from the top, runs of empty squares as numbers, White's men in
// capitals), written once for every board a FEN is made of: a position's, a side's view of it, a
// sampled one.
#include <cctype>
#include <string>

#include "rules/variant.h"

namespace arbiter::rules {

// `man_at(square)` gives the std::optional<Piece> to write on each square.
template <class ManAt>
void append_placement(std::string& out, const Variant& variant, ManAt&& man_at) {
  const Geometry& g = variant.geometry;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.files(); ++file) {
      const auto man = man_at(g.square(file, rank));
      if (!man) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty), empty = 0;
      const char letter = variant.kinds[man->kind].letter;
      out += man->color == Color::White ? letter : char(std::tolower(static_cast<unsigned char>(letter)));
    }
    if (empty) out += std::to_string(empty);
    if (rank) out += '/';
  }
}

}  // namespace arbiter::rules
