// The match alone, without a socket: every command in every state, every way a game ends, the
// clock, hidden games' tries and questions, and replaying recorded events after a restart.
#include <doctest/doctest.h>

#include "tests/support/test_match.h"

using namespace arbiter;
using namespace arbiter::match;
using arbiter::testing::TestMatch;
using namespace std::chrono_literals;

namespace {

constexpr rules::Color White = rules::Color::White, Black = rules::Color::Black;
constexpr ClockSetting kMinute{60000, 0};

MoveCommand move(const TestMatch& game, const char* uci) { return {uci, game->ply()}; }

Rejection refusal_of(const Decision& decision) {
  REQUIRE(decision.refusal);
  CHECK(decision.events.empty());
  return decision.refusal->code;
}

// The one event a decision records.
Event only_event(const Decision& decision) {
  REQUIRE(decision.accepted());
  REQUIRE(decision.events.size() == 1);
  return decision.events.front();
}

TestMatch joined(const char* variant = "chess", std::optional<ClockSetting> clock = std::nullopt) {
  TestMatch game(variant, clock);
  REQUIRE(game.join(Black).accepted());
  return game;
}

// Equal as far as anyone can tell: replaying the record must rebuild exactly this.
void check_same(const Match& a, const Match& b, Time now) {
  CHECK(a.v() == b.v());
  CHECK(a.status() == b.status());
  CHECK(a.result() == b.result());
  CHECK(a.reason() == b.reason());
  CHECK(a.ended_at_ms() == b.ended_at_ms());
  CHECK(a.draw_offer() == b.draw_offer());
  CHECK(a.game().position().fen() == b.game().position().fen());
  CHECK(a.game().sans() == b.game().sans());
  CHECK(a.deadline() == b.deadline());
  CHECK(a.clock(now).has_value() == b.clock(now).has_value());
  if (a.clock(now) && b.clock(now)) {
    CHECK(a.clock(now)->remaining == b.clock(now)->remaining);
    CHECK(a.clock(now)->running == b.clock(now)->running);
  }
  CHECK((a.referee().umpire() == nullptr) == (b.referee().umpire() == nullptr));
  if (a.referee().umpire()) CHECK(a.referee().umpire()->record().size() == b.referee().umpire()->record().size());
}

}  // namespace

TEST_CASE("waiting: nothing but an abort until the invited player joins") {
  TestMatch game("chess", kMinute);
  CHECK(game->status() == Status::Waiting);
  CHECK_FALSE(game->deadline());  // no clock runs
  CHECK(refusal_of(game.send(Viewer::White, move(game, "e2e4"))) == Rejection::NotStarted);
  CHECK(refusal_of(game.send(Viewer::White, ResignCommand{})) == Rejection::NotStarted);
  CHECK(refusal_of(game.send(Viewer::White, DrawCommand{})) == Rejection::NotStarted);
  CHECK(refusal_of(game.send(Viewer::Spectator, move(game, "e2e4"))) == Rejection::NotAPlayer);
  CHECK(refusal_of(game.send(Viewer::Spectator, AbortCommand{})) == Rejection::NotAPlayer);
  CHECK(game->v() == 0);
  const Event end = only_event(game.send(Viewer::White, AbortCommand{}));
  CHECK(end.kind == Event::Kind::Ended);
  CHECK(end.result == Result::Aborted);
  CHECK(end.reason == EndReason::Abort);
  CHECK(game->finished());
  CHECK(refusal_of(game.join(Black)) == Rejection::SeatTaken);
}

TEST_CASE("join starts the game once; a local game needs none") {
  TestMatch game("chess", kMinute);
  const Event joined_event = only_event(game.join(Black));
  CHECK(joined_event.kind == Event::Kind::Joined);
  CHECK(joined_event.by == Black);
  CHECK(joined_event.clock == ClockTimes{60000, 60000});
  CHECK(game->status() == Status::Playing);
  CHECK(game->clock(game.now)->running == White);
  CHECK(refusal_of(game.join(White)) == Rejection::SeatTaken);

  TestMatch local("chess", kMinute, true);
  CHECK(local->status() == Status::Playing);
  CHECK(local->clock(local.now)->running == White);
  CHECK(refusal_of(local.join(Black)) == Rejection::SeatTaken);
}

