// Names, chat messages and the lobby's commands as parsed from what clients send.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/lobby_messages.h"
#include "protocol/messages.h"

using namespace arbiter::protocol;

namespace {

template <class T>
std::string code(const Parsed<T>& parsed) {
  REQUIRE(std::holds_alternative<BadInput>(parsed));
  return std::get<BadInput>(parsed).code;
}

ChatCommand chat(std::string_view text) {
  auto parsed = parse_client_command(text);
  REQUIRE(std::holds_alternative<ClientCommand>(parsed));
  return std::get<ChatCommand>(std::get<ClientCommand>(parsed));
}

}  // namespace

TEST_CASE("display names: control characters dropped, trimmed, 20 characters at most, Anonymous when empty") {
  CHECK(display_name("  Ann  ") == "Ann");
  CHECK(display_name(std::string("A\0n\x07n\x7f", 6)) == "Ann");
  CHECK(display_name("Bo\xc2\x85" "b") == "Bob");  // U+0085, a C1 control
  CHECK(display_name("") == "Anonymous");
  CHECK(display_name(" \x01 ") == "Anonymous");
  CHECK(display_name(std::string(10000, 'x')) == std::string(20, 'x'));
  // Characters, not bytes: twenty-one "é" keep twenty, whole.
  std::string accents;
  for (int i = 0; i < 21; ++i) accents += "\xc3\xa9";
  CHECK(display_name(accents) == accents.substr(0, 40));
  CHECK(display_name("<b>Ann</b>") == "<b>Ann</b>");  // shown as text by clients, kept as given
  CHECK(display_name("nineteen characters x") == "nineteen characters");  // cut, then trimmed again
}

TEST_CASE("names in requests: a string or nothing") {
  CHECK(std::get<JoinRequest>(parse_join("")).name == "Anonymous");
  CHECK(std::get<JoinRequest>(parse_join(R"({"name":" Bob "})")).name == "Bob");
  CHECK(std::get<JoinRequest>(parse_join(R"({"name":null})")).name == "Anonymous");
  CHECK(code(parse_join(R"({"name":5})")) == "bad_name");
  CHECK(code(parse_join("[1]")) == "bad_message");
  CHECK(std::get<CreateGameRequest>(parse_create_game(R"({"name":"Ann"})")).name == "Ann");
  CHECK(code(parse_create_game(R"({"name":{}})")) == "bad_name");
}

TEST_CASE("a join's own secret: 22 to 64 base64url characters, or none") {
  CHECK_FALSE(std::get<JoinRequest>(parse_join(R"({"name":"Bob"})")).token.has_value());
  CHECK_FALSE(std::get<JoinRequest>(parse_join(R"({"token":null})")).token.has_value());
  const std::string secret = "AbCdEfGhIjKlMnOpQrSt-_";  // 22 characters
  CHECK(std::get<JoinRequest>(parse_join(R"({"token":")" + secret + "\"}")).token == secret);
  CHECK(std::get<JoinRequest>(parse_join(R"({"token":")" + std::string(64, 'x') + "\"}")).token == std::string(64, 'x'));
  CHECK(code(parse_join(R"({"token":")" + secret.substr(1) + "\"}")) == "bad_token");  // 21: too weak
  CHECK(code(parse_join(R"({"token":")" + std::string(65, 'x') + "\"}")) == "bad_token");
  CHECK(code(parse_join(R"({"token":"AbCdEfGhIjKlMnOpQrSt+/"})")) == "bad_token");  // base64, not base64url
  CHECK(code(parse_join(R"({"token":12345678901234567890123})")) == "bad_token");
  CHECK(code(parse_join(R"({"name":5,"token":"AbCdEfGhIjKlMnOpQrSt-_"})")) == "bad_name");
}

TEST_CASE("chat messages: trimmed, 1 to 140 characters, no control characters") {
  CHECK(chat(R"({"t":"chat","text":"  hello  "})").text == "hello");
  CHECK(chat(R"({"t":"chat","text":"hi","name":"  Watcher "})").name == "Watcher");
  CHECK(chat(R"({"t":"chat","text":"hi"})").name.empty());
  std::string longest = R"({"t":"chat","text":")";
  for (int i = 0; i < 140; ++i) longest += "\u00e9";
  CHECK(chat(longest + "\"}").text.size() == 280);
  CHECK(code(parse_client_command(longest + "e\"}")) == "bad_message");
  CHECK(code(parse_client_command(R"({"t":"chat","text":"   "})")) == "bad_message");
  CHECK(code(parse_client_command(R"({"t":"chat","text":"a\u0000b"})")) == "bad_message");
  CHECK(code(parse_client_command(R"({"t":"chat","text":"a\nb"})")) == "bad_message");
  CHECK(code(parse_client_command(R"({"t":"chat","text":7})")) == "bad_message");
  CHECK(code(parse_client_command(R"({"t":"chat"})")) == "bad_message");
}

