// The levels' deliberate mistakes, counted over seeds (the seed decides every mistake, so each run
// counts the same): level 1 misses mates in one and gives material away some of the time, the
// levels that make no mistakes never do. And the ratings UCI_Elo and the page read.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/level.h"
#include "engine/search.h"
#include "rules/variant.h"

using namespace arbiter;

namespace {

const std::atomic<bool> kNoStop{false};
constexpr int kSeeds = 40;

rules::Game chess_game(const char* fen, std::vector<std::string> moves = {}) {
  const rules::Variant& chess = *rules::find_variant("chess");
  auto game = rules::Game::from(chess, fen ? fen : chess.start_fen, moves);
  REQUIRE_MESSAGE(game.ok(), game.error());
  return *game;
}

rules::Move level_move(const rules::Game& game, int level, std::uint64_t seed) {
  engine::Searcher searcher(1);
  const auto result = engine::play_level(searcher, game, level, std::nullopt, kNoStop, seed);
  REQUIRE(result.best);
  REQUIRE(game.position().is_legal(*result.best));
  return *result.best;
}

// How many of kSeeds games the level's move satisfies `good` in.
template <class Good>
int count_good(const rules::Game& game, int level, Good good) {
  int n = 0;
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) n += good(level_move(game, level, seed));
  return n;
}

}  // namespace

TEST_CASE("level 1 misses a mate in one some of the time; the levels above 3 never do") {
  const rules::Game game = chess_game("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");  // Ra8#
  auto mates = [&](const rules::Move& m) { return game.outcome_after(m).reason == rules::Reason::Checkmate; };
  const int found = count_good(game, 1, mates);
  CHECK(found > 0);
  CHECK(found < kSeeds);
  for (int level = 4; level <= engine::kMaxLevel; ++level) {
    CAPTURE(level);
    CHECK(count_good(game, level, mates) == kSeeds);
  }
}

TEST_CASE("level 1 gives material away some of the time; levels 5 to 7 never do") {
  // The Giuoco Pianissimo after castling: several white moves lose a piece for a pawn or worse.
  const rules::Game game = chess_game(nullptr, {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "c2c3", "g8f6", "d2d3",
                                                "d7d6", "e1g1", "e8g8"});
  // Every move judged by a 4-ply search: a blunder scores 200 cp or more below the best.
  engine::Searcher judge(4);
  const auto judged = judge.score_moves(game, {4, 0, 0, {}}, kNoStop);
  REQUIRE(judged.size() == game.position().legal_moves().size());
  auto safe = [&](const rules::Move& m) {
    auto it = std::find_if(judged.begin(), judged.end(), [&](const auto& s) { return s.move == m; });
    return it->score > judged.front().score - 200;
  };
  REQUIRE(std::count_if(judged.begin(), judged.end(), [&](const auto& s) { return !safe(s.move); }) > 0);
  const int safe_moves = count_good(game, 1, safe);
  CHECK(safe_moves > 0);
  CHECK(safe_moves < kSeeds);
  // Node-capped, without noise: one seed tells it all.
  for (int level = 5; level <= 7; ++level) {
    CAPTURE(level);
    CHECK(safe(level_move(game, level, 1)));
  }
}

TEST_CASE("each level is rated above the one below, and UCI_Elo picks the level rated nearest") {
  REQUIRE(engine::level_ratings().size() == std::size_t(engine::kMaxLevel));
  for (int level = engine::kMinLevel + 1; level <= engine::kMaxLevel; ++level) {
    CHECK(engine::level_rating(level) > engine::level_rating(level - 1));
    CHECK(engine::level_ratings()[level - 1] == engine::level_rating(level));
  }
  for (const char* variant : {"chess", "capablanca"}) {
    CAPTURE(variant);
    // A variant's measured levels (bench/level_ladder.sh --variant), as its definition gives them.
    const auto* ratings = &rules::find_variant(variant)->level_ratings;
    REQUIRE(ratings->size() == std::size_t(engine::kMaxLevel));
    int below = 0;  // the rating of the nearest level below that has one
    for (int level = engine::kMinLevel; level <= engine::kMaxLevel; ++level) {
      if (!(*ratings)[level - 1]) continue;
      CHECK((*ratings)[level - 1] > below);
      below = (*ratings)[level - 1];
    }
    CHECK((*ratings)[engine::kMaxLevel - 1] > 0);
  }
  CHECK(rules::find_variant("chess")->level_ratings.at(4) == engine::level_rating(5));
  CHECK(rules::find_variant("grand")->level_ratings.empty());
  for (int level = engine::kMinLevel; level <= engine::kMaxLevel; ++level) {
    CAPTURE(level);
    const int rating = engine::level_rating(level);
    CHECK(engine::level_for_rating(rating) == level);
    if (level < engine::kMaxLevel) {
      const int halfway = (rating + engine::level_rating(level + 1)) / 2;
      CHECK(engine::level_for_rating(halfway - 1) == level);
      CHECK(engine::level_for_rating(halfway + 1) == level + 1);
    }
  }
  CHECK(engine::level_for_rating(engine::level_rating(engine::kMinLevel) - 1000) == engine::kMinLevel);
  CHECK(engine::level_for_rating(engine::level_rating(engine::kMaxLevel) + 1000) == engine::kMaxLevel);
}