TEST_CASE("moves: played in turn at the right ply, refused otherwise") {
  auto game = joined();
  CHECK(refusal_of(game.send(Viewer::Black, move(game, "e7e5"))) == Rejection::NotYourTurn);
  CHECK(refusal_of(game.send(Viewer::Spectator, move(game, "e2e4"))) == Rejection::NotAPlayer);
  CHECK(refusal_of(game.send(Viewer::White, MoveCommand{"e2e4", 1})) == Rejection::StalePly);
  CHECK(refusal_of(game.send(Viewer::White, move(game, "e2e5"))) == Rejection::IllegalMove);
  CHECK(refusal_of(game.send(Viewer::White, move(game, "z9z9"))) == Rejection::IllegalMove);
  CHECK(game->v() == 1);

  const Event played = only_event(game.send(Viewer::White, move(game, "e2e4")));
  CHECK(played.kind == Event::Kind::Moved);
  CHECK(played.move == "e2e4");
  CHECK(played.ply == 0);
  CHECK(game->v() == 2);
  CHECK(game->turn() == Black);
  // A stale ply is told before whose turn it is.
  CHECK(refusal_of(game.send(Viewer::White, MoveCommand{"d2d4", 0})) == Rejection::StalePly);
  CHECK(refusal_of(game.send(Viewer::Black, MoveCommand{"e7e5", 0})) == Rejection::StalePly);
}

TEST_CASE("a resend of the move just played is answered again, not played twice") {
  auto game = joined();
  game.play({"e2e4"});
  auto again = game.send(Viewer::White, MoveCommand{"e2e4", 0});
  REQUIRE(again.repeat_of);
  CHECK(*again.repeat_of == 2);
  CHECK(again.events.empty());
  CHECK(game->ply() == 1);
  // Only by the seat that played it, and only the move itself.
  CHECK(refusal_of(game.send(Viewer::Black, MoveCommand{"e2e4", 0})) == Rejection::StalePly);
  CHECK(refusal_of(game.send(Viewer::White, MoveCommand{"d2d4", 0})) == Rejection::StalePly);
  game.play({"e7e5"});
  CHECK(refusal_of(game.send(Viewer::White, MoveCommand{"e2e4", 0})) == Rejection::StalePly);
}

TEST_CASE("resign ends the game for the other side; then everything is over") {
  auto game = joined();
  CHECK(refusal_of(game.send(Viewer::Spectator, ResignCommand{})) == Rejection::NotAPlayer);
  const Event end = only_event(game.send(Viewer::Black, ResignCommand{}));
  CHECK(end.result == Result::WhiteWins);
  CHECK(end.reason == EndReason::Resign);
  CHECK(game->finished());
  CHECK(game->ended_at_ms() == TestMatch::kCreatedAtMs);
  for (Command command : {Command{move(game, "e2e4")}, Command{ResignCommand{}}, Command{DrawCommand{}},
                          Command{AbortCommand{}}})
    CHECK(refusal_of(game.send(Viewer::White, command)) == Rejection::GameOver);
  CHECK(refusal_of(game.send(Viewer::White, AnyCommand{})) == Rejection::NotHidden);
}

TEST_CASE("draw: an offer stands until accepted or the game moves on") {
  auto game = joined();
  CHECK(refusal_of(game.send(Viewer::Spectator, DrawCommand{})) == Rejection::NotAPlayer);
  CHECK(only_event(game.send(Viewer::White, DrawCommand{})).kind == Event::Kind::DrawOffered);
  CHECK(game->draw_offer() == White);
  CHECK(refusal_of(game.send(Viewer::White, DrawCommand{})) == Rejection::DrawOffered);
  game.play({"e2e4"});
  CHECK_FALSE(game->draw_offer());  // lapsed with the move

  CHECK(only_event(game.send(Viewer::White, DrawCommand{})).by == White);
  const Event agreed = only_event(game.send(Viewer::Black, DrawCommand{}));
  CHECK(agreed.result == Result::Draw);
  CHECK(agreed.reason == EndReason::Agreement);
  CHECK_FALSE(game->draw_offer());
}

TEST_CASE("abort: until both sides have moved") {
  auto game = joined();
  game.play({"e2e4"});
  CHECK(refusal_of(game.send(Viewer::Spectator, AbortCommand{})) == Rejection::NotAPlayer);
  auto both_moved = joined();
  both_moved.play({"e2e4", "e7e5"});
  CHECK(refusal_of(both_moved.send(Viewer::White, AbortCommand{})) == Rejection::TooLate);
  CHECK(only_event(game.send(Viewer::Black, AbortCommand{})).reason == EndReason::Abort);
  CHECK(game->result() == Result::Aborted);
}

