// Whole games of every variant, the engine against itself through rules::Game: every move it
// gives is legal, and every game ends by a rule of the variant (nothing is adjudicated).
#include <doctest/doctest.h>

#include <random>

#include "engine/level.h"
#include "engine/search.h"

using namespace arbiter;

namespace {

const std::atomic<bool> kNoStop{false};

// A few random plies first so that the games differ, then small searches for both sides.
rules::Outcome play_out(const rules::Variant& v, std::uint64_t seed, std::uint64_t nodes, int& plies) {
  rules::Game game(rules::Position::start(v));
  std::mt19937_64 random(seed);
  engine::Searcher white(2), black(2);
  plies = 0;
  while (!game.outcome().over()) {
    REQUIRE_MESSAGE(plies < 3000, "no rule ended the game: " << game.position().fen());
    const rules::Position& pos = game.position();
    rules::Move move;
    if (plies < 6) {
      const auto moves = pos.legal_moves();
      move = moves[random() % moves.size()];
    } else {
      engine::Searcher& side = pos.side_to_move() == rules::Color::White ? white : black;
      const engine::SearchResult result = side.search(game, {0, nodes, 0, {}}, kNoStop);
      REQUIRE(result.best);
      move = *result.best;
      REQUIRE_MESSAGE(pos.is_legal(move), v.name << ": illegal " << pos.uci(move) << " in " << pos.fen());
    }
    game.play(move);
    ++plies;
  }
  return game.outcome();
}

}  // namespace

TEST_CASE("self-play: every variant's games end by its rules with legal moves only") {
  for (const rules::Variant* v : rules::all_variants()) {
    if (v->hidden) continue;  // Kriegspiel is played from a view, not searched on the real board
    for (std::uint64_t seed : {1, 2}) {
      CAPTURE(v->name);
      CAPTURE(seed);
      int plies = 0;
      const rules::Outcome outcome = play_out(*v, seed, 1500, plies);
      MESSAGE(v->name << " game " << seed << ": " << outcome.score() << " by " << rules::to_string(outcome.reason)
                      << " after " << plies << " plies");
      CHECK(outcome.over());
      CHECK(outcome.reason != rules::Reason::None);
    }
  }
}

TEST_CASE("self-play between levels: level 8 at a small node budget beats a random mover") {
  // Not a measurement (bench/ has those): a sanity check that search beats chance in every variant.
  for (const rules::Variant* v : rules::all_variants()) {
    if (v->hidden) continue;
    CAPTURE(v->name);
    rules::Game game(rules::Position::start(*v));
    engine::Searcher engine(2);
    std::mt19937_64 random(7);
    while (!game.outcome().over() && game.moves().size() < 600) {
      const rules::Position& pos = game.position();
      if (pos.side_to_move() == rules::Color::White) {
        game.play(*engine.search(game, {0, 3000, 0, {}}, kNoStop).best);
      } else {
        const auto moves = pos.legal_moves();
        game.play(moves[random() % moves.size()]);
      }
    }
    CHECK(game.outcome().result == rules::Outcome::Result::WhiteWins);
  }
}
