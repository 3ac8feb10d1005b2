#include <doctest/doctest.h>

#include "protocol/pgn.h"
#include "tests/support/test_match.h"

using namespace arbiter;
using namespace arbiter::protocol;
using arbiter::testing::TestMatch;

namespace {

TestMatch game_of(const char* variant, std::initializer_list<const char*> moves) {
  TestMatch game(variant, std::nullopt);
  game.join(rules::Color::Black);
  game.play(moves);
  return game;
}

// The movetext line of a PGN short enough to have one.
std::string movetext(const std::string& pgn) {
  auto text = pgn.substr(pgn.find("\n\n") + 2);
  return text.substr(0, text.size() - 1);
}

}  // namespace

TEST_CASE("PGN [Variant]: the names Fairy-Stockfish's and pychess's readers take, else the title") {
  CHECK(pgn(*game_of("chess", {})).find("[Variant \"Chess\"]\n") != std::string::npos);
  CHECK(pgn(*game_of("capablanca", {})).find("[Variant \"Capablanca\"]\n") != std::string::npos);
  CHECK(pgn(*game_of("grand", {})).find("[Variant \"Grand\"]\n") != std::string::npos);
  CHECK(pgn(*game_of("centennial", {})).find("[Variant \"Centennial Chess\"]\n") != std::string::npos);
}

TEST_CASE("PGN: a Centennial turn of two moves is one token, its moves joined by a comma") {
  // Two-move turns, then a capture that ends White's turn after one move (tests/rules/centennial_test.cpp).
  auto game = game_of("centennial", {"b1a4", "h2g4", "c10d9", "h9g7", "a4d5", "j3j4", "j8j7", "i8i7", "d5c8", "i9i8l"});
  CHECK(movetext(pgn(*game)) == "1. Ca4,Ng4 Bd9,Ng7 2. Cd5,j4 j7,i7 3. Cxc8 Mi8=L *");
  CHECK(numbered_moves(game->game()) == 3);
}

TEST_CASE("numbered moves: one per turn of each side, as the move list numbers them") {
  CHECK(numbered_moves(game_of("chess", {})->game()) == 0);
  CHECK(numbered_moves(game_of("chess", {"e2e4"})->game()) == 1);
  CHECK(numbered_moves(game_of("chess", {"e2e4", "e7e5"})->game()) == 1);
  CHECK(numbered_moves(game_of("chess", {"e2e4", "e7e5", "g1f3"})->game()) == 2);
  CHECK(numbered_moves(game_of("centennial", {"b1a4", "h2g4", "c10d9"})->game()) == 1);
}
