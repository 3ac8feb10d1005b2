// Whole games of every variant, the engine against itself through rules::Game: every move it
// gives is legal, and every game ends by a rule of the variant (nothing is adjudicated).
#include <doctest/doctest.h>

#include <random>

#include "engine/level.h"
#include "engine/search.h"
#include "play_out.h"

using namespace arbiter;

namespace {

const std::atomic<bool> kNoStop{false};
using testing::play_out;

}  // namespace

TEST_CASE("self-play: every variant's games end by its rules with legal moves only") {
  for (const rules::Variant* v : rules::all_variants()) {
    if (v->visibility == rules::Visibility::Umpire) continue;  // Kriegspiel is played from a view, not searched on the real board
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
    if (v->visibility == rules::Visibility::Umpire) continue;
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
