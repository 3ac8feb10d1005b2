// Hoppers, lame leapers, ranged riders and first-move-only moves (rules/VARIANTS.md, "Betza
// notation"): the moves they make, the checks they give and the screens that pin, on positions small
// enough to count by hand.
// Shako's cannon is also cross-checked with Fairy-Stockfish (variant_file_test.cpp).
#include <doctest/doctest.h>

#include <algorithm>

#include "rules/game.h"
#include "rules/variant_file.h"

using namespace arbiter::rules;

namespace {

// Chess with a cannon (moves as a rook, captures by hopping one screen), a grasshopper (lands just
// beyond the first man on a queen's line), the xiangqi horse, a rook of at most two squares and the
// nightrider (knight's steps repeated in one line).
const Variant& specials() {
  static const Variant variant = [] {
    VariantFile file = load_variant_file(R"toml(
[specials]
parent = "chess"
setup = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
castling = false
[[specials.pieces]]
id = "cannon"
letter = "C"
betza = "mRcpR"
[[specials.pieces]]
id = "grasshopper"
letter = "G"
betza = "gQ"
[[specials.pieces]]
id = "horse"
letter = "H"
betza = "nN"
[[specials.pieces]]
id = "short-rook"
letter = "T"
betza = "R2"
[[specials.pieces]]
id = "nightrider"
letter = "Y"
betza = "NN"
)toml");
    for (const auto& e : file.errors) FAIL(e.message());
    return file.variants.at(0);
  }();
  return variant;
}

Position at(const std::string& fen) {
  auto pos = Position::from_fen(specials(), fen);
  REQUIRE_MESSAGE(pos.ok(), fen << ": " << (pos.ok() ? "" : pos.error()));
  return *pos;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<std::string> moves_from(const std::string& fen, const std::string& from) {
  const Position pos = at(fen);
  std::vector<std::string> out;
  for (const Move& m : pos.legal_moves())
    if (pos.uci(m).rfind(from, 0) == 0) out.push_back(pos.uci(m));
  return sorted(out);
}

std::vector<std::string> all_moves(const std::string& fen) {
  const Position pos = at(fen);
  std::vector<std::string> out;
  for (const Move& m : pos.legal_moves()) out.push_back(pos.uci(m));
  return sorted(out);
}

}  // namespace

TEST_CASE("special moves: the cannon moves as a rook and captures over one screen of either colour") {
  // Over its own king on e1 it takes the knight on g1, not the empty f1 beyond the screen.
  CHECK(moves_from("4k3/8/8/8/8/8/8/C3K1n1 w - - 0 1", "a1") ==
        sorted({"a1b1", "a1c1", "a1d1", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1g1"}));
  // Two men between: no capture.
  CHECK(moves_from("4k3/8/8/8/8/8/8/C1N1K1n1 w - - 0 1", "a1") ==
        sorted({"a1b1", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8"}));
}

TEST_CASE("special moves: a cannon's check is met by moving out, or by a second screen; one may not leave it") {
  const Position checked = at("4k3/8/r7/8/4P3/8/8/4C1K1 b - - 0 1");
  CHECK(checked.in_check());
  CHECK(all_moves("4k3/8/r7/8/4P3/8/8/4C1K1 b - - 0 1") == sorted({"e8d8", "e8f8", "e8d7", "e8f7", "a6e6"}));
  // Two screens, the bishop's and the rook's: each is pinned to the file, as the other would be left alone.
  CHECK_FALSE(at("4k3/8/4r3/4b3/8/8/8/4C1K1 b - - 0 1").in_check());
  CHECK(moves_from("4k3/8/4r3/4b3/8/8/8/4C1K1 b - - 0 1", "e5").empty());
  CHECK(moves_from("4k3/8/4r3/4b3/8/8/8/4C1K1 b - - 0 1", "e6") == sorted({"e6e7"}));
}

TEST_CASE("special moves: the grasshopper lands just beyond the first man on its line, taking an enemy there") {
  CHECK(moves_from("4k3/8/5p2/3P4/3G4/8/8/4K3 w - - 0 1", "d4") == sorted({"d4d6", "d4g7"}));
  CHECK(moves_from("4k3/6n1/5p2/3P4/3G4/8/8/4K3 w - - 0 1", "d4") == sorted({"d4d6", "d4g7"}));
  CHECK(at("4k3/6n1/5p2/3P4/3G4/8/8/4K3 w - - 0 1").is_capture(*at("4k3/6n1/5p2/3P4/3G4/8/8/4K3 w - - 0 1").parse_uci("d4g7")));
  CHECK(moves_from("4k3/8/8/8/3G4/8/8/4K3 w - - 0 1", "d4").empty());  // nothing to hop
}

TEST_CASE("special moves: the lame horse is blocked beside it in the long direction, and then gives no check") {
  CHECK(moves_from("4k3/8/8/8/8/8/8/1H2K3 w - - 0 1", "b1") == sorted({"b1a3", "b1c3", "b1d2"}));
  CHECK(moves_from("4k3/8/8/8/8/8/1P6/1H2K3 w - - 0 1", "b1") == sorted({"b1d2"}));
  CHECK(at("8/8/8/8/8/1k6/8/H3K3 b - - 0 1").in_check());
  CHECK_FALSE(at("8/8/8/8/8/1k6/N7/H3K3 b - - 0 1").in_check());
}

TEST_CASE("special moves: a ranged rider goes at most its range, and attacks no further") {
  CHECK(moves_from("4k3/8/8/8/8/8/8/T3K3 w - - 0 1", "a1") == sorted({"a1a2", "a1a3", "a1b1", "a1c1"}));
  CHECK(moves_from("4k3/8/8/8/8/n7/8/T3K3 w - - 0 1", "a1") == sorted({"a1a2", "a1a3", "a1b1", "a1c1"}));
  CHECK(at("8/8/8/8/8/4k3/8/4T1K1 b - - 0 1").in_check());
  CHECK_FALSE(at("8/8/8/8/4k3/8/8/4T1K1 b - - 0 1").in_check());
}

TEST_CASE("special moves: the nightrider rides knight's steps in a line to the first man") {
  CHECK(moves_from("4k3/8/8/8/8/8/8/1Y2K3 w - - 0 1", "b1") ==
        sorted({"b1c3", "b1d5", "b1e7", "b1a3", "b1d2", "b1f3", "b1h4"}));
  CHECK(moves_from("4k3/8/8/3p4/8/8/8/1Y2K3 w - - 0 1", "b1") == sorted({"b1c3", "b1d5", "b1a3", "b1d2", "b1f3", "b1h4"}));
  CHECK(at("8/8/8/8/8/4k3/8/Y3K3 b - - 0 1").in_check());             // a1, c2, e3
  CHECK_FALSE(at("8/8/8/8/8/4k3/2P5/Y3K3 b - - 0 1").in_check());     // c2 blocks the line
}

namespace {

// A squire steps as a wazir, and leaps as a knight too from its first rank (Betza WiN, the ranks
// of double_step_ranks); in "squire-unmoved" only while it has not moved.
const VariantFile& squires() {
  static const VariantFile file = [] {
    VariantFile f = load_variant_file(R"toml(
[squire]
parent = "chess"
setup = "4k3/8/8/8/8/8/8/1S2K3 w - - 0 1"
castling = false
[[squire.pieces]]
id = "squire"
letter = "S"
betza = "WiN"
double_step_ranks = [1]
[squire-unmoved]
parent = "squire"
[[squire-unmoved.pieces]]
id = "squire"
double_step_unmoved_only = true
)toml");
    for (const auto& e : f.errors) FAIL(e.message());
    return f;
  }();
  return file;
}

Position squire_at(int which, const std::string& fen) {
  auto pos = Position::from_fen(squires().variants.at(which), fen);
  REQUIRE_MESSAGE(pos.ok(), fen << ": " << (pos.ok() ? "" : pos.error()));
  return *pos;
}

std::vector<std::string> moves_of(const Position& pos, const std::string& from) {
  std::vector<std::string> out;
  for (const Move& m : pos.legal_moves())
    if (pos.uci(m).rfind(from, 0) == 0) out.push_back(pos.uci(m));
  return sorted(out);
}

}  // namespace

TEST_CASE("special moves: first-move-only (i) moves are made from the kind's ranks, and attack from there only") {
  CHECK(moves_of(squire_at(0, "4k3/8/8/8/8/8/8/1S2K3 w - - 0 1"), "b1") ==
        sorted({"b1a1", "b1c1", "b1b2", "b1a3", "b1c3", "b1d2"}));
  CHECK(moves_of(squire_at(0, "4k3/8/8/8/8/8/1S6/4K3 w - - 0 1"), "b2") == sorted({"b2a2", "b2c2", "b2b1", "b2b3"}));
  // A leap, not a lame one: men around it block nothing.
  CHECK(moves_of(squire_at(0, "4k3/8/8/8/8/8/PPP5/RS2K3 w - - 0 1"), "b1") == sorted({"b1c1", "b1a3", "b1c3", "b1d2"}));
  // Black's first rank is the eighth.
  CHECK(moves_of(squire_at(0, "1s2k3/8/8/8/8/8/8/4K3 b - - 0 1"), "b8") ==
        sorted({"b8a8", "b8c8", "b8b7", "b8a6", "b8c6", "b8d7"}));
  // Its knight's leap checks, and keeps the king off the squares it reaches, only from the first rank.
  CHECK(squire_at(0, "8/8/8/8/8/2k5/8/1S5K b - - 0 1").in_check());
  CHECK(moves_of(squire_at(0, "8/8/8/8/8/3k4/8/1S5K b - - 0 1"), "d3") ==
        sorted({"d3c2", "d3c4", "d3d4", "d3e2", "d3e3", "d3e4"}));
  CHECK_FALSE(squire_at(0, "8/8/8/8/2k5/8/1S6/7K b - - 0 1").in_check());
  CHECK(moves_of(squire_at(0, "8/8/8/8/8/3k4/1S6/7K b - - 0 1"), "d3") ==
        sorted({"d3c3", "d3c4", "d3d2", "d3d4", "d3e2", "d3e3", "d3e4"}));
}

TEST_CASE("special moves: with double_step_unmoved_only a man back on its first rank has lost its i moves") {
  const Position start = squire_at(1, "4k3/8/8/8/8/8/8/1S2K3 w - - 0 1");
  CHECK(moves_of(start, "b1").size() == 6);
  Position back = start;
  for (const char* uci : {"b1b2", "e8d8", "b2b1", "d8e8"}) back.play(*back.parse_uci(uci));
  CHECK(moves_of(back, "b1") == sorted({"b1a1", "b1c1", "b1b2"}));
  CHECK(back.fen() == "4k3/8/8/8/8/8/8/1S2K3 w - - 4 3 -");  // the unmoved men's field: none
  CHECK(back.hash() != start.hash());
  CHECK(squire_at(1, back.fen()).hash() == back.hash());
  // The same board with the squire unmoved is the start, whatever the clocks say.
  CHECK(squire_at(1, "4k3/8/8/8/8/8/8/1S2K3 w - - 4 3").hash() == start.hash());
  // In "squire" (no unmoved rule) the dance changes nothing.
  Position free = squire_at(0, "4k3/8/8/8/8/8/8/1S2K3 w - - 0 1");
  for (const char* uci : {"b1b2", "e8d8", "b2b1", "d8e8"}) free.play(*free.parse_uci(uci));
  CHECK(moves_of(free, "b1").size() == 6);
}

TEST_CASE("special moves: i moves allowed from every rank play as the plain moves, down to perft 3") {
  VariantFile file = load_variant_file(R"toml(
[plain]
parent = "chess"
setup = "rsnbqkbnsr/pppppppppp/10/10/10/10/PPPPPPPPPP/RSNBQKBNSR w - - 0 1"
files = 10
castling = false
[[plain.pieces]]
id = "squire"
letter = "S"
betza = "WN"
[everywhere]
parent = "plain"
[[everywhere.pieces]]
id = "squire"
betza = "WiN"
double_step_ranks = [1, 2, 3, 4, 5, 6, 7, 8]
[first-rank]
parent = "everywhere"
[[first-rank.pieces]]
id = "squire"
double_step_ranks = [1]
)toml");
  for (const auto& e : file.errors) FAIL(e.message());
  REQUIRE(file.variants.size() == 3);
  const std::uint64_t plain = perft(Position::start(file.variants[0]), 3);
  CHECK(perft(Position::start(file.variants[1]), 3) == plain);
  // From the first rank only: the same first move (every squire is on it), fewer replies later.
  CHECK(perft(Position::start(file.variants[2]), 1) == perft(Position::start(file.variants[0]), 1));
  CHECK(perft(Position::start(file.variants[2]), 3) < plain);
}

TEST_CASE("special moves: hidden (Kriegspiel) men that hop are refused") {
  VariantFile file = load_variant_file("[k]\nparent = \"kriegspiel\"\n[[k.pieces]]\nid = \"cannon\"\nletter = \"C\"\nbetza = \"mRcpR\"\n");
  REQUIRE(file.errors.size() == 1);
  CHECK(file.errors[0].message() == "line 1: k.hidden: not supported: hidden men that hop, move lame, ride a limited range or make first-move-only moves");
}
