// What the rules say of each position that a page would otherwise work out itself: whether the
// side to move is in check (`check` on a move, `checks` beside `positions`) and whether its next
// move is the second of a two-move turn (`now.second_move`); and that a hidden game tells no
// player or spectator of a check before the end but what the umpire announces.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/permissions_view.h"
#include "protocol/view_policy.h"
#include "protocol/views.h"
#include "tests/support/test_match.h"

using namespace arbiter;
using namespace arbiter::protocol;
using arbiter::testing::TestMatch;
using nlohmann::json;

namespace {

constexpr rules::Color Black = rules::Color::Black;
constexpr Viewer kViewers[] = {Viewer::White, Viewer::Black, Viewer::Spectator};

TestMatch joined(const char* variant) {
  TestMatch game(variant);
  REQUIRE(game.join(Black).accepted());
  return game;
}

json state(const TestMatch& game, Viewer viewer) { return state_message(*game, game.now, viewer); }

json act_fields(const TestMatch& game, Viewer viewer) {
  JsonText out;
  view_policy(*game).put_act(out, game.log().back().event, *game, viewer);
  return json::parse(out.text());
}

json end_fields(const TestMatch& game, Viewer viewer) {
  JsonText out;
  view_policy(*game).put_end(out, *game, viewer);
  return json::parse(out.text());
}

}  // namespace

TEST_CASE("open game: each move says whether it checks, the state says it of every position") {
  auto game = joined("chess");
  game.play({"e2e4"});
  for (Viewer viewer : kViewers) CHECK(act_fields(game, viewer)["check"] == false);
  game.play({"f7f6", "d1h5"});  // check
  for (Viewer viewer : kViewers) {
    CHECK(act_fields(game, viewer)["check"] == true);
    CHECK(state(game, viewer)["checks"] == json{false, false, true});
  }
  // The game that remains after a takeback, with its checks.
  REQUIRE(game.send(Viewer::White, match::TakebackCommand{}).accepted());
  REQUIRE(game.send(Viewer::Black, match::TakebackCommand{}).accepted());
  JsonText taken_back;
  view_policy(*game).put_taken_back(taken_back, *game, Viewer::Spectator);
  CHECK(json::parse(taken_back.text())["checks"] == json{false, false});
}

TEST_CASE("two-move turns: now.second_move while the side to move makes its turn's second move") {
  auto game = joined("centennial");
  for (Viewer viewer : kViewers) CHECK_FALSE(state(game, viewer)["now"].contains("second_move"));
  game.play({"b1a4"});
  for (Viewer viewer : kViewers) {
    const json now = state(game, viewer)["now"];
    CHECK(now["turn"] == "white");
    CHECK(now["second_move"] == true);
    CHECK(now_json(*game, viewer, game.now) == now);
  }
  game.play({"h2g4"});
  for (Viewer viewer : kViewers) CHECK_FALSE(state(game, viewer)["now"].contains("second_move"));
  // One move a turn: never.
  auto chess = joined("chess");
  chess.play({"e2e4"});
  CHECK_FALSE(state(chess, Viewer::Black)["now"].contains("second_move"));
}

TEST_CASE("hidden games: no check is told before the end but the umpire's; everyone gets the checks at the end") {
  for (const char* variant : {"kriegspiel", "fog-chess"}) {
    CAPTURE(variant);
    auto game = joined(variant);
    game.play({"e2e4", "f7f6", "d1h5"});  // check
    for (Viewer viewer : kViewers) {
      CAPTURE(static_cast<int>(viewer));
      CHECK_FALSE(state(game, viewer).contains("checks"));
      if (std::string(variant) == "fog-chess") CHECK_FALSE(act_fields(game, viewer).contains("check"));
    }
    REQUIRE(game.send(Viewer::Black, match::ResignCommand{}).accepted());
    for (Viewer viewer : kViewers) CHECK(state(game, viewer)["checks"] == json{false, false, true});
    if (std::string(variant) == "fog-chess") CHECK(end_fields(game, Viewer::Spectator)["checks"] == json{false, false, true});
  }
}
