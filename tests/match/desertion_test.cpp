// An untimed game both sides left (match/desertion.h): it ends after Waits::deserted_after with no
// move and no connection, without a winner; games that end on their own are left to that.
#include <doctest/doctest.h>

#include "match/desertion.h"
#include "tests/match/match_tests.h"

namespace {

const std::int64_t kWait = Waits{}.deserted_after.count();

// The wall clock of a TestMatch at its steady time, as it records events.
std::int64_t wall_now(const TestMatch& game) {
  return TestMatch::kCreatedAtMs + std::chrono::duration_cast<std::chrono::milliseconds>(game.now.time_since_epoch()).count();
}

}  // namespace

TEST_CASE("an untimed game nobody moved in ends aborted once the wait has passed since its creation") {
  TestMatch game("chess", std::nullopt, /*local=*/true);
  CHECK(waits_on_nobody(*game));
  const std::int64_t created = TestMatch::kCreatedAtMs;
  CHECK_FALSE(desertion_end(*game, created, created + kWait - 1));
  auto end = desertion_end(*game, created, created + kWait);
  REQUIRE(end);
  CHECK(end->result == Result::Aborted);
  CHECK(end->reason == EndReason::Abort);
  CHECK_FALSE(end->clock);
}

TEST_CASE("an untimed game with moves ends deserted, without a winner, counted from its last move") {
  TestMatch game = TestMatch::from("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  game.wait(1h);
  game.play({"e2e4", "e7e5"});
  const std::int64_t last_move = wall_now(game);
  CHECK(game->last_event_ms() == last_move);
  // An older connection does not bring the wait forward: the move is later.
  CHECK_FALSE(desertion_end(*game, TestMatch::kCreatedAtMs, last_move + kWait - 1));
  auto end = desertion_end(*game, TestMatch::kCreatedAtMs, last_move + kWait);
  REQUIRE(end);
  CHECK(end->result == Result::Aborted);
  CHECK(end->reason == EndReason::Deserted);
  game.carry_out(Decision{{*end}, std::nullopt, std::nullopt});
  CHECK(game->finished());
  CHECK(game->reason() == EndReason::Deserted);
  CHECK_FALSE(desertion_end(*game, last_move, last_move + 2 * kWait));  // over already
}

TEST_CASE("a connection since the last move holds the end off; a connection now holds it for good") {
  TestMatch game("chess", std::nullopt, /*local=*/true);
  game.play({"e2e4"});
  const std::int64_t moved = wall_now(game);
  const std::int64_t seen = moved + 24 * 3600 * 1000LL;
  CHECK_FALSE(desertion_end(*game, seen, moved + kWait));
  CHECK(desertion_end(*game, seen, seen + kWait));
  CHECK_FALSE(desertion_end(*game, std::nullopt, seen + 10 * kWait));  // connected
}

TEST_CASE("games that end on their own are not deserted: a running clock, a first-move wait, the computer, a waiting game") {
  TestMatch timed = TestMatch::from("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", kMinute);
  CHECK_FALSE(waits_on_nobody(*timed));  // the first-move wait
  timed.play({"e2e4", "e7e5"});
  CHECK_FALSE(waits_on_nobody(*timed));  // the clock runs
  CHECK_FALSE(desertion_end(*timed, TestMatch::kCreatedAtMs, TestMatch::kCreatedAtMs + 10 * kWait));

  TestMatch waiting("chess");  // its invitation expires instead
  CHECK_FALSE(waits_on_nobody(*waiting));

  // The computer claims the game of a person gone.
  MatchSetup setup{"g2", std::nullopt, false, TestMatch::kCreatedAtMs, {}, ComputerSeat{rules::Color::Black, 3}, {}};
  Match computer(setup, rules::Position::start(*rules::find_variant("chess")), Time{});
  computer.apply(Joined{rules::Color::Black, "", std::nullopt}, Time{}, TestMatch::kCreatedAtMs);
  REQUIRE(computer.status() == Status::Playing);
  CHECK_FALSE(waits_on_nobody(computer));

  // On one device a timed game's clocks start with both sides' first moves: until then it waits
  // on nobody, like an untimed one.
  TestMatch local_timed("chess", kMinute, /*local=*/true);
  CHECK(waits_on_nobody(*local_timed));
  local_timed.play({"e2e4", "e7e5"});
  CHECK_FALSE(waits_on_nobody(*local_timed));
}
