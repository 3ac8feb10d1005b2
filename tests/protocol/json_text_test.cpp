#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/json_text.h"
#include "protocol/messages.h"
#include "protocol/views.h"
#include "tests/support/test_match.h"

using namespace arbiter;
using namespace arbiter::protocol;
using arbiter::testing::TestMatch;
using nlohmann::json;

TEST_CASE("json text: the bytes dump writes for the same object, whatever the order fields were set in") {
  const std::vector<std::string> strings{"e2e4", "", "quote \" and \\ backslash", "tab\tnew\nline\x01", "caf\xc3\xa9 \xe2\x99\x9e",
                                         "bad \xff utf-8", "\x7f"};
  for (const auto& value : strings) {
    CAPTURE(value);
    JsonText text;
    text.number("v", -12).string("move", value).null("clock").raw("legal", json_string_array(strings)).json("names", {{"white", value}});
    text.number("ply", 7).string("t", "move");
    json same{{"t", "move"}, {"v", -12}, {"move", value}, {"clock", nullptr}, {"legal", strings}, {"names", {{"white", value}}}, {"ply", 7}};
    CHECK(text.text() == dump(same));
  }
}

TEST_CASE("json text: a key set again is replaced, as nlohmann's operator[] does") {
  JsonText text;
  text.raw("legal", "[]").string("t", "move").raw("legal", R"(["e2e4"])");
  CHECK(text.has("legal"));
  CHECK_FALSE(text.has("fen"));
  CHECK(text.text() == R"({"legal":["e2e4"],"t":"move"})");
  CHECK(JsonText().text() == "{}");
}

namespace {

// Every viewer's text of the latest event is nlohmann's own form of the same message.
void check_latest(const TestMatch& game) {
  const auto& event = game.log().back().event;
  auto texts = event_texts(event, *game, game.now);
  for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator}) {
    CAPTURE(static_cast<int>(viewer));
    CAPTURE(type_name(event));
    const auto& text = *texts[static_cast<std::size_t>(viewer)];
    CHECK(text == dump(json::parse(text)));
    CHECK(text == dump(event_message(event, *game, game.now, viewer)));
  }
}

}  // namespace

TEST_CASE("event texts: the kinds the other tests leave out (declines, rematches) are nlohmann's form too") {
  TestMatch game("chess", match::ClockSetting{60000, 1000});
  game.join(rules::Color::Black);
  REQUIRE(game.send(Viewer::White, match::MoveCommand{"e2e4", 0}).accepted());
  check_latest(game);  // first_move_ms: Black's first move is still due
  REQUIRE(game.send(Viewer::Black, match::DrawCommand{}).accepted());
  REQUIRE(game.send(Viewer::White, match::DeclineDrawCommand{}).accepted());
  check_latest(game);
  REQUIRE(game.send(Viewer::Black, match::MoveCommand{"e7e5", 1}).accepted());
  REQUIRE(game.send(Viewer::Black, match::TakebackCommand{}).accepted());
  REQUIRE(game.send(Viewer::White, match::DeclineTakebackCommand{}).accepted());
  check_latest(game);
  REQUIRE(game.send(Viewer::White, match::ResignCommand{}).accepted());
  check_latest(game);
  REQUIRE(game.send(Viewer::White, match::RematchCommand{"next1"}).accepted());
  check_latest(game);
  REQUIRE(game.send(Viewer::Black, match::DeclineRematchCommand{}).accepted());
  check_latest(game);
  REQUIRE(game.send(Viewer::Black, match::RematchCommand{"next2"}).accepted());
  REQUIRE(game.send(Viewer::White, match::RematchCommand{"next3"}).accepted());
  check_latest(game);
}
