// The engine's analysis of a game as the API serves it and the store keeps it
// (server/players/analysis_json.h): one entry per position, its line in SAN as far as it is
// legal, and each side's judgements counted.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "server/players/analysis_json.h"

using namespace arbiter;
using nlohmann::json;

TEST_CASE("analysis JSON: every position with its eval, line and judgement, and each side's tally") {
  const rules::Variant& chess = *rules::find_variant("chess");
  auto game = rules::Game::from(chess, chess.start_fen, {"f2f3", "e7e5", "g2g4", "d8h4"});
  REQUIRE(game);
  const auto move = [&](std::size_t ply, const char* uci) {
    rules::Position position = game->start();
    for (std::size_t i = 0; i < ply; ++i) position.play(game->moves()[i]);
    return *position.parse_uci(uci);
  };
  std::vector<engine::PlyAnalysis> plies(5);
  plies[0] = {{20, std::nullopt, 0.0368}, {move(0, "e2e4"), move(1, "e7e5")}, engine::Judgement::None};
  plies[1] = {{-90, std::nullopt, -0.16}, {move(1, "e7e5")}, engine::Judgement::Inaccuracy};
  plies[3] = {{std::nullopt, -1, -1}, {move(3, "d8h4")}, engine::Judgement::Blunder};
  plies[4] = {{std::nullopt, 0, -1}, {}, engine::Judgement::None};

  const json analysis = analysis_json(*game, plies, 150);
  CHECK(analysis["movetime_ms"] == 150);
  CHECK(analysis["plies"] == 4);
  REQUIRE(analysis["positions"].size() == plies.size());
  const json& start = analysis["positions"][0];
  CHECK_FALSE(start.contains("san"));
  CHECK(start["eval"] == json{{"cp", 20}});
  CHECK(start["best"] == "e4");
  CHECK(start["best_uci"] == "e2e4");
  CHECK(start["line"] == json{"e4", "e5"});
  CHECK(start["judgement"].is_null());
  const json& after_f3 = analysis["positions"][1];
  CHECK(after_f3["san"] == "f3");
  CHECK(after_f3["uci"] == "f2f3");
  CHECK(after_f3["judgement"] == "inaccuracy");
  CHECK(after_f3["mark"] == "?!");
  CHECK(analysis["positions"][3]["eval"] == json{{"mate", -1}});
  CHECK(analysis["positions"][3]["mark"] == "??");
  CHECK(analysis["positions"][4]["best"].is_null());
  CHECK(analysis["summary"]["white"] == json{{"inaccuracy", 1}, {"mistake", 0}, {"blunder", 1}});
  CHECK(analysis["summary"]["black"] == json{{"inaccuracy", 0}, {"mistake", 0}, {"blunder", 0}});
}
