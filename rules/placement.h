#pragma once
// A FEN's placement field (ranks from the top, runs of empty squares as numbers, White's men in
// capitals), written once for every board a FEN is made of: a position's, a side's view of it, a
// sampled one; and read once, for a position, a side's own board, an imported setup.
#include <cctype>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "rules/variant.h"

namespace arbiter::rules {

// `letter_at(square)` gives the letter to write on each square, or 0 for an empty one.
template <class LetterAt>
void append_placement_letters(std::string& out, const Geometry& g, LetterAt&& letter_at) {
  // A run of empty squares as its count: one digit on boards up to nine files wide.
  auto empties = [&](int count) {
    if (count < 10) out += static_cast<char>('0' + count);
    else out += std::to_string(count);
  };
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.files(); ++file) {
      const char letter = letter_at(g.on_board(file, rank));
      if (!letter) {
        ++empty;
        continue;
      }
      if (empty) empties(empty), empty = 0;
      out += letter;
    }
    if (empty) empties(empty);
    if (rank) out += '/';
  }
}

// Reads a placement field on a board of `files` x `ranks` (ranks from the top): calls
// put(file, rank, letter) for each man, in the field's order, and `put` may refuse one by giving
// a reason. The first fault (the field does not fit the board, an empty run of zero squares, a
// refused man), or nullopt once the field covers the board exactly.
using PlaceMan = std::function<std::optional<std::string>(int file, int rank, char letter)>;
std::optional<std::string> read_placement(int files, int ranks, std::string_view placement, const PlaceMan& put);

// `man_at(square)` gives the std::optional<Piece> to write on each square.
template <class ManAt>
void append_placement(std::string& out, const Variant& variant, ManAt&& man_at) {
  append_placement_letters(out, variant.geometry, [&](Square s) -> char {
    const auto man = man_at(s);
    if (!man) return 0;
    const char letter = variant.kinds[man->kind].letter;
    return man->color == Color::White ? letter : char(std::tolower(static_cast<unsigned char>(letter)));
  });
}

}  // namespace arbiter::rules
