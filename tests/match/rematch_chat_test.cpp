// After the game: rematch offers as recorded events, the new game's id on acceptance; names of
// the seats; who may chat where, and who reads what.
#include <doctest/doctest.h>

#include "tests/support/test_match.h"

using namespace arbiter;
using namespace arbiter::match;
using arbiter::testing::TestMatch;

namespace {

constexpr rules::Color White = rules::Color::White, Black = rules::Color::Black;

TestMatch finished_game(bool local = false) {
  TestMatch game("chess", std::nullopt, local);
  if (!local) game.join(Black);
  REQUIRE(game.send(Viewer::White, ResignCommand{}).accepted());
  REQUIRE(game->finished());
  return game;
}

Rejection refusal_of(const Decision& decision) {
  REQUIRE(decision.refusal);
  CHECK(decision.events.empty());
  return decision.refusal->code;
}

}  // namespace

TEST_CASE("a rematch is offered after the end and accepted by the other player, naming the new game") {
  TestMatch game = finished_game();
  auto offer = game.send(Viewer::White, RematchCommand{"next1"});
  REQUIRE(offer.events.size() == 1);
  CHECK(offer.events[0].kind == Event::Kind::RematchOffered);
  CHECK(game->rematch_offer() == White);
  CHECK(refusal_of(game.send(Viewer::White, RematchCommand{"next2"})) == Rejection::RematchOffered);
  CHECK(refusal_of(game.send(Viewer::Spectator, RematchCommand{"next2"})) == Rejection::NotAPlayer);

  auto accepted = game.send(Viewer::Black, RematchCommand{"next3"});
  REQUIRE(accepted.events.size() == 1);
  CHECK(accepted.events[0].kind == Event::Kind::Rematched);
  CHECK(accepted.events[0].game == "next3");
  CHECK(game->next_game() == "next3");
  CHECK_FALSE(game->rematch_offer());
  CHECK(refusal_of(game.send(Viewer::White, RematchCommand{"next4"})) == Rejection::Rematched);

  // Replayed after a restart: the same offer and the same new game.
  TestMatch replayed("chess");
  replayed.replay(game.log());
  CHECK(replayed->next_game() == "next3");
  CHECK(replayed->v() == game->v());
}

TEST_CASE("a rematch offer can be declined, and offered again") {
  TestMatch game = finished_game();
  CHECK(refusal_of(game.send(Viewer::Black, DeclineRematchCommand{})) == Rejection::NoOffer);
  REQUIRE(game.send(Viewer::Black, RematchCommand{"n"}).accepted());
  CHECK(refusal_of(game.send(Viewer::Black, DeclineRematchCommand{})) == Rejection::NoOffer);  // one's own offer
  auto declined = game.send(Viewer::White, DeclineRematchCommand{});
  REQUIRE(declined.events.size() == 1);
  CHECK(declined.events[0].kind == Event::Kind::RematchDeclined);
  CHECK_FALSE(game->rematch_offer());
  CHECK_FALSE(game->next_game());
  CHECK(game.send(Viewer::Black, RematchCommand{"n"}).events.at(0).kind == Event::Kind::RematchOffered);
}

TEST_CASE("no rematch before the end; on one device it starts at once") {
  TestMatch live("chess");
  live.join(Black);
  CHECK(refusal_of(live.send(Viewer::White, RematchCommand{"n"})) == Rejection::NotOver);
  TestMatch waiting("chess");
  CHECK(refusal_of(waiting.send(Viewer::White, RematchCommand{"n"})) == Rejection::NotOver);

  TestMatch local = finished_game(true);
  auto started = local.send(Viewer::Black, RematchCommand{"local2"});
  REQUIRE(started.events.size() == 1);
  CHECK(started.events[0].kind == Event::Kind::Rematched);
  CHECK(local->next_game() == "local2");
}

TEST_CASE("the joining player's name is recorded with the join") {
  TestMatch game("chess");
  CHECK(game->name(Black).empty());
  REQUIRE(game.carry_out(game->join(Black, game.now, "Bob")).accepted());
  CHECK(game->name(Black) == "Bob");
  TestMatch replayed("chess");
  replayed.replay(game.log());
  CHECK(replayed->name(Black) == "Bob");
}

TEST_CASE("chat: players and spectators apart, both readable after the end") {
  TestMatch game("chess");
  game.join(Black);
  CHECK(std::get<ChatChannel>(game->chat(Viewer::White)) == ChatChannel::Players);
  CHECK(std::get<ChatChannel>(game->chat(Viewer::Spectator)) == ChatChannel::Spectators);
  CHECK(game->may_read(Viewer::Black, ChatChannel::Players));
  CHECK_FALSE(game->may_read(Viewer::Black, ChatChannel::Spectators));
  CHECK_FALSE(game->may_read(Viewer::Spectator, ChatChannel::Players));
  CHECK(game->may_read(Viewer::Spectator, ChatChannel::Spectators));
  REQUIRE(game.send(Viewer::Black, ResignCommand{}).accepted());
  CHECK(game->may_read(Viewer::Spectator, ChatChannel::Players));
  CHECK(game->may_read(Viewer::White, ChatChannel::Spectators));
}

TEST_CASE("chat: in Kriegspiel the players' chat is off until the end; the spectators' stays") {
  TestMatch game("kriegspiel");
  game.join(Black);
  auto refused = game->chat(Viewer::White);
  REQUIRE(std::holds_alternative<Refusal>(refused));
  CHECK(std::get<Refusal>(refused).code == Rejection::ChatOff);
  CHECK(std::get<ChatChannel>(game->chat(Viewer::Spectator)) == ChatChannel::Spectators);
  REQUIRE(game.send(Viewer::White, ResignCommand{}).accepted());
  CHECK(std::get<ChatChannel>(game->chat(Viewer::Black)) == ChatChannel::Players);
}
