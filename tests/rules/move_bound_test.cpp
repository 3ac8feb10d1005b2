// Move lists have room for kMaxMoves (rules/position.h). Position::from_fen refuses a position
// whose men could have more moves than that (Position::move_bound, from each kind's bound);
// these tests check that the bound holds in play and that a position over it is refused.
#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "rules/movegen.h"
#include "rules/variant_file.h"

using namespace arbiter::rules;

namespace {

std::vector<Variant> from_file(const std::string& text) {
  VariantFile file = load_variant_file(text);
  for (const auto& e : file.errors) FAIL(e.message());
  return file.variants;
}

std::vector<Variant> fairy_variants() {
  std::ifstream in(std::string(VARIANTS_DIR) + "/fairy.toml");
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return from_file(text.str());
}

// Riders, hoppers and lame leapers on 10x10, pawns promoting to them.
std::vector<Variant> special_variants() {
  return from_file(R"toml(
[riders]
parent = "grand"
castling = false
setup = "r8r/1nygkqhtc1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NYGKQHTC1/R8R w - - 0 1"
promotion_choices = ["nightrider", "grasshopper", "horse", "short-rook", "cannon"]
remove_pieces = ["chancellor", "archbishop", "bishop"]
[[riders.pieces]]
id = "cannon"
letter = "C"
betza = "mRcpR"
[[riders.pieces]]
id = "grasshopper"
letter = "G"
betza = "gQ"
[[riders.pieces]]
id = "horse"
letter = "H"
betza = "nN"
[[riders.pieces]]
id = "short-rook"
letter = "T"
betza = "R2"
[[riders.pieces]]
id = "nightrider"
letter = "Y"
betza = "NN"
)toml");
}

// The most moves any position of seeded random play had, checking each against its bound.
int most_moves_in_play(const Variant& v, unsigned seed) {
  std::mt19937 random(seed);
  int most = 0;
  for (int game = 0; game < 6; ++game) {
    Position pos = Position::start(v);
    for (int ply = 0; ply < 200; ++ply) {
      const auto moves = pos.legal_moves();
      CHECK_MESSAGE(int(moves.size()) <= pos.move_bound(pos.side_to_move()), v.name << ": " << pos.fen());
      most = std::max(most, int(moves.size()));
      if (moves.empty()) break;
      pos.play(moves[random() % moves.size()]);
    }
  }
  return most;
}

}  // namespace

TEST_CASE("move bound: no position of random play has more moves than its men's bound") {
  unsigned seed = 1;
  for (const Variant* v : all_variants()) CHECK(most_moves_in_play(*v, seed++) > 0);
  for (const Variant& v : fairy_variants()) CHECK(most_moves_in_play(v, seed++) > 0);
  for (const Variant& v : special_variants()) CHECK(most_moves_in_play(v, seed++) > 0);
}

TEST_CASE("move bound: a position whose men could have more moves than a move list holds is refused") {
  if (kMaxMoves != 1024) return;  // the positions below are sized for the default build's lists
  const Variant& chess = *find_variant("chess");
  // A queen reaches at most 27 squares on 8x8, a king 8, and White has two castling rules: 37 queens
  // make at most 1009 moves, 38 up to 1036.
  auto within = Position::from_fen(chess, "k7/8/8/QQQQQK2/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ b - - 0 1");
  CHECK(within.ok());
  auto over = Position::from_fen(chess, "k7/8/8/QQQQQQK1/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ b - - 0 1");
  REQUIRE_FALSE(over.ok());
  CHECK(over.error() == "FEN gives White men that could have up to 1036 moves in a turn; at most 1024 are allowed");

  // A variants file asking for more is refused where it says so.
  VariantFile file = load_variant_file(R"toml([crowded]
parent = "chess"
files = 11
ranks = 11
castling = false
no_check = true
setup = "10k/11/A1A1A1A1A1A/11/A1A1A1A1A1A/11/A1A1A1A1A1A/11/A1A1A1A1A1A/5K5/A1A1A1A1A1A w - - 0 1"
promotion_choices = ["queen"]
[[crowded.pieces]]
id = "amazonrider"
letter = "A"
betza = "QNNAAZZCCGGDDHH"
)toml");
  REQUIRE(file.errors.size() == 1);
  CHECK(file.errors[0].field == "crowded.setup");
  CHECK(file.errors[0].message().find("moves in a turn; at most 1024 are allowed") != std::string::npos);
}
