#include "rules/placement.h"

namespace arbiter::rules {

std::optional<std::string> read_placement(int files, int ranks, std::string_view placement, const PlaceMan& put) {
  int rank = ranks - 1, file = 0;
  for (std::size_t i = 0; i < placement.size(); ++i) {
    const char ch = placement[i];
    if (ch == '/') {
      if (file != files) return "FEN rank " + std::to_string(rank + 1) + " does not have " + std::to_string(files) + " squares";
      if (--rank < 0) return "FEN has too many ranks";
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(ch))) {
      int n = ch - '0';  // one or two digits: no board is wider than 99 files
      if (i + 1 < placement.size() && std::isdigit(static_cast<unsigned char>(placement[i + 1]))) n = n * 10 + (placement[++i] - '0');
      if (n == 0) return "FEN has an empty run of zero squares";
      file += n;
      if (file > files) return "FEN rank " + std::to_string(rank + 1) + " is too long";
    } else {
      if (file >= files) return "FEN rank " + std::to_string(rank + 1) + " is too long";
      if (auto refused = put(file++, rank, ch)) return refused;
    }
  }
  if (rank != 0 || file != files)
    return "FEN placement does not cover the " + std::to_string(files) + "x" + std::to_string(ranks) + " board";
  return std::nullopt;
}

}  // namespace arbiter::rules
