#include <doctest/doctest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "protocol/board_json.h"
#include "protocol/messages.h"
#include "protocol/pgn.h"
#include "protocol/variants_json.h"
#include "protocol/view_policy.h"
#include "protocol/views.h"
#include "tests/support/event_message.h"
#include "tests/support/test_match.h"

using namespace arbiter;
using namespace arbiter::protocol;
using arbiter::testing::event_message;
using arbiter::testing::TestMatch;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

constexpr rules::Color White = rules::Color::White, Black = rules::Color::Black;

// A game between two people, joined, with these moves played.
TestMatch game_of(const char* variant, std::initializer_list<const char*> moves,
                  std::optional<match::ClockSetting> clock = std::nullopt) {
  TestMatch game(variant, clock);
  game.join(Black);
  game.play(moves);
  return game;
}

}  // namespace

TEST_CASE("state: only the player to move gets legal moves") {
  auto game = game_of("chess", {});
  auto white = state_message(*game, game.now, Viewer::White);
  auto black = state_message(*game, game.now, Viewer::Black);
  auto spectator = state_message(*game, game.now, Viewer::Spectator);
  CHECK(white["t"] == "state");
  CHECK(white["v"] == 1);
  CHECK(white["you"] == "white");
  CHECK(white["legal"].size() == 20);
  CHECK(black["legal"].empty());
  CHECK(spectator["legal"].empty());
  CHECK(spectator["you"] == "spectator");
  CHECK(spectator["fen"] == white["fen"]);
  CHECK(white["turn"] == "white");
  CHECK(white["clock"].is_null());
  CHECK(white["result"] == "*");
  CHECK(white["reason"].is_null());
  CHECK(white["status"] == "playing");
}

TEST_CASE("state: moves, fen and clock") {
  auto game = game_of("chess", {}, match::ClockSetting{300000, 2000});
  game.wait(1000ms);
  game.play({"e2e4"});
  game.wait(1500ms);
  game.play({"e7e5"});
  game.wait(400ms);
  auto state = state_message(*game, game.now, Viewer::Black);
  CHECK(state["moves"] == json::array({"e2e4", "e7e5"}));
  CHECK(state["sans"] == json::array({"e4", "e5"}));
  CHECK(state["ply"] == 2);
  CHECK(state["fen"] == game->game().position().fen());
  CHECK(state["start_fen"] == game->game().start().fen());
  // Each side's first move is free: the clocks run from Black's first move on.
  CHECK(state["clock"]["white"] == 300000 - 400);
  CHECK(state["clock"]["black"] == 300000);
  CHECK(state["clock"]["running"] == "white");
  CHECK(state["clock"]["increment_ms"] == 2000);
}

TEST_CASE("move events: the same for everyone but legal") {
  auto game = game_of("chess", {"e2e4"});
  const auto& event = game.log().back().event;
  auto to_black = event_message(event, *game, game.now, Viewer::Black);
  auto to_white = event_message(event, *game, game.now, Viewer::White);
  auto to_spectator = event_message(event, *game, game.now, Viewer::Spectator);
  CHECK(to_black["t"] == "move");
  CHECK(to_black["v"] == 2);
  CHECK(to_black["ply"] == 0);
  CHECK(to_black["move"] == "e2e4");
  CHECK(to_black["san"] == "e4");
  CHECK(to_black["fen"] == game->game().position().fen());
  CHECK(to_black["turn"] == "black");
  CHECK(to_black["legal"].size() == 20);
  CHECK(to_white["legal"].empty());
  CHECK(to_spectator["legal"].empty());
  CHECK(to_white["san"] == to_spectator["san"]);
}

