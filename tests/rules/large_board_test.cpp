// Boards of more than 128 squares, which a build with ARBITER_LARGE_BOARDS plays (rules/bitboard.h)
// and the default build refuses. Squares 128-255 live in the second half of a large build's square
// set, so play there is checked against play in the first half: a position and its mirror image
// (ranks reversed, colours swapped) have the same perft.
#include <doctest/doctest.h>

#include <algorithm>
#include <bitset>
#include <cctype>
#include <fstream>
#include <random>
#include <sstream>

#include "rules/game.h"
#include "rules/variant_file.h"

using namespace arbiter::rules;

namespace {

std::string large_file() {
  std::ifstream in(std::string(VARIANTS_DIR) + "/large.toml");
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The FEN of the mirror image: ranks in reverse order, White's men Black's, the other side to move;
// no en-passant square (the mirror is compared with the original read without one too).
std::string mirrored(const std::string& fen) {
  std::istringstream in(fen);
  std::string placement, side;
  in >> placement >> side;
  std::vector<std::string> ranks;
  std::stringstream rows(placement);
  for (std::string rank; std::getline(rows, rank, '/');) ranks.push_back(rank);
  std::reverse(ranks.begin(), ranks.end());
  std::string out;
  for (const auto& rank : ranks) {
    if (!out.empty()) out += '/';
    for (char c : rank) out += std::isalpha(static_cast<unsigned char>(c)) ? char(c ^ 0x20) : c;
  }
  return out + (side == "w" ? " b" : " w") + " - - 0 1";
}

std::string without_en_passant(const std::string& fen) {
  std::istringstream in(fen);
  std::string placement, side;
  in >> placement >> side;
  return placement + " " + side + " - - 0 1";
}

}  // namespace

TEST_CASE("large boards: 16x16 plays in a large-boards build, and is refused with the reason otherwise") {
  VariantFile file = load_variant_file(large_file());
  if (kMaxSquares < 256) {
    REQUIRE(file.errors.size() == 1);
    CHECK(file.errors[0].message().find("16x16 is more than 128 squares (a build with ARBITER_LARGE_BOARDS") !=
          std::string::npos);
    return;
  }
  for (const auto& e : file.errors) FAIL(e.message());
  const Variant& v = file.variants.at(0);
  const Position start = Position::start(v);
  // 16 pawns with a step and a double step each, 4 knights with two squares each, and the
  // nightrider on i1 seven knight's steps along each of its two open lines, to b15 and p15.
  CHECK(perft(start, 1) == 16 * 2 + 4 * 2 + 2 * 7);
  CHECK(start.fen() == without_en_passant(v.start_fen));

  std::mt19937 random(16);
  int checked = 0;
  for (int game = 0; game < 4; ++game) {
    Position pos = start;
    for (int ply = 0; ply < 120; ++ply) {
      const auto moves = pos.legal_moves();
      if (moves.empty()) break;
      pos.play(moves[random() % moves.size()]);
      if (ply % 8 != 7) continue;
      auto plain = Position::from_fen(v, without_en_passant(pos.fen()));
      auto mirror = Position::from_fen(v, mirrored(pos.fen()));
      REQUIRE_MESSAGE(plain.ok(), pos.fen());
      REQUIRE_MESSAGE(mirror.ok(), mirrored(pos.fen()));
      CHECK_MESSAGE(perft(*plain, 3) == perft(*mirror, 3), pos.fen());
      ++checked;
    }
  }
  CHECK(checked >= 40);
}

#ifdef ARBITER_LARGE_BOARDS
// The two-halves square set against std::bitset<256>, on random sets of every density.
TEST_CASE("large boards: the 256-square set computes as a bitset does") {
  std::mt19937_64 random(256);
  auto random_set = [&] {
    Bitboard b;
    std::bitset<256> reference;
    const int density = int(random() % 4);
    for (Square s = 0; s < 256; ++s)
      if (int(random() % 4) < density) b |= bit(s), reference.set(s);
    return std::pair{b, reference};
  };
  auto same = [](const Bitboard& b, const std::bitset<256>& reference) {
    for (Square s = 0; s < 256; ++s)
      if (bool(b & bit(s)) != reference.test(s)) return false;
    return true;
  };
  for (int i = 0; i < 2000; ++i) {
    auto [a, ra] = random_set();
    auto [b, rb] = random_set();
    const int n = int(random() % 257);
    CHECK(same(a & b, ra & rb));
    CHECK(same(a | b, ra | rb));
    CHECK(same(a ^ b, ra ^ rb));
    CHECK(same(~a, ~ra));
    CHECK(same(a << n, ra << n));
    CHECK(same(a >> n, ra >> n));
    CHECK(popcount(a) == int(ra.count()));
    CHECK(bool(a) == ra.any());
    if (ra.any()) {
      Square low = 0, high = 255;
      while (!ra.test(low)) ++low;
      while (!ra.test(high)) --high;
      CHECK(lsb(a) == low);
      CHECK(msb(a) == high);
      Bitboard rest = a;
      CHECK(pop_lsb(rest) == low);
      ra.reset(low);
      CHECK(same(rest, ra));  // a & (a - 1): the subtraction's borrow across the halves
    }
  }
}
#endif
