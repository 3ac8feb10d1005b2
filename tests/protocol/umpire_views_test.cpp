// Kriegspiel's views: what each viewer hears of umpire events, the state a player reconnects to,
// and the PGN's comments. (Their stored form: tests/storage/event_codec_test.cpp.)
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/pgn.h"
#include "protocol/views.h"
#include "tests/support/event_message.h"
#include "tests/support/test_match.h"

using namespace arbiter;
using namespace arbiter::protocol;
using arbiter::testing::event_message;
using arbiter::testing::TestMatch;
using nlohmann::json;

namespace {

constexpr rules::Color White = rules::Color::White, Black = rules::Color::Black;

// A Kriegspiel game between two people, joined.
TestMatch kriegspiel() {
  TestMatch game("kriegspiel", std::nullopt, false, "k1");
  game.join(Black);
  return game;
}

// A try by `who`, required to be answered aloud as `played` (moved) or not ("No").
void attempt(TestMatch& game, rules::Color who, const char* uci, bool played) {
  CAPTURE(uci);
  auto decision = game.send(match::viewer_of(who), match::MoveCommand{uci, game->ply()});
  REQUIRE(decision.accepted());
  REQUIRE(testing::as<match::Tried>(decision.events.front()).accepted == played);
}

void ask_any(TestMatch& game, rules::Color who) { REQUIRE(game.send(match::viewer_of(who), match::AnyCommand{}).accepted()); }

}  // namespace

TEST_CASE("each viewer hears an umpire event as the rules allow") {
  auto game = kriegspiel();
  attempt(game, White, "e2e4", true);
  attempt(game, Black, "d7d5", true);
  attempt(game, White, "e4d5", true);
  const auto event = game.log().back().event;

  auto to_white = event_message(event, *game, game.now, Viewer::White);
  CHECK(to_white["t"] == "umpire");
  CHECK(to_white["capture"] == "d5");
  CHECK(to_white["check"] == json::array());
  CHECK(to_white["move"] == "e4d5");
  CHECK(to_white["fen"] == "8/8/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQ - 0 2");
  CHECK_FALSE(to_white.contains("legal"));

  auto to_black = event_message(event, *game, game.now, Viewer::Black);
  CHECK_FALSE(to_black.contains("move"));
  CHECK(to_black["fen"] == "rnbqkbnr/ppp1pppp/8/8/8/8/8/8 b kq - 0 2");  // a man of Black's was taken
  CHECK(to_black["legal"].size() > 0);

  auto to_spectator = event_message(event, *game, game.now, Viewer::Spectator);
  CHECK(to_spectator["now"]["actions"] == json{"chat"});
  to_spectator.erase("now");
  CHECK(to_spectator == json{{"t", "umpire"}, {"v", game->v()}, {"say", "moved"}, {"by", "white"},
                             {"capture", "d5"}, {"check", json::array()}, {"clock", nullptr}});

  // A quiet move: the other player's board has not changed, so it is not sent.
  attempt(game, Black, "g8f6", true);
  CHECK_FALSE(event_message(game.log().back().event, *game, game.now, Viewer::White).contains("fen"));
}

TEST_CASE("a player's state: own board, own moves, what they heard; everything after the end") {
  auto game = kriegspiel();
  attempt(game, White, "e2e4", true);
  attempt(game, Black, "d7e6", false);
  ask_any(game, Black);
  auto state = state_message(*game, game.now, Viewer::Black);
  CHECK(state["fen"] == "rnbqkbnr/pppppppp/8/8/8/8/8/8 b kq - 0 1");
  CHECK(state["moves"] == json::array());
  CHECK(state["turn"] == "black");
  CHECK(state["ply"] == 1);
  CHECK(state["umpire"] == json::array({
                               {{"say", "moved"}, {"by", "white"}, {"capture", nullptr}, {"check", json::array()}},
                               {{"say", "illegal"}, {"by", "black"}, {"move", "d7e6"}},
                               {{"say", "any"}, {"by", "black"}, {"answer", "no"}},
                           }));
  auto white = state_message(*game, game.now, Viewer::White);
  CHECK(white["umpire"][0]["move"] == "e2e4");
  CHECK_FALSE(white["umpire"][1].contains("move"));
  CHECK(white["legal"] == json::array());

  REQUIRE(game.send(Viewer::Black, match::ResignCommand{}).accepted());
  auto spectator = state_message(*game, game.now, Viewer::Spectator);
  CHECK(spectator["fen"] == game->game().position().fen());
  CHECK(spectator["umpire"][1]["move"] == "d7e6");
  auto end = event_message(game.log().back().event, *game, game.now, Viewer::Spectator);
  CHECK(end["moves"] == json::array({"e2e4"}));
  CHECK(end["tries"] == spectator["umpire"]);
}

TEST_CASE("a Kriegspiel PGN holds the umpire's words in comments") {
  auto game = kriegspiel();
  attempt(game, White, "e2e4", true);
  attempt(game, Black, "d7e6", false);
  attempt(game, Black, "d7d5", true);
  attempt(game, White, "e4f5", false);
  ask_any(game, White);
  REQUIRE(game->referee().umpire()->record().back().answer == rules::AnyAnswer::Try);
  attempt(game, White, "e4d5", true);
  attempt(game, Black, "d8d5", true);
  attempt(game, White, "f1b5", true);
  attempt(game, Black, "c7c6", true);
  attempt(game, White, "a2a3", true);
  attempt(game, Black, "d5e5", true);
  REQUIRE(game->game().sans().back() == "Qe5+");
  attempt(game, White, "g1f3", false);  // no: that does not meet the check
  REQUIRE(game.send(Viewer::White, match::ResignCommand{}).accepted());
  auto text = pgn(*game);
  CHECK(text.find("[Variant \"Kriegspiel\"]") != std::string::npos);
  CHECK(text.find("\n1. e4 1... {d7e6: No} d5 2. {e4f5: No; Any? Try} exd5 {Capture on d5} 2... Qxd5\n"
                  "{Capture on d5} 3. Bb5+ {Check on the long diagonal} 3... c6 4. a3 Qe5+ {Check\n"
                  "on the file} {g1f3: No} 0-1\n") != std::string::npos);
}
