// After the game: rematch offers as recorded events, the new game's id on acceptance; names of
// the seats; who may chat where, and who reads what.
#include <doctest/doctest.h>

#include "tests/match/match_tests.h"

namespace {

TestMatch finished_game(bool local = false) {
  TestMatch game("chess", std::nullopt, local);
  if (!local) game.join(Black);
  REQUIRE(game.send(Viewer::White, ResignCommand{}).accepted());
  REQUIRE(game->finished());
  return game;
}

// The wall clock of the test's moment, as the match's events record it.
std::int64_t wall_ms(const TestMatch& game) {
  return TestMatch::kCreatedAtMs + std::chrono::duration_cast<std::chrono::milliseconds>(game.now.time_since_epoch()).count();
}

std::variant<ChatChannel, Refusal> chat(const TestMatch& game, Viewer from, std::string_view name = {}, bool present_at_end = true) {
  return game->chat(ChatSpeaker{from, name, present_at_end}, wall_ms(game));
}

Rejection chat_refusal(const std::variant<ChatChannel, Refusal>& ruling) {
  REQUIRE(std::holds_alternative<Refusal>(ruling));
  return std::get<Refusal>(ruling).code;
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
  CHECK(std::holds_alternative<RematchOffered>(offer.events[0]));
  CHECK(game->rematch_offer() == White);
  CHECK(refusal_of(game.send(Viewer::White, RematchCommand{"next2"})) == Rejection::RematchOffered);
  CHECK(refusal_of(game.send(Viewer::Spectator, RematchCommand{"next2"})) == Rejection::NotAPlayer);

  auto accepted = game.send(Viewer::Black, RematchCommand{"next3"});
  REQUIRE(accepted.events.size() == 1);
  CHECK(testing::as<Rematched>(accepted.events[0]).game == "next3");
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
  CHECK(std::holds_alternative<RematchDeclined>(declined.events[0]));
  CHECK_FALSE(game->rematch_offer());
  CHECK_FALSE(game->next_game());
  CHECK(std::holds_alternative<RematchOffered>(game.send(Viewer::Black, RematchCommand{"n"}).events.at(0)));
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
  CHECK(std::holds_alternative<Rematched>(started.events[0]));
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
  CHECK(std::get<ChatChannel>(chat(game, Viewer::White)) == ChatChannel::Players);
  CHECK(std::get<ChatChannel>(chat(game, Viewer::Spectator)) == ChatChannel::Spectators);
  CHECK(game->may_read(Viewer::Black, ChatChannel::Players));
  CHECK_FALSE(game->may_read(Viewer::Black, ChatChannel::Spectators));
  CHECK_FALSE(game->may_read(Viewer::Spectator, ChatChannel::Players));
  CHECK(game->may_read(Viewer::Spectator, ChatChannel::Spectators));
  REQUIRE(game.send(Viewer::Black, ResignCommand{}).accepted());
  CHECK(game->may_read(Viewer::Spectator, ChatChannel::Players));
  CHECK(game->may_read(Viewer::White, ChatChannel::Spectators));
}

TEST_CASE("chat: in Kriegspiel the players' chat is off until the end; the spectators' is held until then") {
  TestMatch game("kriegspiel");
  CHECK(game->spectators_sealed());  // waiting: the creator could watch and speak as well
  game.join(Black);
  CHECK(chat_refusal(chat(game, Viewer::White)) == Rejection::ChatOff);
  CHECK(std::get<ChatChannel>(chat(game, Viewer::Spectator)) == ChatChannel::Spectators);
  // A player may be a spectator too (no token): so nobody reads the spectators' chat in play.
  CHECK(game->spectators_sealed());
  for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator}) CHECK_FALSE(game->may_read(viewer, ChatChannel::Spectators));
  REQUIRE(game.send(Viewer::White, ResignCommand{}).accepted());
  CHECK_FALSE(game->spectators_sealed());
  for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator}) CHECK(game->may_read(viewer, ChatChannel::Spectators));
  CHECK(std::get<ChatChannel>(chat(game, Viewer::Black)) == ChatChannel::Players);
}

TEST_CASE("chat: an open game never seals its spectators") {
  TestMatch game("chess");
  CHECK_FALSE(game->spectators_sealed());
  game.join(Black);
  CHECK_FALSE(game->spectators_sealed());
  CHECK(game->may_read(Viewer::Spectator, ChatChannel::Spectators));
}

TEST_CASE("chat: a finished game's closes after a while; until then only the players and those there at the end") {
  TestMatch game = finished_game();
  CHECK(std::get<ChatChannel>(chat(game, Viewer::White, {}, false)) == ChatChannel::Players);
  CHECK(std::get<ChatChannel>(chat(game, Viewer::Spectator, "Sam", true)) == ChatChannel::Spectators);
  CHECK(chat_refusal(chat(game, Viewer::Spectator, "Sam", false)) == Rejection::ChatClosed);
  game.wait(Waits{}.chat_after_end - std::chrono::milliseconds(1));
  CHECK(std::get<ChatChannel>(chat(game, Viewer::Black)) == ChatChannel::Players);
  game.wait(std::chrono::milliseconds(1));
  CHECK(chat_refusal(chat(game, Viewer::Black)) == Rejection::ChatClosed);
  CHECK(chat_refusal(chat(game, Viewer::Spectator, "Sam", true)) == Rejection::ChatClosed);
  // After a restart the end's recorded time decides the same.
  TestMatch replayed("chess");
  replayed.replay(game.log());
  replayed.now = game.now;
  CHECK(chat_refusal(chat(replayed, Viewer::White)) == Rejection::ChatClosed);
}

TEST_CASE("chat: a spectator may not speak under a seat's name, whatever its case") {
  TestMatch game("chess");
  REQUIRE(game.carry_out(game->join(Black, game.now, "Bob")).accepted());
  for (std::string_view name : {"Bob", "bob", "BOB"})
    CHECK(chat_refusal(chat(game, Viewer::Spectator, name)) == Rejection::NameTaken);
  CHECK(std::get<ChatChannel>(chat(game, Viewer::Spectator, "Bobby")) == ChatChannel::Spectators);
  CHECK(std::get<ChatChannel>(chat(game, Viewer::Spectator, "")) == ChatChannel::Spectators);  // no name given
}