TEST_CASE("the rules' ends are recorded right after the move") {
  struct Case {
    const char* name;
    const char* fen;
    std::vector<const char*> moves;
    Result result;
    EndReason reason;
  };
  for (const Case& c : std::vector<Case>{
           {"checkmate", "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", {"c1c8"}, Result::WhiteWins, EndReason::Checkmate},
           {"stalemate", "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", {"c1c7"}, Result::Draw, EndReason::Stalemate},
           {"fifty moves", "k7/8/1K6/8/8/8/8/2R5 w - - 99 60", {"c1d1"}, Result::Draw, EndReason::FiftyMoves},
           {"insufficient material", "7k/8/8/8/8/8/1n6/K7 w - - 0 1", {"a1b2"}, Result::Draw,
            EndReason::InsufficientMaterial},
           {"repetition", "", {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}, Result::Draw,
            EndReason::Repetition},
       }) {
    CAPTURE(c.name);
    auto game = *c.fen ? TestMatch::from("chess", c.fen) : joined();
    for (std::size_t i = 0; i + 1 < c.moves.size(); ++i) game.play({c.moves[i]});
    auto decision = game.send(viewer_of(game->turn()), move(game, c.moves.back()));
    REQUIRE(decision.events.size() == 2);
    CHECK(decision.events[0].kind == Event::Kind::Moved);
    CHECK(decision.events[1].kind == Event::Kind::Ended);
    CHECK(decision.events[1].result == c.result);
    CHECK(decision.events[1].reason == c.reason);
    CHECK(game->finished());
  }
}

TEST_CASE("every rules reason has its match reason") {
  using rules::Reason;
  CHECK(end_reason(Reason::KingCaptured) == EndReason::KingCaptured);
  CHECK(end_reason(Reason::BareKing) == EndReason::BareKing);
  CHECK(end_reason(Reason::None) == EndReason::None);
  CHECK(result_of({rules::Outcome::Result::BlackWins, Reason::KingCaptured}) == Result::BlackWins);
}

TEST_CASE("the clock: charged from the last event to the move, increment when the turn passes") {
  auto game = joined("chess", ClockSetting{60000, 1000});
  game.wait(1234ms);
  const Event first = only_event(game.send(Viewer::White, move(game, "e2e4")));
  CHECK(first.clock == ClockTimes{60000 - 1234 + 1000, 60000});
  game.wait(500ms);
  CHECK(game->clock(game.now)->remaining == ClockTimes{59766, 59500});
  CHECK(game->clock(game.now)->running == Black);
  CHECK(*game->deadline() == game.now - 500ms + 60000ms);
}

TEST_CASE("a flag: by the timer, or found when the side out of time acts") {
  auto game = joined("chess", kMinute);
  game.play({"e2e4"});
  game.wait(59999ms);
  CHECK(game.tick().events.empty());
  game.wait(1ms);
  const Event end = only_event(game.tick());
  CHECK(end.result == Result::WhiteWins);
  CHECK(end.reason == EndReason::Timeout);
  CHECK(end.clock->black_ms == 0);
  CHECK_FALSE(game->deadline());

  auto late = joined("chess", kMinute);
  late.wait(61000ms);
  const Event flagged = only_event(late.send(Viewer::White, move(late, "e2e4")));
  CHECK(flagged.reason == EndReason::Timeout);
  CHECK(flagged.result == Result::BlackWins);
  CHECK(late->ply() == 0);

  // The winner on time has only a knight: a draw.
  auto knight = TestMatch::from("chess", "7k/8/8/8/8/8/8/K6n w - - 0 1", kMinute);
  knight.wait(60000ms);
  const Event drawn = only_event(knight.tick());
  CHECK(drawn.result == Result::Draw);
  CHECK(drawn.reason == EndReason::Timeout);
}

