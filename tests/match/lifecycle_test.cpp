// A match across a restart (the side to move charged up to the last moment the server was known
// alive, the downtime refunded) and an invitation nobody takes (it expires).
#include <doctest/doctest.h>

#include <limits>

#include "tests/match/match_tests.h"

namespace {

constexpr std::int64_t kNoMark = std::numeric_limits<std::int64_t>::min();  // all before is down

// The wall clock of a TestMatch at its steady time `at`, as it records events.
std::int64_t wall_ms(Time at) {
  return TestMatch::kCreatedAtMs + std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count();
}

// Rebuilt as a restarted server does: every recorded event applied at the moment of the
// restart (on a steady clock of its own), then resumed with the downtimes and the wall clock.
TestMatch restarted(const TestMatch& before, std::optional<ClockSetting> clock, std::vector<Downtime> downtimes,
                    std::int64_t now_ms) {
  TestMatch again("chess", clock);
  again.now = Time{} + 1000h;
  for (const auto& applied : before.log()) again.apply(applied.event, again.now, applied.at_ms);
  again.match().resume(downtimes, now_ms, again.now);
  return again;
}

// One restart: down from the alive mark until now.
TestMatch restarted(const TestMatch& before, std::optional<ClockSetting> clock, std::int64_t alive_until_ms,
                    std::int64_t now_ms) {
  return restarted(before, clock, {{alive_until_ms, now_ms}}, now_ms);
}

// White to move on a running clock, `thought` spent since Black's reply.
TestMatch white_thinking(std::chrono::milliseconds thought) {
  TestMatch game("chess", kMinute);
  game.join(Black);
  game.play({"e2e4", "e7e5"});
  game.wait(thought);
  return game;
}

}  // namespace

TEST_CASE("restart: the side to move is charged up to the alive mark, the downtime refunded") {
  auto game = white_thinking(8000ms);
  const std::int64_t crashed_at = wall_ms(game.now);
  auto again = restarted(game, kMinute, crashed_at, crashed_at + 52000);
  CHECK(again->clock(again.now)->remaining == ClockTimes{52000, 60000});
  CHECK(again->clock(again.now)->running == White);
  CHECK(*again->deadline() == again.now + 52000ms);
  again.wait(1000ms);
  CHECK(again->clock(again.now)->remaining == ClockTimes{51000, 60000});

  // The mark a heartbeat late: only what it saw is charged.
  auto late_mark = restarted(game, kMinute, crashed_at - 700, crashed_at + 52000);
  CHECK(late_mark->clock(late_mark.now)->remaining == ClockTimes{52700, 60000});
}

TEST_CASE("restart: no mark, or one from before the last event, charges nothing") {
  auto game = white_thinking(8000ms);
  const std::int64_t crashed_at = wall_ms(game.now);
  for (std::int64_t mark : {kNoMark, crashed_at - 9000}) {
    auto again = restarted(game, kMinute, mark, crashed_at + 60000);
    CHECK(again->clock(again.now)->remaining == ClockTimes{60000, 60000});
  }
}

TEST_CASE("restart: never more than the time that passed, whatever the wall clock did") {
  auto game = white_thinking(8000ms);
  const std::int64_t crashed_at = wall_ms(game.now);
  // The wall clock stepped back 3 s while the server was down: now reads before the mark.
  auto again = restarted(game, kMinute, crashed_at, crashed_at - 3000);
  CHECK(again->clock(again.now)->remaining == ClockTimes{55000, 60000});
  // Stepped back before the last event: nothing to charge, nothing refunded beyond it.
  auto before_event = restarted(game, kMinute, crashed_at, crashed_at - 60000);
  CHECK(before_event->clock(before_event.now)->remaining == ClockTimes{60000, 60000});
}

TEST_CASE("restart: a second restart before anyone moved refunds both downtimes") {
  auto game = white_thinking(8000ms);
  const std::int64_t first_crash = wall_ms(game.now);
  // Down 50 s, up 2 s more with White still thinking, down 30 s.
  const std::vector<Downtime> downtimes{{first_crash, first_crash + 50000}, {first_crash + 52000, first_crash + 82000}};
  auto again = restarted(game, kMinute, downtimes, first_crash + 82000);
  CHECK(again->clock(again.now)->remaining == ClockTimes{50000, 60000});
}

