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
  CHECK(*game->deadline() == game.now + 24h);  // no clock runs: only the invitation expires
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
  CHECK_FALSE(game->clock(game.now)->running);  // the clocks start with each side's first move
  CHECK(refusal_of(game.join(White)) == Rejection::SeatTaken);

  TestMatch local("chess", kMinute, true);
  CHECK(local->status() == Status::Playing);
  CHECK_FALSE(local->clock(local.now)->running);
  CHECK_FALSE(local->deadline());  // one device: no first-move abort
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

TEST_CASE("draw: an offer stands until answered, or until the other side moves instead") {
  auto game = joined();
  CHECK(refusal_of(game.send(Viewer::Spectator, DrawCommand{})) == Rejection::NotAPlayer);
  CHECK(only_event(game.send(Viewer::White, DrawCommand{})).kind == Event::Kind::DrawOffered);
  CHECK(game->draw_offer() == White);
  CHECK(refusal_of(game.send(Viewer::White, DrawCommand{})) == Rejection::DrawOffered);
  game.play({"e2e4"});
  CHECK(game->draw_offer() == White);  // offered with one's own move: it stands
  game.play({"e7e5"});
  CHECK_FALSE(game->draw_offer());  // Black moved instead of answering

  CHECK(only_event(game.send(Viewer::White, DrawCommand{})).by == White);
  const Event agreed = only_event(game.send(Viewer::Black, DrawCommand{}));
  CHECK(agreed.result == Result::Draw);
  CHECK(agreed.reason == EndReason::Agreement);
  CHECK_FALSE(game->draw_offer());
}

