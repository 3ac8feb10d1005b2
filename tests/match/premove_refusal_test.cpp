// Where a premove is refused (issue 32): a hidden game's tries and one device have none, and a
// game time has ended takes none; and the answers to offers that come after time ended a game.
#include <doctest/doctest.h>

#include "match/permissions.h"
#include "tests/match/match_tests.h"

namespace {

std::optional<Rejection> premove_refusal(TestMatch& game, Viewer from, std::optional<std::string> move) {
  auto refusal = game.match().set_premove(from, std::move(move), game.now);
  return refusal ? std::optional(refusal->code) : std::nullopt;
}

}  // namespace

// Bug: a Kriegspiel player's premove was queued and then played as their try when the turn came.
TEST_CASE("premove: a Kriegspiel game has none, queued or cancelled, and plays none") {
  TestMatch game("kriegspiel");
  game.join(Black);
  CHECK(premove_refusal(game, Viewer::Black, "e7e5") == Rejection::PremovesOff);
  CHECK(premove_refusal(game, Viewer::Black, std::nullopt) == Rejection::PremovesOff);
  CHECK_FALSE(game->premove(Black));
  game.play({"e2e4"});
  CHECK_FALSE(game.match().take_premove(game.now));
  CHECK(game->ply() == 1);
}

// Bug: on one device the side not to move could queue a move, played as the turn came.
TEST_CASE("premove: a game on one device has none") {
  TestMatch game("chess", std::nullopt, true);
  CHECK(premove_refusal(game, Viewer::Black, "e7e5") == Rejection::PremovesOff);
  CHECK(premove_refusal(game, Viewer::White, "e2e4") == Rejection::PremovesOff);
  CHECK_FALSE(game->premove(Black));
  CHECK_FALSE(permitted(*game, Viewer::Black, game.now).may(Action::Premove));
}

TEST_CASE("premove: a game that time has ended takes none, as it permits none") {
  TestMatch game("chess", ClockSetting{1000, 0});
  game.join(Black);
  game.play({"e2e4", "e7e5"});
  CHECK_FALSE(premove_refusal(game, Viewer::Black, "g8f6"));
  game.wait(2s);  // White's flag falls; the timer has not recorded it yet
  CHECK(premove_refusal(game, Viewer::Black, "g8f6") == Rejection::GameOver);
  CHECK(game->premove(Black) == "g8f6");  // what was queued before stays until the end is applied
  CHECK_FALSE(premove_refusal(game, Viewer::Black, std::nullopt));  // cancelling still works
}

// Bug: these were accepted after time had ended the game, recording an answer (or an abort)
// in place of the end time had decided.
TEST_CASE("after time ended a game, a decline or an abort records time's end") {
  TestMatch game("chess", ClockSetting{1000, 0});
  game.join(Black);
  game.play({"e2e4", "e7e5"});
  REQUIRE(game.send(Viewer::Black, DrawCommand{}).accepted());
  REQUIRE(game.send(Viewer::Black, TakebackCommand{}).accepted());
  game.wait(2s);
  const auto flag = game->on_time(game.now).events;
  REQUIRE(flag.size() == 1);
  CHECK(testing::as<Ended>(flag.front()).reason == EndReason::Timeout);
  CHECK(game->decide(Viewer::White, DeclineDrawCommand{}, game.now).events == flag);
  CHECK(game->decide(Viewer::White, DeclineTakebackCommand{}, game.now).events == flag);

  TestMatch waiting("chess");
  waiting.wait(25h);
  const auto expired = waiting->decide(Viewer::White, AbortCommand{}, waiting.now).events;
  REQUIRE(expired.size() == 1);
  CHECK(testing::as<Ended>(expired.front()).reason == EndReason::Expired);
}
