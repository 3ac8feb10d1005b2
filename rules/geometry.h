#pragma once
// Board geometry: a grid of files x ranks, optionally closed on the rank axis (the ring of
// circular chess: files are its rings, ranks its cells). Everything about shape lives here as
// precomputed per-square tables, so that move generation never asks what kind of board it is on.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "rules/bitboard.h"

namespace arbiter::rules {

// The eight king directions, ordered so that opposite(d) == d ^ 1.
struct Direction {
  int df, dr;
};
inline constexpr std::array<Direction, 8> kDirections{{
    {0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}};
inline constexpr int opposite(int d) { return d ^ 1; }

class Geometry {
 public:
  Geometry(int files, int ranks, bool wrap_ranks);

  int files() const { return files_; }
  int ranks() const { return ranks_; }
  bool wraps() const { return wrap_; }
  int size() const { return files_ * ranks_; }
  Bitboard all() const { return all_; }

  int file_of(Square s) const { return s % files_; }
  int rank_of(Square s) const { return s / files_; }
  // The square at (file, rank), wrapping the rank on a ring; kNoSquare off the board.
  Square square(int file, int rank) const;
  Square offset(Square s, int df, int dr) const { return square(file_of(s) + df, rank_of(s) + dr); }
  // The square at (file, rank) when both are on the board: no check, no wrapping.
  Square on_board(int file, int rank) const { return rank * files_ + file; }

  std::string name(Square s) const;                 // "a1", "j10", "d16"
  void append_name(std::string& out, Square s) const;  // the same, appended (no string of its own)
  char* write_name(char* at, Square s) const;          // the same at `at` (room for 4), returning its end
  Square parse(std::string_view text) const;        // kNoSquare if not a square of this board
  // The two squares a move in coordinate notation starts with ("e2e4", "a10a9q"; a name has one or
  // two digits), kNoSquare for one that is not a square here, and where the rest (a suffix) begins.
  struct UciSquares {
    Square from, to;
    std::size_t end;
  };
  UciSquares uci_squares(std::string_view text) const;
  Bitboard rank_squares(int rank) const;
  Bitboard file_squares(int file) const;
  bool light(Square s) const { return (file_of(s) + rank_of(s)) % 2 == 1; }

  // Squares from s along direction d, nearest first, stopping at the edge (on a ring, before s).
  const std::vector<Square>& ray(int d, Square s) const { return rays_[d][s]; }
  Bitboard ray_bits(int d, Square s) const { return ray_bits_[d][s]; }
  // On a flat board a ray's squares rise (or fall) monotonically, so its first blocker is one bit scan.
  Square first_blocker(int d, Square s, Bitboard occupied) const;
  // The squares strictly between s and its first blocker along d, plus the blocker itself.
  Bitboard slide_targets(int d, Square s, Bitboard occupied) const;

 private:
  int files_, ranks_;
  bool wrap_;
  Bitboard all_ = 0;
  std::array<std::vector<std::vector<Square>>, 8> rays_;
  std::array<std::vector<Bitboard>, 8> ray_bits_;
};

}  // namespace arbiter::rules
