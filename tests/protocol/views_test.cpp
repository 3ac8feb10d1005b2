#include <doctest/doctest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "protocol/pgn.h"
#include "protocol/variants_json.h"
#include "protocol/views.h"

using namespace arbiter;
using namespace arbiter::protocol;
using nlohmann::json;

namespace {

rules::Game game_of(const char* variant_name, std::initializer_list<const char*> moves) {
  const rules::Variant* variant = rules::find_variant(variant_name);
  REQUIRE(variant);
  rules::Game game(rules::Position::start(*variant));
  for (const char* move : moves) REQUIRE(game.play(move).ok());
  return game;
}

GameSnapshot snapshot_of(const rules::Game& game, std::string_view status = "playing") {
  GameSnapshot snapshot;
  snapshot.id = "g1";
  snapshot.game = &game;
  snapshot.status = status;
  snapshot.result = "*";
  snapshot.v = 1 + static_cast<std::int64_t>(game.moves().size());
  snapshot.created_at_ms = 1700000000000;
  return snapshot;
}

}  // namespace

TEST_CASE("state: only the player to move gets legal moves") {
  auto game = game_of("chess", {});
  auto snapshot = snapshot_of(game);
  auto white = state_message(snapshot, Viewer::White);
  auto black = state_message(snapshot, Viewer::Black);
  auto spectator = state_message(snapshot, Viewer::Spectator);
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
}

TEST_CASE("state: moves, fen and clock") {
  auto game = game_of("chess", {"e2e4", "e7e5"});
  auto snapshot = snapshot_of(game);
  snapshot.clock = ClockView{300000, 2000, {299000, 298500}, rules::Color::White};
  auto state = state_message(snapshot, Viewer::Black);
  CHECK(state["moves"] == json::array({"e2e4", "e7e5"}));
  CHECK(state["sans"] == json::array({"e4", "e5"}));
  CHECK(state["ply"] == 2);
  CHECK(state["fen"] == game.position().fen());
  CHECK(state["start_fen"] == game.start().fen());
  CHECK(state["clock"]["white"] == 299000);
  CHECK(state["clock"]["black"] == 298500);
  CHECK(state["clock"]["running"] == "white");
  CHECK(state["clock"]["increment_ms"] == 2000);
}

TEST_CASE("move events: the same for everyone but legal") {
  auto game = game_of("chess", {"e2e4"});
  auto snapshot = snapshot_of(game);
  auto event = Event::moved("e2e4", 0, std::nullopt);
  auto to_black = event_message(event, snapshot, Viewer::Black);
  auto to_white = event_message(event, snapshot, Viewer::White);
  auto to_spectator = event_message(event, snapshot, Viewer::Spectator);
  CHECK(to_black["t"] == "move");
  CHECK(to_black["v"] == 2);
  CHECK(to_black["ply"] == 0);
  CHECK(to_black["move"] == "e2e4");
  CHECK(to_black["san"] == "e4");
  CHECK(to_black["fen"] == game.position().fen());
  CHECK(to_black["turn"] == "black");
  CHECK(to_black["legal"].size() == 20);
  CHECK(to_white["legal"].empty());
  CHECK(to_spectator["legal"].empty());
  CHECK(to_white["san"] == to_spectator["san"]);
}

TEST_CASE("other events") {
  auto game = game_of("chess", {});
  auto snapshot = snapshot_of(game);
  auto joined = event_message(Event::joined(rules::Color::Black, std::nullopt), snapshot, Viewer::White);
  CHECK(joined["t"] == "joined");
  CHECK(joined["color"] == "black");
  CHECK(joined["legal"].size() == 20);
  auto offer = event_message(Event::draw_offer(rules::Color::White, std::nullopt), snapshot, Viewer::Spectator);
  CHECK(offer["t"] == "draw_offer");
  CHECK(offer["by"] == "white");
  auto finished = snapshot_of(game, "finished");
  finished.result = "0-1";
  finished.reason = "resign";
  auto end = event_message(Event::end("0-1", "resign", std::nullopt), finished, Viewer::Black);
  CHECK(end["t"] == "end");
  CHECK(end["result"] == "0-1");
  CHECK(end["reason"] == "resign");
  CHECK(state_message(finished, Viewer::White)["legal"].empty());
}

TEST_CASE("the HTTP resource is the state plus its times") {
  auto game = game_of("chess", {"f2f3"});
  auto snapshot = snapshot_of(game);
  auto resource = game_resource(snapshot, Viewer::Spectator);
  CHECK(resource["id"] == "g1");
  CHECK(resource["variant"] == "chess");
  CHECK(resource["status"] == "playing");
  CHECK(resource["moves"] == json::array({"f2f3"}));
  CHECK(resource["created_at"] == 1700000000000);
  CHECK_FALSE(resource.contains("t"));
}

TEST_CASE("a live hidden game shows a spectator no board, and has no PGN until it ends") {
  const rules::Variant* kriegspiel = rules::find_variant("kriegspiel");
  if (!kriegspiel) return;  // the variant arrives with its own issue
  rules::Game game(rules::Position::start(*kriegspiel));
  REQUIRE(game.play("e2e4").ok());
  auto snapshot = snapshot_of(game);
  auto state = state_message(snapshot, Viewer::Spectator);
  CHECK(state["fen"].is_null());
  CHECK(state["moves"].empty());
  CHECK(state["legal"].empty());
  auto move = event_message(Event::moved("e2e4", 0, std::nullopt), snapshot, Viewer::Spectator);
  CHECK_FALSE(move.contains("move"));
  CHECK_FALSE(move.contains("fen"));
  CHECK_FALSE(pgn_public(snapshot));
  auto finished = snapshot_of(game, "finished");
  CHECK(pgn_public(finished));
  CHECK(state_message(finished, Viewer::Spectator)["moves"] == json::array({"e2e4"}));
}

