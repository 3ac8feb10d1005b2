// What each viewer may do now (match/permissions.h): the facts a page shows instead of
// deriving the rules; and the bugs of one device and of the computer's games.
#include <doctest/doctest.h>

#include "match/permissions.h"
#include "tests/match/match_tests.h"

namespace {

TestMatch joined(std::string_view variant = "chess", std::optional<ClockSetting> clock = std::nullopt) {
  TestMatch game(variant, clock);
  game.join(Black);
  return game;
}

std::vector<Action> actions(const TestMatch& game, Viewer viewer) {
  const auto permitted_now = permitted(*game, viewer, game.now).actions;
  return {permitted_now.begin(), permitted_now.end()};
}

bool may(const TestMatch& game, Viewer viewer, Action action) { return permitted(*game, viewer, game.now).may(action); }

// Match::accepts, which permitted asks, against decide itself for every viewer and every command
// but a move, in the game's state now (time included).
void check_accepts_as_decide(const TestMatch& game) {
  const std::vector<Command> commands{AnyCommand{},         ResignCommand{},          DrawCommand{},
                                      DeclineDrawCommand{}, TakebackCommand{},        DeclineTakebackCommand{},
                                      AbortCommand{},       ClaimCommand{Claim::Victory}, ClaimCommand{Claim::Draw},
                                      RematchCommand{"g2"}, DeclineRematchCommand{}};
  for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator})
    for (std::size_t i = 0; i < commands.size(); ++i) {
      CAPTURE(static_cast<int>(viewer));
      CAPTURE(i);
      CHECK(game->accepts(viewer, commands[i], game.now) == game->decide(viewer, commands[i], game.now).accepted());
    }
}

}  // namespace

TEST_CASE("permissions: waiting, playing, finished") {
  TestMatch waiting("chess");
  CHECK(actions(waiting, Viewer::White) == std::vector{Action::Abort, Action::Chat});
  CHECK(actions(waiting, Viewer::Spectator) == std::vector{Action::Chat});

  auto game = joined();
  CHECK(actions(game, Viewer::White) ==
        std::vector{Action::Move, Action::Abort, Action::Resign, Action::OfferDraw, Action::Chat});
  CHECK(actions(game, Viewer::Black) ==
        std::vector{Action::Premove, Action::Abort, Action::Resign, Action::OfferDraw, Action::Chat});
  CHECK(permitted(*game, Viewer::Black, game.now).chat == ChatChannel::Players);
  CHECK(permitted(*game, Viewer::Spectator, game.now).chat == ChatChannel::Spectators);

  game.play({"e2e4"});
  CHECK(may(game, Viewer::White, Action::Takeback));
  CHECK_FALSE(may(game, Viewer::Black, Action::Takeback));  // nothing of Black's to take back
  game.play({"e7e5"});
  // Both sides have moved: no abort any more.
  CHECK_FALSE(may(game, Viewer::White, Action::Abort));
  CHECK_FALSE(may(game, Viewer::Black, Action::Abort));

  REQUIRE(game.send(Viewer::White, ResignCommand{}).accepted());
  CHECK(actions(game, Viewer::White) == std::vector{Action::Rematch, Action::Chat});
  CHECK(actions(game, Viewer::Spectator) == std::vector{Action::Chat});
  REQUIRE(game.send(Viewer::White, RematchCommand{"g2"}).accepted());
  CHECK(actions(game, Viewer::White) == std::vector{Action::Chat});
  CHECK(actions(game, Viewer::Black) == std::vector{Action::AcceptRematch, Action::DeclineRematch, Action::Chat});
}

TEST_CASE("permissions: offers are answered by the side they are made to, and lapse as the match says") {
  auto game = joined();
  game.play({"e2e4", "e7e5"});
  REQUIRE(game.send(Viewer::White, DrawCommand{}).accepted());
  CHECK_FALSE(may(game, Viewer::White, Action::OfferDraw));  // stands until answered
  CHECK(may(game, Viewer::Black, Action::AcceptDraw));
  CHECK(may(game, Viewer::Black, Action::DeclineDraw));
  CHECK_FALSE(may(game, Viewer::Black, Action::OfferDraw));
  // The offer stands through its offerer's move; the reply instead of an answer ends it.
  game.play({"g1f3"});
  CHECK(may(game, Viewer::Black, Action::AcceptDraw));
  game.play({"b8c6"});
  CHECK_FALSE(may(game, Viewer::White, Action::AcceptDraw));
  CHECK(may(game, Viewer::Black, Action::OfferDraw));
  REQUIRE(game.send(Viewer::Black, DrawCommand{}).accepted());
  REQUIRE(game.send(Viewer::White, DeclineDrawCommand{}).accepted());
  CHECK_FALSE(may(game, Viewer::Black, Action::OfferDraw));  // not again until the game moves on

  REQUIRE(game.send(Viewer::White, TakebackCommand{}).accepted());
  CHECK(may(game, Viewer::Black, Action::AcceptTakeback));
  CHECK(may(game, Viewer::Black, Action::DeclineTakeback));
  CHECK_FALSE(may(game, Viewer::Black, Action::Takeback));
  CHECK_FALSE(may(game, Viewer::White, Action::Takeback));
  CHECK(actions(game, Viewer::Spectator) == std::vector{Action::Chat});
}

