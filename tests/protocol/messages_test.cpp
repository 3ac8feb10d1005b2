#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/lobby_messages.h"
#include "protocol/messages.h"

using namespace arbiter::protocol;

namespace {

template <class T>
T value(const Parsed<T>& parsed) {
  REQUIRE(std::holds_alternative<T>(parsed));
  return std::get<T>(parsed);
}

template <class T>
std::string code(const Parsed<T>& parsed) {
  REQUIRE(std::holds_alternative<BadInput>(parsed));
  return std::get<BadInput>(parsed).code;
}

// The match's command a client message asks for.
arbiter::match::Command game_command(std::string_view text) { return std::get<arbiter::match::Command>(value(parse_client_command(text))); }

}  // namespace

TEST_CASE("a move command carries its move and ply") {
  auto move = std::get<MoveCommand>(game_command(R"({"t":"move","move":"e2e4","ply":0})"));
  CHECK(move.move == "e2e4");
  CHECK(move.ply == 0);
  CHECK(std::get<MoveCommand>(game_command(R"({"t":"move","move":"a9a10c","ply":41})")).ply == 41);
}

TEST_CASE("the other commands need only their type") {
  CHECK(std::holds_alternative<ResignCommand>(game_command(R"({"t":"resign"})")));
  CHECK(std::holds_alternative<DrawCommand>(game_command(R"({"t":"draw"})")));
  CHECK(std::holds_alternative<DeclineDrawCommand>(game_command(R"({"t":"draw_decline"})")));
  CHECK(std::holds_alternative<TakebackCommand>(game_command(R"({"t":"takeback"})")));
  CHECK(std::holds_alternative<DeclineTakebackCommand>(game_command(R"({"t":"takeback_decline"})")));
  CHECK(std::holds_alternative<AbortCommand>(game_command(R"({"t":"abort"})")));
  CHECK(std::holds_alternative<AnyCommand>(game_command(R"({"t":"any"})")));
  CHECK(std::get<ClaimCommand>(game_command(R"({"t":"claim","result":"victory"})")).claim == arbiter::match::Claim::Victory);
  CHECK(std::get<ClaimCommand>(game_command(R"({"t":"claim","result":"draw"})")).claim == arbiter::match::Claim::Draw);
  CHECK(std::holds_alternative<PingCommand>(value(parse_client_command(R"({"t":"ping","extra":1})"))));
}

TEST_CASE("a premove queues a move, or cancels with none") {
  CHECK(std::get<PremoveCommand>(value(parse_client_command(R"({"t":"premove","move":"e7e5"})"))).move == "e7e5");
  CHECK_FALSE(std::get<PremoveCommand>(value(parse_client_command(R"({"t":"premove","move":null})"))).move);
  CHECK_FALSE(std::get<PremoveCommand>(value(parse_client_command(R"({"t":"premove"})"))).move);
}

TEST_CASE("malformed commands are bad messages") {
  for (const char* text : {"", "not json", "[1,2]", "42", "null", R"({"type":"move"})", R"({"t":7})",
                           R"({"t":"teleport"})", R"({"t":"claim"})", R"({"t":"claim","result":"everything"})",
                           R"({"t":"premove","move":"e2 e4"})", R"({"t":"premove","move":5})", R"({"t":"move","move":"e2e4"})", R"({"t":"move","ply":0})",
                           R"({"t":"move","move":"e2e4","ply":-1})", R"({"t":"move","move":"e2e4","ply":"0"})",
                           R"({"t":"move","move":"e2e4","ply":1.5})", R"({"t":"move","move":12,"ply":0})",
                           R"({"t":"move","move":"e2","ply":0})", R"({"t":"move","move":"e2e4; drop","ply":0})",
                           R"({"t":"move","move":"e2e4e2e4e2e4e2e4","ply":0})", "{\"t\":\"move\",\"move\":\"\xff\xfe\",\"ply\":0}"}) {
    CAPTURE(text);
    CHECK(code(parse_client_command(text)) == "bad_message");
  }
}

TEST_CASE("creating a game: defaults, colours, clocks, local") {
  auto defaults = value(parse_create_game(""));
  CHECK(defaults.variant == "chess");
  CHECK(defaults.color == ColorChoice::Random);
  CHECK_FALSE(defaults.clock);
  CHECK_FALSE(defaults.local);

  auto full = value(parse_create_game(
      R"({"variant":"capablanca","color":"black","clock":{"initial_s":300,"increment_s":2},"local":true})"));
  CHECK(full.variant == "capablanca");
  CHECK(full.color == ColorChoice::Black);
  REQUIRE(full.clock);
  CHECK(full.clock->initial_ms == 300000);
  CHECK(full.clock->increment_ms == 2000);
  CHECK(full.local);

  auto fractional = value(parse_create_game(R"({"variant":"chess","clock":{"initial_s":1.5}})"));
  CHECK(fractional.clock->initial_ms == 1500);
  CHECK(value(parse_create_game(R"({"variant":"chess","clock":{"initial_s":1}})")).clock->initial_ms == 1000);
  CHECK(fractional.clock->increment_ms == 0);
  CHECK_FALSE(value(parse_create_game(R"({"variant":"chess","clock":null})")).clock);
}