TEST_CASE("PGN of fool's mate") {
  auto game = game_of("chess", {"f2f3", "e7e5", "g2g4", "d8h4"});
  auto snapshot = snapshot_of(game, "finished");
  snapshot.result = "0-1";
  snapshot.reason = "checkmate";
  auto text = pgn(snapshot);
  CHECK(text.find("[Event \"Arbiter game\"]\n") != std::string::npos);
  CHECK(text.find("[Date \"2023.11.14\"]\n") != std::string::npos);
  CHECK(text.find("[Result \"0-1\"]\n") != std::string::npos);
  CHECK(text.find("[Variant \"Standard\"]\n") != std::string::npos);
  CHECK(text.find("[FEN") == std::string::npos);
  CHECK(text.find("\n\n1. f3 e5 2. g4 Qh4# 0-1\n") != std::string::npos);
  for (const char* tag : {"[Site ", "[Round ", "[White ", "[Black "}) CHECK(text.find(tag) != std::string::npos);
}

TEST_CASE("PGN of another variant names it and gives its setup") {
  auto game = game_of("capablanca", {"e2e4"});
  auto snapshot = snapshot_of(game);
  snapshot.clock = ClockView{180000, 2000, {180000, 180000}, rules::Color::Black};
  auto text = pgn(snapshot);
  CHECK(text.find("[Variant \"" + rules::find_variant("capablanca")->title + "\"]") != std::string::npos);
  CHECK(text.find("[FEN \"" + game.start().fen() + "\"]") != std::string::npos);
  CHECK(text.find("[SetUp \"1\"]") != std::string::npos);
  CHECK(text.find("[TimeControl \"180+2\"]") != std::string::npos);
  CHECK(text.find("\n1. e4 *\n") != std::string::npos);
}

TEST_CASE("variants: every variant with its board, pieces and promotion choices") {
  auto variants = variants_json()["variants"];
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

namespace {

rules::Umpire umpire_after(std::initializer_list<std::pair<rules::Color, const char*>> tries) {
  rules::Umpire umpire(rules::Position::start(*rules::find_variant("kriegspiel")));
  for (const auto& [who, uci] : tries) umpire.try_move(who, uci);
  return umpire;
}

}  // namespace

TEST_CASE("positions: the real position after each move for everyone in an open game") {
  auto game = game_of("chess", {"e2e4", "e7e5", "g1f3"});
  auto snapshot = snapshot_of(game);
  for (auto viewer : {Viewer::White, Viewer::Black, Viewer::Spectator}) {
    auto state = state_message(snapshot, viewer);
    REQUIRE(state["positions"].size() == 3);
    CHECK(state["positions"][0] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(state["positions"][2] == game.position().fen());
    CHECK(game_resource(snapshot, viewer)["positions"] == state["positions"]);
  }
}

TEST_CASE("positions: a live Kriegspiel player gets their own men after each move, a spectator none") {
  auto umpire = umpire_after({{rules::Color::White, "e2e4"}, {rules::Color::Black, "d7d5"},
                              {rules::Color::White, "e4d5"}, {rules::Color::Black, "d8d5"}});
  REQUIRE(umpire.game().moves().size() == 4);
  GameSnapshot snapshot = snapshot_of(umpire.game());
  snapshot.umpire = &umpire;
  auto white = state_message(snapshot, Viewer::White)["positions"];
  auto black = state_message(snapshot, Viewer::Black)["positions"];
  REQUIRE(white.size() == 4);
  REQUIRE(black.size() == 4);
  CHECK(white[3] == umpire.own_fen(rules::Color::White));
  CHECK(black[3] == umpire.own_fen(rules::Color::Black));
  for (const auto& fen : white) CHECK(fen.get<std::string>().find_first_of("pnbrqk") > fen.get<std::string>().find(' '));
  for (const auto& fen : black) CHECK(fen.get<std::string>().find_first_of("PNBRQK") > fen.get<std::string>().find(' '));
  // White's board after Black's d7d5: unchanged; after Black's Qxd5: the pawn on d5 gone.
  auto placement = [](const json& fen) { auto text = fen.get<std::string>(); return text.substr(0, text.find(' ')); };
  CHECK(placement(white[1]) == placement(white[0]));
  CHECK(white[3].get<std::string>().find("3P4") == std::string::npos);
  CHECK(state_message(snapshot, Viewer::Spectator)["positions"].empty());
  snapshot.status = "finished";
  CHECK(state_message(snapshot, Viewer::Spectator)["positions"].back() == umpire.game().position().fen());
}

TEST_CASE("double_moves: Centennial tells which sides still move twice a turn") {
  auto game = game_of("centennial", {"c3c4", "d3d4", "c8c7", "d8d7", "c4c5", "d4d5", "d7d6"});
  auto state = state_message(snapshot_of(game), Viewer::Spectator);
  CHECK(state["double_moves"] == json::array({"white", "black"}));
  CHECK_FALSE(state_message(snapshot_of(game_of("chess", {})), Viewer::White).contains("double_moves"));
}

TEST_CASE("variants: every kind has a drawing, an id, words and a diagram from its legs") {
  auto variants = variants_json()["variants"];
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