TEST_CASE("permissions: the claim comes within reach as the opponent stays away") {
  auto game = joined("chess", ClockSetting{180000, 0});
  game.play({"e2e4", "e7e5"});
  auto& match = game.match();
  match.set_connected(White, true, game.now);
  match.set_connected(Black, true, game.now);
  CHECK_FALSE(permitted(*game, Viewer::White, game.now).claim_in);
  match.set_connected(Black, false, game.now);
  game.wait(10s);
  auto white = permitted(*game, Viewer::White, game.now);
  CHECK(white.claim_in == 20s);
  CHECK_FALSE(white.may(Action::Claim));
  CHECK_FALSE(permitted(*game, Viewer::Black, game.now).claim_in);
  game.wait(20s);
  white = permitted(*game, Viewer::White, game.now);
  CHECK(white.claim_in == 0s);
  CHECK(white.may(Action::Claim));
}

TEST_CASE("permissions: a game that time has ended permits nothing of play") {
  auto game = joined("chess", ClockSetting{1000, 0});
  game.play({"e2e4", "e7e5"});
  game.wait(2s);
  CHECK(actions(game, Viewer::White) == std::vector{Action::Chat});
  CHECK(actions(game, Viewer::Black) == std::vector{Action::Chat});
}

TEST_CASE("permissions: a hidden game's turn state is the umpire's") {
  auto game = joined("kriegspiel");
  CHECK(may(game, Viewer::White, Action::AskAny));
  CHECK_FALSE(may(game, Viewer::White, Action::Premove));
  CHECK_FALSE(may(game, Viewer::White, Action::Chat));  // the players' chat is off
  CHECK_FALSE(may(game, Viewer::Black, Action::AskAny));
  game.play({"e2e4", "d7d5"});
  REQUIRE(game.send(Viewer::White, AnyCommand{}).accepted());  // "Try!": e4xd5 is there
  const auto white = permitted(*game, Viewer::White, game.now);
  CHECK_FALSE(white.may(Action::AskAny));  // once a turn
  CHECK(white.pawn_capture_owed);
  CHECK_FALSE(permitted(*game, Viewer::Black, game.now).pawn_capture_owed);
  CHECK_FALSE(may(game, Viewer::White, Action::Takeback));
}

// Bug (issue 18): a takeback on one device asked the same person to accept it.
TEST_CASE("one device: a takeback is made at once, never asked of the same person") {
  TestMatch game("chess", std::nullopt, true);
  CHECK_FALSE(may(game, Viewer::White, Action::Takeback));
  game.play({"e2e4", "e7e5"});
  CHECK(may(game, Viewer::White, Action::Takeback));
  CHECK(may(game, Viewer::Black, Action::Takeback));
  const auto decision = game.send(Viewer::Black, TakebackCommand{});
  REQUIRE(decision.events.size() == 1);
  CHECK(testing::as<TakenBack>(decision.events.front()).plies == 1);
  CHECK(game->ply() == 1);
  CHECK(game->turn() == Black);
  CHECK_FALSE(game->takeback_offer());
  CHECK_FALSE(may(game, Viewer::White, Action::AcceptTakeback));
}

// Bug (issue 18): games on one device and against the computer showed a players' chat nobody
// could answer.
TEST_CASE("one device and the computer: the players have no chat; spectators keep theirs") {
  TestMatch local("chess", std::nullopt, true);
  auto refused = local->chat(ChatSpeaker{Viewer::White, "", true}, TestMatch::kCreatedAtMs);
  REQUIRE(std::holds_alternative<Refusal>(refused));
  CHECK(std::get<Refusal>(refused).code == Rejection::ChatOff);
  CHECK_FALSE(local->chat_channel(Viewer::Black));
  CHECK_FALSE(may(local, Viewer::White, Action::Chat));
  CHECK(local->chat_channel(Viewer::Spectator) == ChatChannel::Spectators);

  MatchSetup setup;
  setup.id = "c1";
  setup.computer = ComputerSeat{Black, 1};
  const Match computer(setup, rules::Position::start(*rules::find_variant("chess")), Time{});
  CHECK(std::holds_alternative<Refusal>(computer.chat(ChatSpeaker{Viewer::White, "", true}, 0)));
  CHECK_FALSE(computer.chat_channel(Viewer::White));
  CHECK(std::holds_alternative<ChatChannel>(computer.chat(ChatSpeaker{Viewer::Spectator, "Ann", true}, 0)));
}

TEST_CASE("permissions: the match's accepts answers as its decide does, through a game's states") {
  TestMatch game("chess", ClockSetting{60000, 0});
  check_accepts_as_decide(game);  // waiting
  game.join(Black);
  check_accepts_as_decide(game);
  game.play({"e2e4"});
  check_accepts_as_decide(game);
  REQUIRE(game.send(Viewer::White, DrawCommand{}).accepted());
  REQUIRE(game.send(Viewer::White, TakebackCommand{}).accepted());
  check_accepts_as_decide(game);  // both offers stand
  REQUIRE(game.send(Viewer::Black, DeclineDrawCommand{}).accepted());
  REQUIRE(game.send(Viewer::Black, DeclineTakebackCommand{}).accepted());
  check_accepts_as_decide(game);  // White's draw offer declined at this ply
  game.play({"e7e5"});
  auto& match = game.match();
  match.set_connected(White, true, game.now);
  match.set_connected(Black, false, game.now);
  check_accepts_as_decide(game);  // Black gone, not long enough
  game.wait(30s);
  check_accepts_as_decide(game);  // long enough: the claim
  game.wait(60s);
  check_accepts_as_decide(game);  // White's flag has fallen, not yet recorded
  game.tick();
  check_accepts_as_decide(game);  // over
  REQUIRE(game.send(Viewer::Black, RematchCommand{"g2"}).accepted());
  check_accepts_as_decide(game);  // a rematch offered

  TestMatch local("chess", std::nullopt, true);
  check_accepts_as_decide(local);
  local.play({"e2e4"});
  check_accepts_as_decide(local);
  TestMatch hidden("kriegspiel");
  hidden.join(Black);
  check_accepts_as_decide(hidden);
}
