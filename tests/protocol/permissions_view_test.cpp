// The `now` object: what each viewer may do now, in `state`, every event and `presence`; and
// in a hidden game, nothing in it that tells of the hidden position.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/messages.h"
#include "protocol/permissions_view.h"
#include "protocol/views.h"
#include "tests/support/event_message.h"
#include "tests/support/test_match.h"

using namespace arbiter;
using namespace arbiter::protocol;
using arbiter::testing::event_message;
using arbiter::testing::TestMatch;
using namespace std::chrono_literals;
using nlohmann::json;

namespace {

constexpr rules::Color White = rules::Color::White, Black = rules::Color::Black;

json texts_of(const ViewerTexts& texts, Viewer viewer) { return json::parse(*texts[static_cast<std::size_t>(viewer)]); }

void play(TestMatch& game, const char* uci) {
  CAPTURE(uci);
  REQUIRE(game.send(match::viewer_of(game->turn()), match::MoveCommand{uci, game->ply()}).accepted());
}

// `now` as written to the buffer of every event message, required to be dump's own form of it.
json written_now(const TestMatch& game, Viewer viewer) {
  std::string text = "[";  // appended after what the buffer holds already
  append_now(text, *game, viewer, game.now);
  const std::string now = text.substr(1);
  CAPTURE(now);
  CHECK(now == dump(json::parse(now)));
  return json::parse(now);
}

}  // namespace

TEST_CASE("now: written as dump writes it, with every field that may be there") {
  TestMatch game("chess", match::ClockSetting{180000, 0});
  game.join(Black);
  play(game, "e2e4");
  play(game, "e7e5");
  REQUIRE(game.send(Viewer::White, match::DrawCommand{}).accepted());
  REQUIRE(game.send(Viewer::White, match::TakebackCommand{}).accepted());
  game.match().set_connected(White, true, game.now);
  game.match().set_connected(Black, false, game.now);
  game.wait(40s);
  auto white = written_now(game, Viewer::White);
  CHECK(white["claim_ms"] == 0);
  CHECK(white["offers"] == json{{"draw", "white"}, {"takeback", "white"}, {"rematch", nullptr}});
  written_now(game, Viewer::Spectator);
  REQUIRE(game.send(Viewer::White, match::ResignCommand{}).accepted());
  REQUIRE(game.send(Viewer::Black, match::RematchCommand{"g2"}).accepted());
  CHECK(written_now(game, Viewer::White)["offers"]["rematch"] == "black");

  TestMatch hidden("kriegspiel");
  hidden.join(Black);
  play(hidden, "e2e4");
  play(hidden, "d7d5");
  REQUIRE(hidden.send(Viewer::White, match::AnyCommand{}).accepted());
  const auto asker = written_now(hidden, Viewer::White);
  CHECK(asker["pawn_capture_owed"] == true);
  CHECK(asker["chat"] == nullptr);
}

TEST_CASE("now: whose turn, which ply and what the viewer may do, in state and in every event") {
  TestMatch game("chess");
  game.join(Black);
  game.match().set_connected(White, true, game.now);
  game.match().set_connected(Black, true, game.now);
  auto state = state_message(*game, game.now, Viewer::White);
  CHECK(state["now"] == json{{"turn", "white"}, {"ply", 0}, {"actions", {"move", "abort", "resign", "offer_draw", "chat"}},
                             {"chat", "players"},
                             {"offers", {{"draw", nullptr}, {"takeback", nullptr}, {"rematch", nullptr}}}});
  play(game, "e2e4");
  auto texts = event_texts(game.log().back().event, *game, game.now);
  CHECK(texts_of(texts, Viewer::White)["now"]["actions"] == json{"premove", "abort", "resign", "offer_draw", "takeback", "chat"});
  CHECK(texts_of(texts, Viewer::Black)["now"]["actions"] == json{"move", "abort", "resign", "offer_draw", "chat"});
  CHECK(texts_of(texts, Viewer::Black)["now"]["ply"] == 1);
  auto spectator = texts_of(texts, Viewer::Spectator)["now"];
  CHECK(spectator["actions"] == json{"chat"});
  CHECK(spectator["chat"] == "spectators");
  CHECK(spectator["turn"] == "black");
  // Only the side to move gets legal moves.
  CHECK(texts_of(texts, Viewer::Black)["legal"].size() == 20);
  CHECK(texts_of(texts, Viewer::White)["legal"].empty());

  REQUIRE(game.send(Viewer::White, match::DrawCommand{}).accepted());
  texts = event_texts(game.log().back().event, *game, game.now);
  CHECK(texts_of(texts, Viewer::Black)["now"]["actions"] ==
        json{"move", "abort", "resign", "accept_draw", "decline_draw", "chat"});
  CHECK(texts_of(texts, Viewer::Spectator)["now"]["offers"]["draw"] == "white");
}