TEST_CASE("legal_san: the SAN of each legal move in legal's order, in the state and resource of the player to move on an open board only") {
  auto game = game_of("chess", {"f2f3", "e7e5", "g2g4"});
  auto black = state_message(*game, game.now, Viewer::Black);
  REQUIRE(black["legal_san"].size() == black["legal"].size());
  const auto at = [&](const char* uci) {
    for (std::size_t i = 0; i < black["legal"].size(); ++i)
      if (black["legal"][i] == uci) return black["legal_san"][i];
    return json(nullptr);
  };
  CHECK(at("d8h4") == "Qh4#");
  CHECK(at("g8f6") == "Nf6");
  CHECK(at("f8a3") == "Ba3");
  CHECK(state_message(*game, game.now, Viewer::White)["legal_san"] == json::array());
  const auto& moved = game.log().back().event;
  // Not in events: a move's broadcast does not pay for it.
  CHECK_FALSE(event_message(moved, *game, game.now, Viewer::Black).contains("legal_san"));
  CHECK(game_resource(*game, game.now, Viewer::Black)["legal_san"] == black["legal_san"]);

  auto hidden = game_of("kriegspiel", {"e2e4"});
  CHECK_FALSE(state_message(*hidden, hidden.now, Viewer::Black).contains("legal_san"));
  CHECK_FALSE(event_message(hidden.log().back().event, *hidden, hidden.now, Viewer::Black).contains("legal_san"));
}

TEST_CASE("other events") {
  TestMatch game("chess");
  game.join(Black);
  auto joined = event_message(game.log().back().event, *game, game.now, Viewer::White);
  CHECK(joined["t"] == "joined");
  CHECK(joined["color"] == "black");
  CHECK(joined["status"] == "playing");
  CHECK(joined["legal"].size() == 20);
  game.send(Viewer::White, match::DrawCommand{});
  auto offer = event_message(game.log().back().event, *game, game.now, Viewer::Spectator);
  CHECK(offer["t"] == "draw_offer");
  CHECK(offer["by"] == "white");
  CHECK(state_message(*game, game.now, Viewer::Black)["draw_offer"] == "white");
  game.send(Viewer::Black, match::ResignCommand{});
  auto end = event_message(game.log().back().event, *game, game.now, Viewer::Black);
  CHECK(end["t"] == "end");
  CHECK(end["result"] == "1-0");
  CHECK(end["reason"] == "resign");
  auto state = state_message(*game, game.now, Viewer::White);
  CHECK(state["legal"].empty());
  CHECK(state["status"] == "finished");
  CHECK(state["draw_offer"].is_null());
}

TEST_CASE("the HTTP resource is the state plus its times") {
  auto game = game_of("chess", {"f2f3"});
  auto resource = game_resource(*game, game.now, Viewer::Spectator);
  CHECK(resource["id"] == "g1");
  CHECK(resource["variant"] == "chess");
  CHECK(resource["status"] == "playing");
  CHECK(resource["moves"] == json::array({"f2f3"}));
  CHECK(resource["created_at"] == TestMatch::kCreatedAtMs);
  CHECK(resource["ended_at"].is_null());
  CHECK_FALSE(resource.contains("t"));
}

TEST_CASE("a reconnect's resumed message carries the clocks as they are now") {
  auto game = game_of("chess", {"e2e4", "e7e5", "g1f3"}, match::ClockSetting{60000, 0});
  game.wait(2500ms);
  auto resumed = resumed_message(*game, game.now, Viewer::White);
  CHECK(resumed["t"] == "resumed");
  CHECK(resumed["latest"] == game->v());
  CHECK_FALSE(resumed.contains("v"));
  CHECK(resumed["clock"]["black"] == 60000 - 2500);
  CHECK(resumed["clock"]["running"] == "black");
}

TEST_CASE("a live hidden game shows a spectator no board, and has no PGN until it ends") {
  auto game = game_of("kriegspiel", {"e2e4"});
  auto state = state_message(*game, game.now, Viewer::Spectator);
  CHECK(state["fen"].is_null());
  CHECK(state["moves"].empty());
  CHECK(state["legal"].empty());
  auto heard = event_message(game.log().back().event, *game, game.now, Viewer::Spectator);
  CHECK(heard["t"] == "umpire");
  CHECK_FALSE(heard.contains("move"));
  CHECK_FALSE(heard.contains("fen"));
  CHECK_FALSE(pgn_public(*game));
  game.send(Viewer::White, match::ResignCommand{});
  CHECK(pgn_public(*game));
  CHECK(state_message(*game, game.now, Viewer::Spectator)["moves"] == json::array({"e2e4"}));
}