TEST_CASE("two moves a turn: the clock passes when the turn ends") {
  auto game = joined("centennial", ClockSetting{60000, 5000});
  game.wait(1000ms);
  const Event first = only_event(game.send(Viewer::White, move(game, "b1a4")));
  CHECK(first.clock == ClockTimes{59000, 60000});  // no increment: White moves again
  CHECK(game->turn() == White);
  CHECK(game->clock(game.now)->running == White);
  game.wait(1000ms);
  const Event second = only_event(game.send(Viewer::White, move(game, "h2g4")));
  CHECK(second.clock == ClockTimes{63000, 60000});
  CHECK(game->turn() == Black);
}

TEST_CASE("hidden game: tries, \"No\", nonsense and \"Are there any?\"") {
  auto game = joined("kriegspiel", kMinute);
  CHECK(refusal_of(game.send(Viewer::White, move(game, "e2e5"))) == Rejection::Nonsense);
  CHECK(refusal_of(game.send(Viewer::Black, AnyCommand{})) == Rejection::NotYourTurn);
  CHECK(game->v() == 1);

  const Event played = only_event(game.send(Viewer::White, move(game, "e2e4")));
  CHECK(played.kind == Event::Kind::Tried);
  CHECK(played.accepted);
  CHECK(game->ply() == 1);
  game.play({"d7d5"});

  const Event asked = only_event(game.send(Viewer::White, AnyCommand{}));
  CHECK(asked.kind == Event::Kind::Asked);
  CHECK(asked.answer == rules::AnyAnswer::Try);
  CHECK(refusal_of(game.send(Viewer::White, AnyCommand{})) == Rejection::Nonsense);
  // After "Try" only a pawn capture may be tried.
  CHECK(refusal_of(game.send(Viewer::White, move(game, "g1f3"))) == Rejection::Nonsense);
  const Event refused = only_event(game.send(Viewer::White, move(game, "e4f5")));
  CHECK(refused.kind == Event::Kind::Tried);
  CHECK_FALSE(refused.accepted);
  CHECK(game->ply() == 2);
  CHECK(game->turn() == White);
  CHECK(refusal_of(game.send(Viewer::White, move(game, "e4f5"))) == Rejection::Nonsense);  // tried already
  CHECK(only_event(game.send(Viewer::White, move(game, "e4d5"))).accepted);
  CHECK(game->referee().umpire()->record().size() == 5);
}

TEST_CASE("hidden game: refused tries and questions cost the mover's time") {
  auto game = joined("kriegspiel", kMinute);
  game.wait(2000ms);
  CHECK(only_event(game.send(Viewer::White, AnyCommand{})).clock == ClockTimes{58000, 60000});
  game.wait(1000ms);
  CHECK(only_event(game.send(Viewer::White, move(game, "e2d3"))).clock == ClockTimes{57000, 60000});
  CHECK(game->clock(game.now)->running == White);
}

TEST_CASE("restart: replaying the recorded events rebuilds the same match") {
  for (const char* variant : {"chess", "kriegspiel", "centennial"}) {
    CAPTURE(variant);
    auto game = joined(variant, ClockSetting{60000, 2000});
    game.wait(700ms);
    if (std::string_view(variant) == "centennial") {
      game.play({"b1a4", "h2g4", "c10d9"});
    } else {
      game.play({"e2e4"});
      game.wait(300ms);
      game.send(Viewer::Black, DrawCommand{});
      if (std::string_view(variant) == "kriegspiel") {
        game.send(Viewer::Black, move(game, "d7e6"));
        game.send(Viewer::Black, AnyCommand{});
      }
      game.play({"d7d5"});
      game.send(Viewer::Black, DrawCommand{});
    }
    game.wait(1100ms);

    TestMatch replayed(variant, ClockSetting{60000, 2000});
    replayed.replay(game.log());
    check_same(*game, *replayed, game.now);

    game.send(Viewer::White, ResignCommand{});
    TestMatch finished(variant, ClockSetting{60000, 2000});
    finished.replay(game.log());
    check_same(*game, *finished, game.now);
  }
}

TEST_CASE("a stored move that does not replay is refused") {
  auto game = joined();
  CHECK_THROWS(game.apply(Event::moved("e2e5", 0, std::nullopt), game.now, 0));
  CHECK_THROWS(game.apply(Event::tried(White, "e2e4", 0, true, std::nullopt), game.now, 0));
  auto hidden = joined("kriegspiel");
  CHECK_THROWS(hidden.apply(Event::tried(White, "e2e4", 0, false, std::nullopt), hidden.now, 0));
}
