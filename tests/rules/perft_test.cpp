// Every reference count from Fairy-Stockfish in perft/*.json (copied from shared/perft).
// The default run counts up to a node budget per position; ARBITER_DEEP_PERFT=1 counts all.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "rules/game.h"

using namespace arbiter::rules;

namespace {

nlohmann::json load(const std::string& variant) {
  std::ifstream in(std::string(PERFT_DIR) + "/" + variant + ".json");
  REQUIRE(in);
  return nlohmann::json::parse(in);
}

std::uint64_t node_budget() {
  const char* deep = std::getenv("ARBITER_DEEP_PERFT");
  return deep && std::string(deep) == "1" ? ~0ull : 3'000'000ull;
}

void check_counts(const Variant& variant, const std::string& name, const std::string& fen, const nlohmann::json& counts) {
  auto position = Position::from_fen(variant, fen);
  REQUIRE_MESSAGE(position.ok(), name << ": " << (position.ok() ? "" : position.error()));
  for (auto& [depth, expected] : counts.items()) {
    if (expected.get<std::uint64_t>() > node_budget()) continue;
    INFO(variant.name << " " << name << " depth " << depth << " fen " << fen);
    CHECK(perft(*position, std::stoi(depth)) == expected.get<std::uint64_t>());
  }
}

void check_variant(const std::string& name) {
  const Variant* variant = find_variant(name);
  REQUIRE(variant);
  auto data = load(name);
  CHECK(variant->start_fen == data["startfen"].get<std::string>());
  check_counts(*variant, "start", data["startfen"], data["start_perft"]);
  for (auto& ref : data["reference_positions"]) check_counts(*variant, ref["name"], ref["fen"], ref["perft"]);
  for (auto& pos : data["positions"]) {
    check_counts(*variant, "played", pos["fen"], pos["perft"]);
    // The legal moves themselves, not only their number.
    auto position = Position::from_fen(*variant, pos["fen"].get<std::string>());
    std::vector<std::string> ours;
    for (const Move& m : position->legal_moves()) ours.push_back(position->uci(m));
    auto theirs = pos["legal_moves"].get<std::vector<std::string>>();
    std::sort(ours.begin(), ours.end());
    std::sort(theirs.begin(), theirs.end());
    CHECK_MESSAGE(ours == theirs, pos["fen"].get<std::string>());
    // Replaying the moves from the start reaches the same position.
    if (pos["moves_from_start"].is_array()) {
      auto game = Game::from(*variant, variant->start_fen, pos["moves_from_start"].get<std::vector<std::string>>());
      REQUIRE(game.ok());
      CHECK(game->position().fen() == Position::from_fen(*variant, pos["fen"].get<std::string>())->fen());
    }
  }
}

}  // namespace

TEST_CASE("perft: chess matches Fairy-Stockfish") { check_variant("chess"); }
TEST_CASE("perft: capablanca matches Fairy-Stockfish") { check_variant("capablanca"); }
TEST_CASE("perft: grand matches Fairy-Stockfish") { check_variant("grand"); }