TEST_CASE("now: a presence message tells the player left alone when they may claim") {
  TestMatch game("chess", match::ClockSetting{180000, 0});
  game.join(Black);
  play(game, "e2e4");
  play(game, "e7e5");
  game.match().set_connected(White, true, game.now);
  game.match().set_connected(Black, false, game.now);
  game.wait(5s);
  CHECK(presence_message(*game, game.now, Viewer::White)["now"]["claim_ms"] == 25000);
  CHECK_FALSE(presence_message(*game, game.now, Viewer::Black)["now"].contains("claim_ms"));
  CHECK_FALSE(presence_message(*game, game.now, Viewer::Spectator)["now"].contains("claim_ms"));
  CHECK(resumed_message(*game, game.now, Viewer::White)["now"]["claim_ms"] == 25000);
}

// hidden: two games whose real positions differ while every announcement is the same give each
// viewer the same facts, message for message.
TEST_CASE("now: in Kriegspiel nothing of the hidden position shows") {
  auto kriegspiel = [] {
    TestMatch game("kriegspiel");
    game.join(Black);
    return game;
  };
  auto a = kriegspiel(), b = kriegspiel();
  const std::vector<std::pair<const char*, const char*>> moves{{"e2e4", "d2d4"}, {"g8f6", "g8f6"}, {"b1c3", "g1f3"}};
  for (const auto& [in_a, in_b] : moves) {
    play(a, in_a);
    play(b, in_b);
    for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator}) {
      CAPTURE(viewer_name(viewer));
      CHECK(now_json(*a, viewer, a.now) == now_json(*b, viewer, b.now));
      CHECK(texts_of(event_texts(a.log().back().event, *a, a.now), viewer)["now"] ==
            texts_of(event_texts(b.log().back().event, *b, b.now), viewer)["now"]);
    }
    // Black, whose own board is the same in both, hears White's moves alike, message whole.
    if (a->turn() == Black)
      CHECK(texts_of(event_texts(a.log().back().event, *a, a.now), Viewer::Black) ==
            texts_of(event_texts(b.log().back().event, *b, b.now), Viewer::Black));
  }
}

TEST_CASE("now: a castling is told to its mover as one, to nobody else until the end") {
  auto game = TestMatch::from("kriegspiel", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
  play(game, "e1g1");
  const auto& event = game.log().back().event;
  CHECK(event_message(event, *game, game.now, Viewer::White)["castle"] == true);
  CHECK_FALSE(event_message(event, *game, game.now, Viewer::Black).contains("castle"));
  CHECK_FALSE(event_message(event, *game, game.now, Viewer::Spectator).contains("castle"));
  CHECK(state_message(*game, game.now, Viewer::White)["umpire"][0]["castle"] == true);
  play(game, "a7a6");
  CHECK_FALSE(state_message(*game, game.now, Viewer::Black)["umpire"][1].contains("castle"));
}
