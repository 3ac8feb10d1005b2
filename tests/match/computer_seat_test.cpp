// The computer seat's own decisions (match/computer_seat.h) and a rematch's seating
// (match/rematch.h): what the room asks the match before it schedules or stores anything.
#include <doctest/doctest.h>

#include "match/computer_seat.h"
#include "match/rematch.h"
#include "tests/support/test_match.h"

using namespace arbiter;
using namespace arbiter::match;
using arbiter::testing::TestMatch;
using namespace std::chrono_literals;

namespace {

constexpr rules::Color White = rules::Color::White, Black = rules::Color::Black;

// A game against the computer (Black), under way, its person (White) connected.
TestMatch computer_game() {
  MatchSetup setup{"g1", std::nullopt, false, TestMatch::kCreatedAtMs, {}, ComputerSeat{Black, 3}, {"Ann", ""}};
  TestMatch game(std::move(setup), "chess");
  REQUIRE(game.join(Black).accepted());
  game.match().set_connected(White, true, game.now);
  return game;
}

}  // namespace

TEST_CASE("the computer thinks again after a refused move, and resigns at the third in a row") {
  CHECK_FALSE(after_refused_move(1));
  CHECK_FALSE(after_refused_move(2));
  for (int refusals : {3, 4}) {
    auto command = after_refused_move(refusals);
    REQUIRE(command);
    CHECK(std::holds_alternative<ResignCommand>(*command));
  }
}

TEST_CASE("the computer waits abandon_after to claim the game of its person gone, and the match accepts the claim then") {
  TestMatch game = computer_game();
  CHECK_FALSE(computer_claims_after(*game));  // the person is here

  game.match().set_connected(White, false, game.now);
  const auto wait = computer_claims_after(*game);
  REQUIRE(wait);
  CHECK(*wait == game->abandon_after());
  CHECK(*wait == 120s);  // untimed
  game.wait(*wait - 1ms);
  CHECK_FALSE(game->decide(viewer_of(Black), abandoned_game_claim(), game.now).accepted());
  game.wait(1ms);
  auto claim = game.send(viewer_of(Black), abandoned_game_claim());
  REQUIRE(claim.accepted());
  const auto& ended = testing::as<Ended>(claim.events.front());
  CHECK(ended.result == Result::BlackWins);
  CHECK(ended.reason == EndReason::Abandoned);
  CHECK_FALSE(computer_claims_after(*game));  // over
}

TEST_CASE("no claim is scheduled in a game between people") {
  TestMatch game("chess");
  REQUIRE(game.join(Black).accepted());
  game.match().set_connected(White, false, game.now);
  CHECK_FALSE(computer_claims_after(*game));
}

TEST_CASE("a rematch seats each player in the other colour, with their name") {
  MatchSetup setup{"g1", std::nullopt, false, TestMatch::kCreatedAtMs, {}, std::nullopt, {"Ann", ""}};
  TestMatch game(std::move(setup), "chess");
  REQUIRE(game.carry_out(game->join(Black, game.now, "Bob")).accepted());
  REQUIRE(game.send(Viewer::White, ResignCommand{}).accepted());
  REQUIRE(game.send(Viewer::White, RematchCommand{"next1"}).accepted());
  auto agreed = game->decide(Viewer::Black, RematchCommand{"next2"}, game.now);
  REQUIRE(agreed.accepted());

  const RematchSeating seating = rematch_seating(*game, testing::as<Rematched>(agreed.events.front()));
  CHECK(seating.game == "next2");
  CHECK(seating.held[rules::index(White)] == Black);
  CHECK(seating.held[rules::index(Black)] == White);
  CHECK(seating.names[rules::index(White)] == "Bob");
  CHECK(seating.names[rules::index(Black)] == "Ann");
}