TEST_CASE("PGN of fool's mate") {
  auto game = game_of("chess", {"f2f3", "e7e5", "g2g4", "d8h4"});
  REQUIRE(game->finished());
  auto text = pgn(*game);
  CHECK(text.find("[Event \"Arbiter game\"]\n") != std::string::npos);
  CHECK(text.find("[Date \"2023.11.14\"]\n") != std::string::npos);
  CHECK(text.find("[Result \"0-1\"]\n") != std::string::npos);
  CHECK(text.find("[Variant \"Chess\"]\n") != std::string::npos);
  CHECK(text.find("[Termination \"normal\"]\n") != std::string::npos);
  CHECK(text.find("[FEN") == std::string::npos);
  CHECK(text.find("\n\n1. f3 e5 2. g4 Qh4# 0-1\n") != std::string::npos);
  for (const char* tag : {"[Site ", "[Round ", "[White ", "[Black "}) CHECK(text.find(tag) != std::string::npos);
}

TEST_CASE("PGN of another variant names it and gives its setup") {
  auto game = game_of("capablanca", {"e2e4"}, match::ClockSetting{180000, 2000});
  auto text = pgn(*game);
  CHECK(text.find("[Variant \"Capablanca\"]") != std::string::npos);
  CHECK(text.find("[FEN \"" + game->game().start().fen() + "\"]") != std::string::npos);
  CHECK(text.find("[SetUp \"1\"]") != std::string::npos);
  CHECK(text.find("[TimeControl \"180+2\"]") != std::string::npos);
  CHECK(text.find("[Termination") == std::string::npos);
  CHECK(text.find("\n1. e4 *\n") != std::string::npos);
}

TEST_CASE("variants: every variant with its board, pieces and promotion choices") {
  auto variants = variants_json({})["variants"];
  REQUIRE(variants.is_array());
  CHECK(variants.size() == rules::all_variants().size());
  json chess;
  for (const auto& variant : variants)
    if (variant["name"] == "chess") chess = variant;
  REQUIRE(chess.is_object());
  CHECK(chess["board"] == json{{"type", "rect"}, {"files", 8}, {"ranks", 8}});
  CHECK(chess["start_fen"] == rules::find_variant("chess")->start_fen);
  CHECK(chess["promotion"].size() == 4);
  CHECK(std::find(chess["promotion"].begin(), chess["promotion"].end(), "q") != chess["promotion"].end());
  bool has_king = false;
  for (const auto& piece : chess["pieces"]) has_king |= piece["letter"] == "K" && piece["name"] == "king";
  CHECK(has_king);
  CHECK_FALSE(chess.contains("hidden"));
  for (const auto& variant : variants)
    for (const char* field : {"name", "title", "description", "start_fen", "pieces", "promotion", "board"})
      CHECK(variant.contains(field));
}

TEST_CASE("variants: the computer's levels with the ratings its caller gives, for the page's labels") {
  const json levels = variants_json({900, 0, 1100})["levels"];
  CHECK(levels == json::array({json{{"level", 1}, {"rating", 900}}, json{{"level", 2}}, json{{"level", 3}, {"rating", 1100}}}));
}

TEST_CASE("variants: a variant whose levels were measured in it carries its own ratings, the others none") {
  const json variants = variants_json({})["variants"];
  int measured = 0;
  for (const auto& variant : variants) {
    const auto name = variant["name"].get<std::string>();
    CAPTURE(name);
    const std::vector<int>& ratings = rules::find_variant(name)->level_ratings;
    REQUIRE(variant.contains("levels") == !ratings.empty());
    if (ratings.empty()) continue;
    ++measured;
    REQUIRE(variant["levels"].size() == std::size_t(rules::kRatedLevels));
    for (int n = 1; n <= rules::kRatedLevels; ++n)
      CHECK(variant["levels"][n - 1] == (ratings[n - 1] ? json{{"level", n}, {"rating", ratings[n - 1]}} : json{{"level", n}}));
  }
  CHECK(measured == 2);  // chess and capablanca
}

