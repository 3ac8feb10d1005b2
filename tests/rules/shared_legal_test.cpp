// Game keeps one legal-move list per position, shared by parsing, SAN, the outcome and views:
// it must always be the position's own list, whichever move outcome_after looked at last.
#include <doctest/doctest.h>

#include <random>

#include "rules/game.h"

using namespace arbiter::rules;

TEST_CASE("shared legal list: always the current position's, over random games of every variant") {
  std::mt19937 rng(19);
  for (const char* name : {"chess", "capablanca", "grand", "centennial", "circular", "byzantine"}) {
    CAPTURE(name);
    Game game(Position::start(*find_variant(name)));
    for (int ply = 0; ply < 120 && !game.outcome().over(); ++ply) {
      REQUIRE(game.legal_moves() == game.position().legal_moves());
      const auto& legal = game.legal_moves();
      const Move chosen = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      const Move other = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      // As a referee does: the outcome of a move judged, sometimes not the one then played.
      const Outcome judged = game.outcome_after(other);
      Position next = game.position();
      next.play(other);
      if (judged.reason != Reason::Repetition) CHECK(judged.result == next.outcome().result);
      CHECK(game.position().san(chosen, legal) == game.position().san(chosen));
      CHECK(game.position().parse_uci(game.position().uci(chosen), legal).value() == chosen);
      game.play(chosen);
    }
    CHECK(game.legal_moves() == game.position().legal_moves());
  }
}