TEST_CASE("rematch commands") {
  auto rematch = std::get<ClientCommand>(parse_client_command(R"({"t":"rematch"})"));
  CHECK(std::holds_alternative<RematchCommand>(std::get<arbiter::match::Command>(rematch)));
  auto decline = std::get<ClientCommand>(parse_client_command(R"({"t":"rematch_decline"})"));
  CHECK(std::holds_alternative<DeclineRematchCommand>(std::get<arbiter::match::Command>(decline)));
}

TEST_CASE("lobby commands") {
  auto seek = std::get<LobbyCommand>(parse_lobby_command(
      R"({"t":"seek","variant":"capablanca","color":"black","clock":{"initial_s":60,"increment_s":1},"name":"Ann"})"));
  const auto& game = std::get<SeekCommand>(seek).game;
  CHECK(game.variant == "capablanca");
  CHECK(game.color == ColorChoice::Black);
  CHECK(game.clock->initial_ms == 60000);
  CHECK(game.name == "Ann");
  CHECK(code(parse_lobby_command(R"({"t":"seek","local":true})")) == "bad_message");
  CHECK(code(parse_lobby_command(R"({"t":"seek","variant":"nope"})")) == "unknown_variant");
  CHECK(std::get<AcceptSeekCommand>(std::get<LobbyCommand>(parse_lobby_command(R"({"t":"accept","id":"abc"})"))).name == "Anonymous");
  CHECK(std::get<CancelSeekCommand>(std::get<LobbyCommand>(parse_lobby_command(R"({"t":"cancel","id":"abc"})"))).id == "abc");
  CHECK(code(parse_lobby_command(R"({"t":"cancel"})")) == "bad_message");
  CHECK(code(parse_lobby_command(R"({"t":"cancel","id":""})")) == "bad_message");
  CHECK(code(parse_lobby_command(R"({"t":"reclaim","id":"abc"})")) == "bad_message");
  CHECK(code(parse_lobby_command(R"({"t":"dance"})")) == "bad_message");
  CHECK(code(parse_lobby_command("nope")) == "bad_message");
  CHECK(std::holds_alternative<PingCommand>(std::get<LobbyCommand>(parse_lobby_command(R"({"t":"ping"})"))));

  const auto json = seek_json({"s1", game, 5});
  CHECK(json["color"] == "black");
  CHECK(json["clock"]["increment_ms"] == 1000);
  CHECK(json["name"] == "Ann");
}

TEST_CASE("invisible characters (Unicode format characters) are dropped from names and chat") {
  // U+202E (right-to-left override), U+200B (zero width space), U+2066 (isolate), U+00AD (soft
  // hyphen), U+FEFF, U+061C, U+180E, U+2060, U+E0041 (a tag), U+2028 (line separator).
  CHECK(display_name("\u202eAnn\u200b") == "Ann");
  CHECK(display_name("A\u00adn\u2066n\u2069") == "Ann");
  CHECK(display_name("\ufeff\u061c\u180e\u2060\U000E0041Bob") == "Bob");
  CHECK(display_name("\u200b \u200f") == "Anonymous");
  CHECK(display_name(" \u200bAnn\u200b ") == "Ann");  // trimmed after the invisible are gone
  CHECK(display_name("Zo\u00eb \U0001F600") == "Zo\u00eb \U0001F600");  // visible letters and emoji stay
  CHECK(chat(R"({"t":"chat","text":"a\u202edcba\u200b\u2028x"})").text == "adcbax");
  CHECK(chat("{\"t\":\"chat\",\"text\":\"hi\",\"name\":\"W\u200d\u00adho\"}").name == "Who");
  CHECK(code(parse_client_command(R"({"t":"chat","text":"\u200b\u200b \u202e"})")) == "bad_message");
  CHECK(code(parse_client_command("{\"t\":\"chat\",\"text\":\"a\xc2\x85\"}")) == "bad_message");  // C1 still refused
}
