#include <doctest/doctest.h>

#include "protocol/pgn.h"
#include "protocol/pgn_reader.h"
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

TEST_CASE("PGN with an analysis: an [%eval] comment after each turn, Black's move numbered again") {
  auto chess = game_of("chess", {"e2e4", "e7e5", "g1f3"});
  CHECK(movetext(pgn(*chess, {"[%eval 0.20]", "[%eval 0.31]", "[%eval 0.25]", "[%eval #-3]"})) ==
        "1. e4 {[%eval 0.31]} 1... e5 {[%eval 0.25]} 2. Nf3 {[%eval #-3]} *");
  // A two-move turn: one comment, after its second move; a mated position's empty comment is left out.
  auto centennial = game_of("centennial", {"b1a4", "h2g4", "c10d9", "h9g7", "a4d5"});
  CHECK(movetext(pgn(*centennial, {"", "[%eval 0.10]", "[%eval 0.20]", "[%eval 0.30]", "[%eval 0.40]", ""})) ==
        "1. Ca4,Ng4 {[%eval 0.20]} 1... Bd9,Ng7 {[%eval 0.40]} 2. Cd5 *");
}

TEST_CASE("reading a PGN: tags, SAN with marks, comments, variations, a Centennial turn, and errors") {
  auto read = read_pgn("[Event \"x\"]\n[Variant \"Centennial Chess\"]\n\n"
                       "1. Ca4,Ng4 {a comment} 1... Bd9,Ng7 (1... j7 2. Cd5) 2. Cd5! $1 *\n\n[Event \"next\"]\n1. e4 *\n");
  REQUIRE(read);
  CHECK(read->tags.at("Event") == "x");
  CHECK(read->game.start().variant().name == "centennial");
  CHECK(read->game.sans() == std::vector<std::string>{"Ca4", "Ng4", "Bd9", "Ng7", "Cd5"});
  CHECK(read->result == "*");
  auto chess = read_pgn("1.e4 e5 2.Nf3 Nc6 3.Bb5+?! a6 1-0", "");
  REQUIRE(chess);
  CHECK(chess->game.moves().size() == 6u);
  CHECK(chess->result == "1-0");
  CHECK(chess->game.start().variant().name == "chess");  // no tag: the PGN standard's own game
  auto standard = read_pgn("[Variant \"Standard\"]\n1. e4 *");  // lichess's name for it
  REQUIRE(standard);
  CHECK(standard->game.start().variant().name == "chess");
  CHECK_FALSE(read_pgn("1. e4 e5 2. Ke3 *"));
  CHECK_FALSE(read_pgn("[Variant \"Shogi\"]\n1. e4 *"));
  auto overridden = read_pgn("[Variant \"Chess\"]\n1. Nc3 *", "capablanca");  // --variant over the tag
  REQUIRE(overridden);
  CHECK(overridden->game.start().variant().name == "capablanca");
}
