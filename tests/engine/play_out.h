#pragma once
// A whole game of the engine against itself through rules::Game, for the self-play tests: every
// move it gives must be legal, and the game must end by a rule of the variant (nothing adjudicated).
#include <doctest/doctest.h>

#include <atomic>
#include <random>

#include "engine/search.h"
#include "rules/game.h"

namespace arbiter::testing {

// A few random plies first so that the games differ, then small searches for both sides.
inline rules::Outcome play_out(const rules::Variant& v, std::uint64_t seed, std::uint64_t nodes, int& plies) {
  static const std::atomic<bool> no_stop{false};
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
      const engine::SearchResult result = side.search(game, {0, nodes, 0, {}}, no_stop);
      REQUIRE(result.best);
      move = *result.best;
      REQUIRE_MESSAGE(pos.is_legal(move), v.name << ": illegal " << pos.uci(move) << " in " << pos.fen());
    }
    game.play(move);
    ++plies;
  }
  return game.outcome();
}

}  // namespace arbiter::testing
