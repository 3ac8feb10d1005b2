#include "rules/geometry.h"

#include <cctype>
#include <charconv>

namespace arbiter::rules {

Geometry::Geometry(int files, int ranks, bool wrap_ranks) : files_(files), ranks_(ranks), wrap_(wrap_ranks) {
  for (Square s = 0; s < size(); ++s) all_ |= bit(s);
  for (int d = 0; d < 8; ++d) {
    rays_[d].resize(size());
    ray_bits_[d].resize(size());
    for (Square s = 0; s < size(); ++s) {
      for (Square t = offset(s, kDirections[d].df, kDirections[d].dr); t != kNoSquare && t != s;
           t = offset(t, kDirections[d].df, kDirections[d].dr)) {
        rays_[d][s].push_back(t);
        ray_bits_[d][s] |= bit(t);
      }
    }
  }
}

Square Geometry::square(int file, int rank) const {
  if (file < 0 || file >= files_) return kNoSquare;
  if (wrap_) {
    rank = ((rank % ranks_) + ranks_) % ranks_;
  } else if (rank < 0 || rank >= ranks_) {
    return kNoSquare;
  }
  return rank * files_ + file;
}

std::string Geometry::name(Square s) const {
  std::string out;
  append_name(out, s);
  return out;
}

void Geometry::append_name(std::string& out, Square s) const {
  char text[4];
  out.append(text, write_name(text, s));
}

char* Geometry::write_name(char* at, Square s) const {
  *at = static_cast<char>('a' + file_of(s));
  return std::to_chars(at + 1, at + 4, rank_of(s) + 1).ptr;  // at most 256 squares: three digits
}

Square Geometry::parse(std::string_view text) const {
  if (text.size() < 2 || text.size() > 3 || text[0] < 'a' || text[0] >= 'a' + files_) return kNoSquare;
  int rank = 0;
  for (char c : text.substr(1)) {
    if (c < '0' || c > '9') return kNoSquare;
    rank = rank * 10 + (c - '0');
  }
  if (text[1] == '0' || rank < 1 || rank > ranks_) return kNoSquare;
  return (rank - 1) * files_ + (text[0] - 'a');
}

Bitboard Geometry::rank_squares(int rank) const {
  Bitboard b = 0;
  for (int f = 0; f < files_; ++f) b |= bit(square(f, rank));
  return b;
}

Bitboard Geometry::file_squares(int file) const {
  Bitboard b = 0;
  for (int r = 0; r < ranks_; ++r) b |= bit(square(file, r));
  return b;
}

Square Geometry::first_blocker(int d, Square s, Bitboard occupied) const {
  Bitboard hits = ray_bits_[d][s] & occupied;
  if (!hits) return kNoSquare;
  if (!wrap_) {
    bool rising = kDirections[d].dr > 0 || (kDirections[d].dr == 0 && kDirections[d].df > 0);
    return rising ? lsb(hits) : msb(hits);
  }
  for (Square t : rays_[d][s])
    if (hits & bit(t)) return t;
  return kNoSquare;
}

Bitboard Geometry::slide_targets(int d, Square s, Bitboard occupied) const {
  Square blocker = first_blocker(d, s, occupied);
  if (blocker == kNoSquare) return ray_bits_[d][s];
  if (!wrap_) return ray_bits_[d][s] & ~ray_bits_[d][blocker];
  Bitboard b = 0;
  for (Square t : rays_[d][s]) {
    b |= bit(t);
    if (t == blocker) break;
  }
  return b;
}

Geometry::UciSquares Geometry::uci_squares(std::string_view text) const {
  std::size_t split = 1;
  while (split < text.size() && std::isdigit(static_cast<unsigned char>(text[split]))) ++split;
  std::size_t end = split + 1;
  while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
  return {parse(text.substr(0, split)), split < text.size() ? parse(text.substr(split, end - split)) : kNoSquare, end};
}

}  // namespace arbiter::rules