TEST_CASE("positions: the real position after each move for everyone in an open game") {
  auto game = game_of("chess", {"e2e4", "e7e5", "g1f3"});
  for (auto viewer : {Viewer::White, Viewer::Black, Viewer::Spectator}) {
    auto state = state_message(*game, game.now, viewer);
    REQUIRE(state["positions"].size() == 3);
    CHECK(state["positions"][0] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(state["positions"][2] == game->game().position().fen());
    CHECK(game_resource(*game, game.now, viewer)["positions"] == state["positions"]);
  }
}

TEST_CASE("positions: a takeback sends the positions of the game that remains") {
  auto game = game_of("chess", {"e2e4", "e7e5", "g1f3"});
  game.send(Viewer::White, match::TakebackCommand{});
  game.send(Viewer::Black, match::TakebackCommand{});
  auto taken = event_message(game.log().back().event, *game, game.now, Viewer::Spectator);
  REQUIRE(taken["t"] == "takeback");
  CHECK(taken["positions"] == json::array({"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                                           "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"}));
}

TEST_CASE("positions: a live Kriegspiel player gets their own men after each move, a spectator none") {
  auto game = game_of("kriegspiel", {"e2e4", "d7d5", "e4d5", "d8d5"});
  REQUIRE(game->game().moves().size() == 4);
  const rules::Umpire& umpire = *game->referee().umpire();
  auto white = state_message(*game, game.now, Viewer::White)["positions"];
  auto black = state_message(*game, game.now, Viewer::Black)["positions"];
  REQUIRE(white.size() == 4);
  REQUIRE(black.size() == 4);
  CHECK(white[3] == umpire.own_fen(White));
  CHECK(black[3] == umpire.own_fen(Black));
  auto placement = [](const json& fen) { auto text = fen.get<std::string>(); return text.substr(0, text.find(' ')); };
  for (const auto& fen : white) CHECK(placement(fen).find_first_of("pnbrqk") == std::string::npos);
  for (const auto& fen : black) CHECK(placement(fen).find_first_of("PNBRQK") == std::string::npos);
  // White's board after Black's d7d5: unchanged; after Black's Qxd5: the pawn on d5 gone.
  CHECK(placement(white[1]) == placement(white[0]));
  CHECK(placement(white[2]) == "8/8/8/3P4/8/8/PPPP1PPP/RNBQKBNR");
  CHECK(placement(white[3]) == "8/8/8/8/8/8/PPPP1PPP/RNBQKBNR");
  CHECK(state_message(*game, game.now, Viewer::Spectator)["positions"].empty());
  game.send(Viewer::White, match::ResignCommand{});
  CHECK(state_message(*game, game.now, Viewer::Spectator)["positions"].back() == game->game().position().fen());
}

TEST_CASE("double_moves: Centennial tells which sides still move twice a turn") {
  auto game = game_of("centennial", {"c3c4", "d3d4", "c8c7", "d8d7"});
  auto state = state_message(*game, game.now, Viewer::Spectator);
  CHECK(state["double_moves"] == json::array({"white", "black"}));
  CHECK_FALSE(state_message(*game_of("chess", {}), game.now, Viewer::White).contains("double_moves"));
}

TEST_CASE("variants: every kind has a drawing, an id, words and a diagram from its legs") {
  auto variants = variants_json({})["variants"];
  for (const auto& variant : variants) {
    std::set<std::string> ids;
    for (const auto& piece : variant["pieces"]) {
      CAPTURE(piece["name"]);
      CHECK_FALSE(piece["drawing"].get<std::string>().empty());
      CHECK(ids.insert(piece["id"].get<std::string>()).second);
      CHECK_FALSE(piece["text"].get<std::string>().empty());
      CHECK(piece["diagram"]["from"] == "d4");
    }
  }
  auto find = [&](const char* name, const char* letter) {
    for (const auto& variant : variants)
      if (variant["name"] == name)
        for (const auto& piece : variant["pieces"])
          if (piece["letter"] == letter) return piece;
    FAIL("no such piece");
    return json();
  };
  auto archbishop = find("capablanca", "A");
  CHECK(archbishop["drawing"] == "archbishop");
  CHECK(archbishop["id"] == "archbishop");
  CHECK(find("capablanca", "B")["drawing"] == "bishop");
  // Bishop slides plus the knight's leaps: b2 (slide), e6 (leap), not d5.
  auto reach = archbishop["diagram"]["moves_to"];
  CHECK(std::find(reach.begin(), reach.end(), "a1") != reach.end());
  CHECK(std::find(reach.begin(), reach.end(), "e6") != reach.end());
  CHECK(std::find(reach.begin(), reach.end(), "d5") == reach.end());
  CHECK(archbishop["diagram"]["captures_to"] == archbishop["diagram"]["moves_to"]);
  auto pawn = find("chess", "P");
  CHECK(pawn["diagram"]["moves_to"] == json::array({"d5"}));
  CHECK(pawn["diagram"]["captures_to"] == json::array({"c5", "e5"}));
  CHECK(pawn["text"].get<std::string>().find("Moves without capturing one square forward.") != std::string::npos);
  CHECK(pawn["text"].get<std::string>().find("Captures one square diagonally forward.") != std::string::npos);
  CHECK(find("circular", "P")["direction"] == "up");
  CHECK(find("circular", "V")["direction"] == "down");
  CHECK(find("circular", "V")["drawing"] == "pawn-down");
  CHECK(find("circular", "V")["diagram"]["moves_to"] == json::array({"d3"}));
  CHECK(find("byzantine", "F")["drawing"] == "counsellor");
  CHECK(find("centennial", "L")["facing"] == -45);
  CHECK(find("centennial", "D")["facing"] == 45);
  CHECK(find("centennial", "M")["turns_to"] == json::array({"L", "D"}));
  CHECK(find("chess", "K")["royal"] == true);
  for (const auto& variant : variants) CHECK(variant.value("two_move_turns", false) == (variant["name"] == "centennial"));
}

namespace {

// The texts broadcast for the latest event: what each viewer may do now is their own (as their
// state says it), and so are their legal moves (as the view policy lists them); where the policy
// says everyone hears alike, the rest is the same for all three.
void check_texts_of_latest(const TestMatch& game) {
  const auto& event = game.log().back().event;
  auto texts = event_texts(event, *game, game.now);
  const ViewPolicy& policy = view_policy(*game);
  auto shared_part = [](json message) {
    message.erase("now");
    message.erase("legal");
    return message;
  };
  const json spectator = json::parse(*texts[static_cast<std::size_t>(Viewer::Spectator)]);
  for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator}) {
    CAPTURE(static_cast<int>(viewer));
    CAPTURE(type_name(event));
    const auto& text = *texts[static_cast<std::size_t>(viewer)];
    CHECK(text == dump(json::parse(text)));  // written as text: nlohmann's own form of it
    const json message = json::parse(text);
    CHECK(message["now"] == state_message(*game, game.now, viewer)["now"]);
    if (message.contains("legal")) CHECK(message["legal"] == json::parse(policy.legal_text(*game, viewer)));
    if (policy.heard_alike()) CHECK(shared_part(message) == shared_part(spectator));
  }
}

}  // namespace

TEST_CASE("event texts: built once where they may be, each viewer's own message all the same") {
  for (const char* variant : {"chess", "centennial", "kriegspiel"}) {
    CAPTURE(variant);
    TestMatch game(variant, match::ClockSetting{60000, 1000});
    game.join(Black);
    check_texts_of_latest(game);
    const bool hidden = std::string(variant) == "kriegspiel";
    for (int ply = 0; ply < 3; ++ply) {  // the first legal move each time (Centennial's too)
      const auto& position = game->game().position();
      const std::string move = position.uci(position.legal_moves().front());
      REQUIRE(game.send(viewer_of(game->turn()), match::MoveCommand{move, game->ply()}).accepted());
      check_texts_of_latest(game);
    }
    if (hidden) {
      game.send(viewer_of(game->turn()), match::AnyCommand{});
      check_texts_of_latest(game);
      game.send(viewer_of(game->turn()), match::MoveCommand{"a7a5", game->ply()});
      check_texts_of_latest(game);
    } else {
      game.send(Viewer::White, match::TakebackCommand{});
      check_texts_of_latest(game);
      game.send(Viewer::Black, match::TakebackCommand{});
      check_texts_of_latest(game);
      game.send(Viewer::White, match::DrawCommand{});
      check_texts_of_latest(game);
    }
    game.send(Viewer::Black, match::ResignCommand{});
    check_texts_of_latest(game);
  }
}

TEST_CASE("legal text: the UCI spelling of every legal move, as dump writes the list, for the player to move only") {
  // Grand: two-digit ranks; Centennial: facings and promotions spelled with a letter.
  for (const char* variant : {"chess", "grand", "centennial"}) {
    CAPTURE(variant);
    TestMatch game(variant);
    game.join(Black);
    for (int ply = 0; ply < 30 && game->status() == match::Status::Playing; ++ply) {
      const auto& position = game->game().position();
      json spelled = json::array();
      for (const auto& move : position.legal_moves()) spelled.push_back(position.uci(move));
      CHECK(real_legal_text(*game, viewer_of(game->turn())) == dump(spelled));
      CHECK(real_legal_text(*game, viewer_of(~game->turn())) == "[]");
      const auto& legal = position.legal_moves();
      const std::string move = position.uci(legal[static_cast<std::size_t>(ply * 5) % legal.size()]);
      REQUIRE(game.send(viewer_of(game->turn()), match::MoveCommand{move, game->ply()}).accepted());
    }
  }
}

TEST_CASE("event texts: the kinds the other tests leave out (declines, rematches) are nlohmann's form too") {
  TestMatch game("chess", match::ClockSetting{60000, 1000});
  game.join(rules::Color::Black);
  REQUIRE(game.send(Viewer::White, match::MoveCommand{"e2e4", 0}).accepted());
  check_texts_of_latest(game);  // first_move_ms: Black's first move is still due
  REQUIRE(game.send(Viewer::Black, match::DrawCommand{}).accepted());
  REQUIRE(game.send(Viewer::White, match::DeclineDrawCommand{}).accepted());
  check_texts_of_latest(game);
  REQUIRE(game.send(Viewer::Black, match::MoveCommand{"e7e5", 1}).accepted());
  REQUIRE(game.send(Viewer::Black, match::TakebackCommand{}).accepted());
  REQUIRE(game.send(Viewer::White, match::DeclineTakebackCommand{}).accepted());
  check_texts_of_latest(game);
  REQUIRE(game.send(Viewer::White, match::ResignCommand{}).accepted());
  check_texts_of_latest(game);
  REQUIRE(game.send(Viewer::White, match::RematchCommand{"next1"}).accepted());
  check_texts_of_latest(game);
  REQUIRE(game.send(Viewer::Black, match::DeclineRematchCommand{}).accepted());
  check_texts_of_latest(game);
  REQUIRE(game.send(Viewer::Black, match::RematchCommand{"next2"}).accepted());
  REQUIRE(game.send(Viewer::White, match::RematchCommand{"next3"}).accepted());
  check_texts_of_latest(game);
}

TEST_CASE("state.chat entries carry no t; a Kriegspiel game in play shows nobody its spectators' chat nor their number") {
  const std::vector<ChatLine> lines{{match::ChatChannel::Spectators, Viewer::Spectator, "Sam", "my queen is on d1", 5}};
  const Company company{3, &lines};
  TestMatch open("chess");
  open.join(rules::Color::Black);
  auto watched = state_message(*open, open.now, Viewer::Spectator, company);
  REQUIRE(watched["chat"].size() == 1);
  CHECK_FALSE(watched["chat"][0].contains("t"));
  CHECK(watched["chat"][0]["from"] == "spectator");
  CHECK(watched["spectators"] == 3);
  CHECK(chat_message(lines[0])["t"] == "chat");

  TestMatch hidden("kriegspiel");
  hidden.join(rules::Color::Black);
  for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator}) {
    auto state = state_message(*hidden, hidden.now, viewer, company);
    CHECK(state["chat"].empty());
    CHECK(state["spectators"].is_null());
    CHECK(game_resource(*hidden, hidden.now, viewer, company)["spectators"].is_null());
  }
  REQUIRE(hidden.send(Viewer::White, match::ResignCommand{}).accepted());
  for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator}) {
    auto state = state_message(*hidden, hidden.now, viewer, company);
    CHECK(state["chat"].size() == 1);
    CHECK(state["spectators"] == 3);
  }
  CHECK(held_chat_message(lines[0])["held"] == true);
}
