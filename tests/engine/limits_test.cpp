// The search keeps to its limits and stops when told: node and depth limits exactly, the stop
// flag at once (checked by what was searched, never by a clock).
#include <doctest/doctest.h>

#include <set>
#include <thread>

#include "engine/level.h"
#include "engine/search.h"

using namespace arbiter;

namespace {

const std::atomic<bool> kNoStop{false};

rules::Game middlegame(const char* variant, std::vector<std::string> moves) {
  const rules::Variant& v = *rules::find_variant(variant);
  auto game = rules::Game::from(v, v.start_fen, moves);
  REQUIRE_MESSAGE(game.ok(), game.error());
  return *game;
}

rules::Game from_fen(const char* variant, const char* fen) {
  auto position = rules::Position::from_fen(*rules::find_variant(variant), fen);
  REQUIRE_MESSAGE(position.ok(), position.error());
  return rules::Game(*position);
}

// White to move; every move makes the hundredth half-move without a capture or a pawn move: a draw.
constexpr const char* kFiftyMovesDue = "8/8/5k2/6r1/3R4/8/8/2K5 w - - 99 80";

}  // namespace

TEST_CASE("a node limit is kept and gives the same move every time") {
  for (const rules::Variant* v : rules::all_variants()) {
    if (v->visibility == rules::Visibility::Umpire) continue;
    CAPTURE(v->name);
    rules::Game game(rules::Position::start(*v));
    engine::Searcher a(4), b(4);
    const auto first = a.search(game, {0, 20000, 0, {}}, kNoStop);
    const auto second = b.search(game, {0, 20000, 0, {}}, kNoStop);
    CHECK(first.nodes <= 20000);
    CHECK(first.nodes == second.nodes);
    REQUIRE(first.best);
    CHECK(*first.best == *second.best);
    CHECK(game.position().is_legal(*first.best));
  }
}

TEST_CASE("a node limit ends no search before its minimum depth is complete") {
  for (const char* variant : {"chess", "centennial"}) {
    CAPTURE(variant);
    rules::Game game(rules::Position::start(*rules::find_variant(variant)));
    engine::Searcher capped(4), floored(4);
    const auto without = capped.search(game, {0, 300, 0, {}}, kNoStop);
    const auto with = floored.search(game, {0, 300, 0, {}, 5}, kNoStop);
    CHECK(without.depth < 5);  // so the floor is what takes it there
    CHECK(with.depth >= 5);
    CHECK(with.nodes > without.nodes);
  }
}

TEST_CASE("a depth limit is kept") {
  rules::Game game = middlegame("chess", {"e2e4", "e7e5", "g1f3", "b8c6"});
  engine::Searcher searcher(4);
  std::vector<int> depths;
  const auto result = searcher.search(game, {5, 0, 0, {}}, kNoStop, [&](const engine::SearchInfo& info) {
    depths.push_back(info.depth);
  });
  CHECK(result.depth == 5);
  CHECK(depths == std::vector<int>{1, 2, 3, 4, 5});
}

TEST_CASE("a stop flag set before the search still gives a legal move") {
  std::atomic<bool> stop{true};
  for (const rules::Variant* v : rules::all_variants()) {
    if (v->visibility == rules::Visibility::Umpire) continue;
    rules::Game game(rules::Position::start(*v));
    engine::Searcher searcher(1);
    const auto result = searcher.search(game, {}, stop);
    REQUIRE(result.best);
    CHECK(game.position().is_legal(*result.best));
    CHECK(result.nodes == 0);
    CHECK(result.depth == 0);
  }
}

TEST_CASE("the stop flag ends the search at the next node") {
  rules::Game game = middlegame("capablanca", {"e2e4", "e7e5"});
  engine::Searcher searcher(4);
  std::atomic<bool> stop{false};
  std::uint64_t nodes_at_stop = 0;
  const auto result = searcher.search(game, {}, stop, [&](const engine::SearchInfo& info) {
    if (info.depth == 3) stop = true, nodes_at_stop = info.nodes;
  });
  CHECK(result.depth == 3);
  CHECK(result.nodes == nodes_at_stop);
}

