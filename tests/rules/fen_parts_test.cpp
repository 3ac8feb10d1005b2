// The parts of FEN and coordinate notation read in one place for every reader: a placement field,
// the two squares of a move, the square an en-passant capture takes a man on.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "rules/placement.h"
#include "rules/position.h"

using namespace arbiter::rules;

namespace {

// The men a placement field puts, as "letter@file,rank", or its fault.
std::string placed(int files, int ranks, std::string_view placement) {
  std::string out;
  const auto fault = read_placement(files, ranks, placement, [&](int file, int rank, char letter) {
    out += std::string(1, letter) + "@" + std::to_string(file) + "," + std::to_string(rank) + " ";
    return std::optional<std::string>();
  });
  return fault ? *fault : out;
}

}  // namespace

TEST_CASE("placement: men from the top rank down, runs of one or two digits, faults named") {
  CHECK(placed(3, 2, "k2/1Q1") == "k@0,1 Q@1,0 ");
  CHECK(placed(12, 2, "K10r/12") == "K@0,1 r@11,1 ");
  CHECK(placed(3, 2, "3/3/3") == "FEN has too many ranks");
  CHECK(placed(3, 2, "2/3") == "FEN rank 2 does not have 3 squares");
  CHECK(placed(3, 2, "4/3") == "FEN rank 2 is too long");
  CHECK(placed(3, 2, "3/kkkk") == "FEN rank 1 is too long");
  CHECK(placed(3, 2, "3/0k2") == "FEN has an empty run of zero squares");
  CHECK(placed(3, 2, "3") == "FEN placement does not cover the 3x2 board");
  // A man the reader refuses stops it with the reader's reason.
  const auto refused = read_placement(2, 1, "ab", [](int, int, char letter) -> std::optional<std::string> {
    if (letter == 'b') return "no b";
    return std::nullopt;
  });
  CHECK(refused == "no b");
}

TEST_CASE("uci squares: names of one or two digits, and where a suffix starts") {
  const Geometry chess(8, 8, false), grand(10, 10, false);
  const auto e2e4 = chess.uci_squares("e2e4");
  CHECK(e2e4.from == chess.parse("e2"));
  CHECK(e2e4.to == chess.parse("e4"));
  CHECK(e2e4.end == 4);
  const auto promotion = grand.uci_squares("a9a10q");
  CHECK(promotion.from == grand.parse("a9"));
  CHECK(promotion.to == grand.parse("a10"));
  CHECK(promotion.end == 5);
  CHECK(chess.uci_squares("e2").to == kNoSquare);
  CHECK(chess.uci_squares("z9e4").from == kNoSquare);
}

TEST_CASE("en passant: the man taken stands one step behind the capture's square, as the taker goes") {
  for (const char* fen : {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 2"}) {
    CAPTURE(fen);
    auto position = Position::from_fen(*find_variant("chess"), fen);
    REQUIRE(position.ok());
    const std::string capture = position->side_to_move() == Color::White ? "e5d6" : "d4e3";
    auto move = position->parse_uci(capture);
    REQUIRE(move.ok());
    CHECK(move->kind == Move::Kind::EnPassant);
    CHECK(position->variant().geometry.name(position->en_passant_victim(*move)) ==
          (position->side_to_move() == Color::White ? "d5" : "e4"));
  }
}
