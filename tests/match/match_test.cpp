// The match alone, without a socket: every command in every state, every way a game ends, the
// clock, hidden games' tries and questions, and replaying recorded events after a restart.
#include <doctest/doctest.h>

#include "tests/match/match_tests.h"

namespace {

MoveCommand move(const TestMatch& game, const char* uci) { return {uci, game->ply()}; }

Rejection refusal_of(const Decision& decision) {
  REQUIRE(decision.refusal);
  CHECK(decision.events.empty());
  return decision.refusal->code;
}

// The one event a decision records, which must be of kind `Kind`.
template <typename Kind>
Kind only(const Decision& decision) {
  REQUIRE(decision.accepted());
  REQUIRE(decision.events.size() == 1);
  return testing::as<Kind>(decision.events.front());
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
  const Ended end = only<Ended>(game.send(Viewer::White, AbortCommand{}));
  CHECK(end.result == Result::Aborted);
  CHECK(end.reason == EndReason::Abort);
  CHECK(game->finished());
  CHECK(refusal_of(game.join(Black)) == Rejection::SeatTaken);
}

TEST_CASE("join starts the game once; a local game needs none") {
  TestMatch game("chess", kMinute);
  const Joined joined_event = only<Joined>(game.join(Black));
  CHECK(joined_event.seat == Black);
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

  const Moved played = only<Moved>(game.send(Viewer::White, move(game, "e2e4")));
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
  const Ended end = only<Ended>(game.send(Viewer::Black, ResignCommand{}));
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
  only<DrawOffered>(game.send(Viewer::White, DrawCommand{}));
  CHECK(game->draw_offer() == White);
  CHECK(refusal_of(game.send(Viewer::White, DrawCommand{})) == Rejection::DrawOffered);
  game.play({"e2e4"});
  CHECK(game->draw_offer() == White);  // offered with one's own move: it stands
  game.play({"e7e5"});
  CHECK_FALSE(game->draw_offer());  // Black moved instead of answering

  CHECK(only<DrawOffered>(game.send(Viewer::White, DrawCommand{})).by == White);
  const Ended agreed = only<Ended>(game.send(Viewer::Black, DrawCommand{}));
  CHECK(agreed.result == Result::Draw);
  CHECK(agreed.reason == EndReason::Agreement);
  CHECK_FALSE(game->draw_offer());
}

TEST_CASE("draw: declined, and not offered again until the game moves on") {
  auto game = joined();
  CHECK(refusal_of(game.send(Viewer::Black, DeclineDrawCommand{})) == Rejection::NoOffer);
  game.send(Viewer::White, DrawCommand{});
  CHECK(refusal_of(game.send(Viewer::White, DeclineDrawCommand{})) == Rejection::NoOffer);  // one's own
  const DrawDeclined declined = only<DrawDeclined>(game.send(Viewer::Black, DeclineDrawCommand{}));
  CHECK(declined.by == Black);
  CHECK_FALSE(game->draw_offer());
  CHECK(refusal_of(game.send(Viewer::White, DrawCommand{})) == Rejection::TooSoon);
  only<DrawOffered>(game.send(Viewer::Black, DrawCommand{}));  // the other may
  game.send(Viewer::White, DeclineDrawCommand{});
  game.play({"e2e4"});
  only<DrawOffered>(game.send(Viewer::White, DrawCommand{}));
}

TEST_CASE("abort: until both sides have moved") {
  auto game = joined();
  game.play({"e2e4"});
  CHECK(refusal_of(game.send(Viewer::Spectator, AbortCommand{})) == Rejection::NotAPlayer);
  auto both_moved = joined();
  both_moved.play({"e2e4", "e7e5"});
  CHECK(refusal_of(both_moved.send(Viewer::White, AbortCommand{})) == Rejection::TooLate);
  CHECK(only<Ended>(game.send(Viewer::Black, AbortCommand{})).reason == EndReason::Abort);
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
    testing::as<Moved>(decision.events[0]);
    const Ended& end = testing::as<Ended>(decision.events[1]);
    CHECK(end.result == c.result);
    CHECK(end.reason == c.reason);
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
  CHECK(only<Moved>(game.send(Viewer::White, move(game, "e2e4"))).clock == ClockTimes{60000, 60000});
  CHECK_FALSE(game->clock(game.now)->running);
  game.wait(7000ms);
  CHECK(only<Moved>(game.send(Viewer::Black, move(game, "e7e5"))).clock == ClockTimes{60000, 60000});
  CHECK(game->clock(game.now)->running == White);  // from here on
  game.wait(1234ms);
  const Moved third = only<Moved>(game.send(Viewer::White, move(game, "g1f3")));
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
  const Ended aborted = only<Ended>(game.tick());
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
  CHECK(only<Ended>(second.tick()).reason == EndReason::Abort);
}

TEST_CASE("a first move's wait: a move too late is an abort; untimed games wait") {
  auto game = joined("chess", ClockSetting{60000, 0});
  game.play({"e2e4"});
  game.wait(31s);
  const Ended late = only<Ended>(game.send(Viewer::Black, move(game, "e7e5")));
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
  only<TakebackOffered>(game.send(Viewer::White, TakebackCommand{}));
  CHECK(game->takeback_offer() == White);
  CHECK(refusal_of(game.send(Viewer::White, TakebackCommand{})) == Rejection::TakebackOffered);
  const TakenBack undone = only<TakenBack>(game.send(Viewer::Black, TakebackCommand{}));
  CHECK(undone.plies == 1);
  CHECK(game->ply() == 0);
  CHECK(game->turn() == White);
  CHECK_FALSE(game->takeback_offer());

  // Asked after the opponent replied: both moves go.
  game.play({"d2d4", "d7d5"});
  game.send(Viewer::White, TakebackCommand{});
  CHECK(only<TakenBack>(game.send(Viewer::Black, TakebackCommand{})).plies == 2);
  CHECK(game->ply() == 0);
  // The same move again is a new move, not a resend.
  only<Moved>(game.send(Viewer::White, move(game, "d2d4")));
}

TEST_CASE("takeback: declined, lapsed with a move, never in a hidden game") {
  auto game = joined();
  game.play({"e2e4"});
  CHECK(refusal_of(game.send(Viewer::Black, DeclineTakebackCommand{})) == Rejection::NoOffer);
  game.send(Viewer::White, TakebackCommand{});
  only<TakebackDeclined>(game.send(Viewer::Black, DeclineTakebackCommand{}));
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
  CHECK(match.set_premove(Viewer::White, "e2e4", game.now)->code == Rejection::YourTurn);
  CHECK(match.set_premove(Viewer::Spectator, "e2e4", game.now)->code == Rejection::NotAPlayer);
  game.play({"e2e4"});
  CHECK_FALSE(match.set_premove(Viewer::White, "g1f3", game.now));
  CHECK(match.premove(White) == "g1f3");
  CHECK_FALSE(match.take_premove(game.now));  // Black is to move and has none
  game.play({"e7e5"});
  auto due = match.take_premove(game.now);
  REQUIRE(due);
  CHECK(due->seat == White);
  CHECK(testing::as<Moved>(game.carry_out(due->decision).events.front()).move == "g1f3");
  CHECK_FALSE(match.premove(White));

  // Cancelled, or no longer legal when its turn comes: dropped, with the reason.
  CHECK_FALSE(match.set_premove(Viewer::White, "f1c4", game.now));
  CHECK_FALSE(match.set_premove(Viewer::White, std::nullopt, game.now));
  game.play({"g8f6"});
  CHECK_FALSE(match.take_premove(game.now));
  game.play({"d2d3"});
  CHECK_FALSE(match.set_premove(Viewer::White, "e4e5", game.now));  // the pawn is blocked
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
  const Ended claimed = only<Ended>(game.send(Viewer::White, ClaimCommand{Claim::Victory}));
  CHECK(claimed.result == Result::WhiteWins);
  CHECK(claimed.reason == EndReason::Abandoned);

  auto drawn = joined("chess", ClockSetting{3600000, 0});
  drawn.play({"e2e4", "e7e5"});
  CHECK(drawn->abandon_after() == 120s);
  drawn.match().set_connected(White, false, drawn.now);
  drawn.wait(120s);
  CHECK(only<Ended>(drawn.send(Viewer::Black, ClaimCommand{Claim::Draw})).result == Result::Draw);
}

TEST_CASE("hidden game: tries, \"No\", nonsense and \"Are there any?\"") {
  auto game = joined("kriegspiel", kMinute);
  CHECK(refusal_of(game.send(Viewer::White, move(game, "e2e5"))) == Rejection::Nonsense);
  CHECK(refusal_of(game.send(Viewer::Black, AnyCommand{})) == Rejection::NotYourTurn);
  CHECK(game->v() == 1);

  const Tried played = only<Tried>(game.send(Viewer::White, move(game, "e2e4")));
  CHECK(played.accepted);
  CHECK(game->ply() == 1);
  game.play({"d7d5"});

  const Asked asked = only<Asked>(game.send(Viewer::White, AnyCommand{}));
  CHECK(asked.answer == rules::AnyAnswer::Try);
  CHECK(refusal_of(game.send(Viewer::White, AnyCommand{})) == Rejection::Nonsense);
  // After "Try" only a pawn capture may be tried.
  CHECK(refusal_of(game.send(Viewer::White, move(game, "g1f3"))) == Rejection::Nonsense);
  const Tried refused = only<Tried>(game.send(Viewer::White, move(game, "e4f5")));
  CHECK_FALSE(refused.accepted);
  CHECK(game->ply() == 2);
  CHECK(game->turn() == White);
  CHECK(refusal_of(game.send(Viewer::White, move(game, "e4f5"))) == Rejection::Nonsense);  // tried already
  CHECK(only<Tried>(game.send(Viewer::White, move(game, "e4d5"))).accepted);
  CHECK(game->referee().umpire()->record().size() == 5);
}

TEST_CASE("hidden game: refused tries and questions cost the mover's time") {
  auto game = joined("kriegspiel", kMinute);
  game.play({"e2e4", "e7e5"});
  game.wait(2000ms);
  CHECK(only<Asked>(game.send(Viewer::White, AnyCommand{})).clock == ClockTimes{58000, 60000});
  game.wait(1000ms);
  CHECK(only<Tried>(game.send(Viewer::White, move(game, "d2e3"))).clock == ClockTimes{57000, 60000});
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
  CHECK_THROWS(game.apply(Moved{"e2e5", 0, std::nullopt}, game.now, 0));
  CHECK_THROWS(game.apply(Tried{White, "e2e4", 0, true, std::nullopt}, game.now, 0));
  auto hidden = joined("kriegspiel");
  CHECK_THROWS(hidden.apply(Tried{White, "e2e4", 0, false, std::nullopt}, hidden.now, 0));
}