TEST_CASE("draw: declined, and not offered again until the game moves on") {
  auto game = joined();
  CHECK(refusal_of(game.send(Viewer::Black, DeclineDrawCommand{})) == Rejection::NoOffer);
  game.send(Viewer::White, DrawCommand{});
  CHECK(refusal_of(game.send(Viewer::White, DeclineDrawCommand{})) == Rejection::NoOffer);  // one's own
  const Event declined = only_event(game.send(Viewer::Black, DeclineDrawCommand{}));
  CHECK(declined.kind == Event::Kind::DrawDeclined);
  CHECK(declined.by == Black);
  CHECK_FALSE(game->draw_offer());
  CHECK(refusal_of(game.send(Viewer::White, DrawCommand{})) == Rejection::TooSoon);
  CHECK(only_event(game.send(Viewer::Black, DrawCommand{})).kind == Event::Kind::DrawOffered);  // the other may
  game.send(Viewer::White, DeclineDrawCommand{});
  game.play({"e2e4"});
  CHECK(only_event(game.send(Viewer::White, DrawCommand{})).kind == Event::Kind::DrawOffered);
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

TEST_CASE("the clock: each side's first move is free; then charged from the last event, with the increment") {
  auto game = joined("chess", ClockSetting{60000, 1000});
  game.wait(5000ms);
  CHECK(only_event(game.send(Viewer::White, move(game, "e2e4"))).clock == ClockTimes{60000, 60000});
  CHECK_FALSE(game->clock(game.now)->running);
  game.wait(7000ms);
  CHECK(only_event(game.send(Viewer::Black, move(game, "e7e5"))).clock == ClockTimes{60000, 60000});
  CHECK(game->clock(game.now)->running == White);  // from here on
  game.wait(1234ms);
  const Event third = only_event(game.send(Viewer::White, move(game, "g1f3")));
  CHECK(third.clock == ClockTimes{60000 - 1234 + 1000, 60000});
  game.wait(500ms);
  CHECK(game->clock(game.now)->remaining == ClockTimes{59766, 59500});
  CHECK(game->clock(game.now)->running == Black);
  CHECK(*game->deadline() == game.now - 500ms + 60000ms);
}

TEST_CASE("a first move not made in time aborts the game; it is not lost on time") {
  auto game = joined("chess", ClockSetting{3000, 0});
  CHECK(*game->deadline() == game.now + 30s);
  game.wait(29999ms);
  CHECK(game.tick().events.empty());
  game.wait(1ms);
  const Event aborted = only_event(game.tick());
  CHECK(aborted.result == Result::Aborted);
  CHECK(aborted.reason == EndReason::Abort);

  // Black's wait starts with White's first move.
  auto second = joined("chess", ClockSetting{3000, 0});
  second.wait(10s);
  second.play({"e2e4"});
  CHECK(*second->deadline() == second.now + 30s);
  second.wait(29s);
  CHECK(second.tick().events.empty());
  second.wait(1s);
  CHECK(only_event(second.tick()).reason == EndReason::Abort);
}

TEST_CASE("a first move's wait: a move too late is an abort; untimed games wait") {
  auto game = joined("chess", ClockSetting{60000, 0});
  game.play({"e2e4"});
  game.wait(31s);
  const Event late = only_event(game.send(Viewer::Black, move(game, "e7e5")));
  CHECK(late.reason == EndReason::Abort);
  CHECK(game->ply() == 1);

  auto untimed = joined();
  CHECK_FALSE(untimed->deadline());
  untimed.wait(1h);
  CHECK(untimed.tick().events.empty());
}

TEST_CASE("takeback by consent: the asker's last move, and the reply to it") {
  auto game = joined();
  CHECK(refusal_of(game.send(Viewer::White, TakebackCommand{})) == Rejection::NothingToTakeBack);
  game.play({"e2e4"});
  CHECK(only_event(game.send(Viewer::White, TakebackCommand{})).kind == Event::Kind::TakebackOffered);
  CHECK(game->takeback_offer() == White);
  CHECK(refusal_of(game.send(Viewer::White, TakebackCommand{})) == Rejection::TakebackOffered);
  const Event undone = only_event(game.send(Viewer::Black, TakebackCommand{}));
  CHECK(undone.kind == Event::Kind::TakenBack);
  CHECK(undone.plies == 1);
  CHECK(game->ply() == 0);
  CHECK(game->turn() == White);
  CHECK_FALSE(game->takeback_offer());

  // Asked after the opponent replied: both moves go.
  game.play({"d2d4", "d7d5"});
  game.send(Viewer::White, TakebackCommand{});
  CHECK(only_event(game.send(Viewer::Black, TakebackCommand{})).plies == 2);
  CHECK(game->ply() == 0);
  // The same move again is a new move, not a resend.
  CHECK(only_event(game.send(Viewer::White, move(game, "d2d4"))).kind == Event::Kind::Moved);
}

TEST_CASE("takeback: declined, lapsed with a move, never in a hidden game") {
  auto game = joined();
  game.play({"e2e4"});
  CHECK(refusal_of(game.send(Viewer::Black, DeclineTakebackCommand{})) == Rejection::NoOffer);
  game.send(Viewer::White, TakebackCommand{});
  CHECK(only_event(game.send(Viewer::Black, DeclineTakebackCommand{})).kind == Event::Kind::TakebackDeclined);
  CHECK_FALSE(game->takeback_offer());
  game.send(Viewer::White, TakebackCommand{});
  game.play({"e7e5"});
  CHECK_FALSE(game->takeback_offer());

  auto hidden = joined("kriegspiel");
  hidden.play({"e2e4"});
  CHECK(refusal_of(hidden.send(Viewer::White, TakebackCommand{})) == Rejection::HiddenGame);
}

TEST_CASE("premove: queued on the opponent's turn, played when it comes if still legal") {
  auto game = joined();
  auto& match = game.match();
  CHECK(match.set_premove(Viewer::White, "e2e4")->code == Rejection::YourTurn);
  CHECK(match.set_premove(Viewer::Spectator, "e2e4")->code == Rejection::NotAPlayer);
  game.play({"e2e4"});
  CHECK_FALSE(match.set_premove(Viewer::White, "g1f3"));
  CHECK(match.premove(White) == "g1f3");
  CHECK_FALSE(match.take_premove(game.now));  // Black is to move and has none
  game.play({"e7e5"});
  auto due = match.take_premove(game.now);
  REQUIRE(due);
  CHECK(due->seat == White);
  CHECK(game.carry_out(due->decision).events.front().move == "g1f3");
  CHECK_FALSE(match.premove(White));

  // Cancelled, or no longer legal when its turn comes: dropped, with the reason.
  CHECK_FALSE(match.set_premove(Viewer::White, "f1c4"));
  CHECK_FALSE(match.set_premove(Viewer::White, std::nullopt));
  game.play({"g8f6"});
  CHECK_FALSE(match.take_premove(game.now));
  game.play({"d2d3"});
  CHECK_FALSE(match.set_premove(Viewer::White, "e4e5"));  // the pawn is blocked
  game.play({"b8c6"});
  auto blocked = match.take_premove(game.now);
  REQUIRE(blocked);
  CHECK(refusal_of(blocked->decision) == Rejection::IllegalMove);
  CHECK_FALSE(match.premove(White));
  CHECK(game->turn() == White);
}

TEST_CASE("a player gone long enough lets the opponent claim the game") {
  auto game = joined("chess", ClockSetting{180000, 0});
  game.play({"e2e4", "e7e5"});
  auto& match = game.match();
  CHECK(match.abandon_after() == 30s);
  match.set_connected(White, true, game.now);
  match.set_connected(Black, true, game.now);
  CHECK(refusal_of(game.send(Viewer::White, ClaimCommand{Claim::Victory})) == Rejection::OpponentHere);
  match.set_connected(Black, false, game.now);
  game.wait(29s);
  CHECK(refusal_of(game.send(Viewer::White, ClaimCommand{Claim::Victory})) == Rejection::OpponentHere);
  game.wait(1s);
  CHECK(refusal_of(game.send(Viewer::Black, ClaimCommand{Claim::Victory})) == Rejection::OpponentHere);
  const Event claimed = only_event(game.send(Viewer::White, ClaimCommand{Claim::Victory}));
  CHECK(claimed.result == Result::WhiteWins);
  CHECK(claimed.reason == EndReason::Abandoned);

  auto drawn = joined("chess", ClockSetting{3600000, 0});
  drawn.play({"e2e4", "e7e5"});
  CHECK(drawn->abandon_after() == 120s);
  drawn.match().set_connected(White, false, drawn.now);
  drawn.wait(120s);
  CHECK(only_event(drawn.send(Viewer::Black, ClaimCommand{Claim::Draw})).result == Result::Draw);
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
  game.play({"e2e4", "e7e5"});
  game.wait(2000ms);
  CHECK(only_event(game.send(Viewer::White, AnyCommand{})).clock == ClockTimes{58000, 60000});
  game.wait(1000ms);
  CHECK(only_event(game.send(Viewer::White, move(game, "d2e3"))).clock == ClockTimes{57000, 60000});
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
      if (std::string_view(variant) == "chess") {
        game.send(Viewer::White, TakebackCommand{});
        game.send(Viewer::Black, TakebackCommand{});
        game.play({"g1f3"});
      }
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