TEST_CASE("creating a game: bad requests say why") {
  CHECK(code(parse_create_game(R"({"variant":"shogi"})")) == "unknown_variant");
  CHECK(code(parse_create_game(R"({"variant":3})")) == "bad_message");
  CHECK(code(parse_create_game("{nope")) == "bad_message");
  CHECK(code(parse_create_game("[]")) == "bad_message");
  CHECK(code(parse_create_game(R"({"color":"green"})")) == "bad_message");
  CHECK(code(parse_create_game(R"({"local":"yes"})")) == "bad_message");
  for (const char* clock : {R"("fast")", R"({})", R"({"initial_s":0})", R"({"initial_s":0.0005})", R"({"initial_s":0.999})", R"({"initial_s":-5})", R"({"initial_s":"300"})",
                            R"({"initial_s":1e12})", R"({"initial_s":60,"increment_s":-1})",
                            R"({"initial_s":60,"increment_s":7200})"}) {
    CAPTURE(clock);
    CHECK(code(parse_create_game(std::string(R"({"variant":"chess","clock":)") + clock + "}")) == "bad_clock");
  }
}

TEST_CASE("a clock from elsewhere (another node's seek) is in bounds exactly when a request could have made it") {
  for (const auto& [initial, increment] : {std::pair{1000, 0}, {86400000, 3600000}, {180000, 2000}})
    CHECK(clock_in_bounds({initial, increment}));
  for (const auto& [initial, increment] : {std::pair{999, 0}, {0, 0}, {-1000, 0}, {86400001, 0}, {60000, -1}, {60000, 3600001}}) {
    CAPTURE(initial);
    CAPTURE(increment);
    CHECK_FALSE(clock_in_bounds({initial, increment}));
  }
}

TEST_CASE("errors are unnumbered messages with a code") {
  auto error = nlohmann::json::parse(error_message("stale_ply", "the game is at ply 3"));
  CHECK(error["t"] == "error");
  CHECK(error["code"] == "stale_ply");
  CHECK(error["message"] == "the game is at ply 3");
  CHECK_FALSE(error.contains("v"));
  CHECK(nlohmann::json::parse(pong_message())["t"] == "pong");
}

TEST_CASE("a key repeated in any object is a bad message, in every client message") {
  auto command_code = [](std::string_view text) {
    auto parsed = parse_client_command(text);
    REQUIRE(std::holds_alternative<BadInput>(parsed));
    return std::get<BadInput>(parsed).code;
  };
  CHECK(command_code(R"({"t":"move","move":"e2e4","ply":0,"t":"resign"})") == "bad_message");
  CHECK(command_code(R"({"t":"chat","text":"a","x":{"k":1,"k":2}})") == "bad_message");
  CHECK(command_code(R"([{"a":1,"a":1}])") == "bad_message");
  CHECK(std::holds_alternative<ClientCommand>(parse_client_command(R"({"t":"chat","text":"a","x":{"t":1},"y":[{"t":2}]})")));
  CHECK(std::holds_alternative<BadInput>(parse_create_game(R"({"variant":"chess","variant":"kriegspiel"})")));
  CHECK(std::get<BadInput>(parse_join(R"({"name":"a","name":"b"})")).code == "bad_message");
  auto lobby = parse_lobby_command(R"({"t":"ping","t":"seek"})");
  REQUIRE(std::holds_alternative<BadInput>(lobby));
  CHECK(std::get<BadInput>(lobby).code == "bad_message");
}

TEST_CASE("a move not in coordinate notation is a bad message: SAN and upper case alike") {
  for (std::string_view text : {R"({"t":"move","move":"E2E4","ply":0})", R"({"t":"move","move":"e4","ply":0})",
                                R"({"t":"move","move":"Nf3","ply":0})", R"({"t":"premove","move":"E2E4"})"}) {
    auto parsed = parse_client_command(text);
    REQUIRE(std::holds_alternative<BadInput>(parsed));
    CHECK(std::get<BadInput>(parsed).code == "bad_message");
  }
  CHECK(std::holds_alternative<ClientCommand>(parse_client_command(R"({"t":"move","move":"e7e8q","ply":0})")));
  CHECK(std::holds_alternative<ClientCommand>(parse_client_command(R"({"t":"move","move":"a10a10q","ply":0})")));
}