TEST_CASE("time alive: a span less the downtimes within it") {
  const std::vector<Downtime> downtimes{{100, 200}, {500, 700}};
  CHECK(alive_ms(0, 1000, downtimes) == 700);
  CHECK(alive_ms(150, 600, downtimes) == 300);
  CHECK(alive_ms(210, 490, downtimes) == 280);
  CHECK(alive_ms(120, 180, downtimes) == 0);
  CHECK(alive_ms(1000, 0, downtimes) == 0);
  CHECK(alive_ms(0, 1000, {{std::numeric_limits<std::int64_t>::min(), 400}}) == 600);
}

TEST_CASE("restart: a flag that fell while the server was alive falls at once") {
  auto game = white_thinking(59000ms);
  const std::int64_t crashed_at = wall_ms(game.now) + 1500;  // alive past the flag: it died first
  auto again = restarted(game, kMinute, crashed_at, crashed_at + 10000);
  CHECK(*again->deadline() <= again.now);
  const auto ended = again.tick();
  REQUIRE(ended.events.size() == 1);
  CHECK(testing::as<Ended>(ended.events.front()).reason == EndReason::Timeout);
  CHECK(testing::as<Ended>(ended.events.front()).result == Result::BlackWins);
}

TEST_CASE("restart: the first-move wait counts the time alive, not the downtime") {
  TestMatch game("chess", kMinute);
  game.join(Black);
  game.wait(20s);
  const std::int64_t crashed_at = wall_ms(game.now);
  auto again = restarted(game, kMinute, crashed_at, crashed_at + 3'600'000);
  CHECK(*again->first_move_deadline() == again.now + 10s);
  again.wait(9999ms);
  CHECK(again.tick().events.empty());
  again.wait(1ms);
  CHECK(testing::as<Ended>(again.tick().events.front()).reason == EndReason::Abort);
}

TEST_CASE("an invitation nobody takes expires a day after the game's creation") {
  TestMatch game("chess", kMinute);
  CHECK(*game->deadline() == game.now + 24h);
  game.wait(24h - 1ms);
  CHECK(game.tick().events.empty());
  game.wait(1ms);
  // Too late to join, even before the timer has ended it.
  CHECK(game.join(Black).refusal->code == Rejection::SeatTaken);
  const auto ended = game.tick();
  REQUIRE(ended.events.size() == 1);
  CHECK(testing::as<Ended>(ended.events.front()).result == Result::Aborted);
  CHECK(testing::as<Ended>(ended.events.front()).reason == EndReason::Expired);
  CHECK(game->finished());
  CHECK_FALSE(game->deadline());
}

TEST_CASE("a joined game, a local one or one against the computer never expires") {
  TestMatch game("chess");
  game.wait(1h);
  game.join(Black);
  CHECK_FALSE(game->invitation_deadline());
  game.wait(48h);
  CHECK(game.tick().events.empty());

  TestMatch local("chess", std::nullopt, true);
  CHECK_FALSE(local->invitation_deadline());

  MatchSetup setup{"g2", std::nullopt, false, TestMatch::kCreatedAtMs, {}, ComputerSeat{Black, 3}, {}};
  Match computer(setup, rules::Position::start(*rules::find_variant("chess")), Time{});
  CHECK_FALSE(computer.invitation_deadline());
  CHECK(computer.on_time(Time{} + 48h).events.empty());

  // Both seats given (the lobby, a rematch): it starts at once, whenever it is loaded.
  MatchSetup paired_setup{"g3", std::nullopt, false, TestMatch::kCreatedAtMs, {}, std::nullopt, {}};
  paired_setup.invited = false;
  Match paired(paired_setup, rules::Position::start(*rules::find_variant("chess")), Time{});
  CHECK_FALSE(paired.invitation_deadline());
  CHECK(paired.join(Black, Time{} + 48h).accepted());
}

TEST_CASE("an invitation's day runs on the wall clock from creation, downtime included") {
  TestMatch game("chess");
  const std::int64_t created = TestMatch::kCreatedAtMs;
  auto again = restarted(game, std::nullopt, created + 3'600'000, created + 23 * 3'600'000);
  CHECK(*again->invitation_deadline() == again.now + 1h);

  auto overdue = restarted(game, std::nullopt, created + 3'600'000, created + 25 * 3'600'000);
  const auto ended = overdue.tick();
  REQUIRE(ended.events.size() == 1);
  CHECK(testing::as<Ended>(ended.events.front()).reason == EndReason::Expired);
}