TEST_CASE("a search without limits runs until another thread stops it") {
  rules::Game game = middlegame("grand", {});
  engine::Searcher searcher(4);
  std::atomic<bool> stop{false};
  std::atomic<int> depth{0};
  engine::SearchResult result;
  std::thread thinking([&] {
    result = searcher.search(game, {}, stop, [&](const engine::SearchInfo& info) { depth = info.depth; });
  });
  while (depth < 2) std::this_thread::yield();
  stop = true;
  thinking.join();
  REQUIRE(result.best);
  CHECK(game.position().is_legal(*result.best));
  CHECK(result.depth >= 2);
}

TEST_CASE("game over: no move to give") {
  rules::Game game = middlegame("chess", {"f2f3", "e7e5", "g2g4", "d8h4"});
  engine::Searcher searcher(1);
  CHECK_FALSE(searcher.search(game, {3, 0, 0, {}}, kNoStop).best);
}

TEST_CASE("contempt: a draw by rule is scored that far below 0 for the side to move, and not at all without it") {
  const rules::Game game = from_fen("chess", kFiftyMovesDue);
  engine::Searcher searcher(1);
  engine::Limits limits{3, 0, 0, {}};
  CHECK(searcher.search(game, limits, kNoStop).score == 0);
  limits.contempt = 20;
  CHECK(searcher.search(game, limits, kNoStop).score == -20);
}

TEST_CASE("contempt: the levels play with it where baring the king wins, and only there") {
  // Both positions: every move of the side to move makes the hundredth half-move, a draw.
  auto score_at_level_5 = [](const char* variant, const char* fen) {
    engine::Searcher searcher(1);
    return engine::play_level(searcher, from_fen(variant, fen), 5, std::nullopt, kNoStop, 1).score;
  };
  CHECK(score_at_level_5("byzantine", "4/4/4/4/2r1/4/4/k3/4/4/4/3R/4/4/4/K3 w - - 99 80") == -20);
  CHECK(score_at_level_5("chess", kFiftyMovesDue) == 0);
}

TEST_CASE("levels: each within its budget, the clock lowering it") {
  for (int n = engine::kMinLevel; n <= engine::kMaxLevel; ++n) {
    const engine::Limits limits = engine::limits_for(n);
    CHECK(limits.movetime_ms == engine::level(n).movetime_ms);
    CHECK(limits.movetime_ms > 0);
    CHECK(limits.movetime_ms <= 1000);
    if (n > 1) CHECK(engine::level(n).movetime_ms >= engine::level(n - 1).movetime_ms);
  }
  const engine::Limits clocked = engine::limits_for(8, engine::Clock{60000, 60000, 0, 0, 0});
  REQUIRE(clocked.clock);
  CHECK(clocked.clock->wtime == 60000);
  CHECK_THROWS(engine::level(0));
  CHECK_THROWS(engine::level(9));
}

TEST_CASE("levels: the same seed gives the same move; different seeds vary the weak levels") {
  rules::Game game = middlegame("chess", {"e2e4", "e7e5"});
  for (int n = 1; n <= 4; ++n) {
    CAPTURE(n);
    engine::Searcher a(1), b(1);
    const auto first = engine::play_level(a, game, n, std::nullopt, kNoStop, 42);
    const auto second = engine::play_level(b, game, n, std::nullopt, kNoStop, 42);
    REQUIRE(first.best);
    CHECK(*first.best == *second.best);
    CHECK(game.position().is_legal(*first.best));
  }
  std::set<std::string> level_one_moves;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    engine::Searcher searcher(1);
    level_one_moves.insert(game.position().uci(*engine::play_level(searcher, game, 1, std::nullopt, kNoStop, seed).best));
  }
  CHECK(level_one_moves.size() > 1);
}

TEST_CASE("centennial: the score is not negated within a turn") {
  // White's first move of a turn is followed by White's second: both searches speak for White, so
  // a position clearly better for White scores positive on both moves of the turn.
  rules::Game game = from_fen("centennial", "k9/10/2K7/10/10/10/10/10/8R1/9R w - - 0 1");
  engine::Searcher searcher(4);
  const auto first = searcher.search(game, {4, 0, 0, {}}, kNoStop);
  REQUIRE(first.best);
  game.play(*first.best);
  REQUIRE(game.position().side_to_move() == rules::Color::White);
  const auto second = searcher.search(game, {4, 0, 0, {}}, kNoStop);
  CHECK(first.score > 0);
  CHECK(second.score > 0);
  CHECK(engine::mate_plies(second.score) == 1);
}
