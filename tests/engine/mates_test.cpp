// Set positions with a forced win in one or two moves, in every variant: the engine must find it
// against every defence the rules allow.
#include <doctest/doctest.h>

#include "engine/search.h"

using namespace arbiter;

namespace {

const std::atomic<bool> kNoStop{false};

bool won_by(const rules::Outcome& o, rules::Color c) {
  return o.result == (c == rules::Color::White ? rules::Outcome::Result::WhiteWins : rules::Outcome::Result::BlackWins);
}

// Whether the engine, playing `attacker`, wins by the rules within `moves` of its own moves
// (a Centennial turn's two moves count as two) whatever the defender replies.
bool wins_within(engine::Searcher& searcher, const rules::Game& game, rules::Color attacker, int moves) {
  const rules::Outcome outcome = game.outcome();
  if (outcome.over()) return won_by(outcome, attacker);
  const rules::Position& pos = game.position();
  if (pos.side_to_move() == attacker) {
    if (moves == 0) return false;
    const engine::SearchResult result = searcher.search(game, {2 * moves + 3, 0, 0, {}}, kNoStop);
    if (!result.best || !pos.is_legal(*result.best)) return false;
    rules::Game next = game;
    next.play(*result.best);
    return wins_within(searcher, next, attacker, moves - 1);
  }
  for (const rules::Move& reply : pos.legal_moves()) {
    rules::Game next = game;
    next.play(reply);
    if (!wins_within(searcher, next, attacker, moves)) return false;
  }
  return true;
}

struct Puzzle {
  const char* variant;
  const char* fen;
  int moves;        // the attacker's moves to the win
  int mate_plies;   // the score the first search must announce
};

void solve(const Puzzle& p) {
  CAPTURE(p.variant);
  CAPTURE(p.fen);
  const rules::Variant* v = rules::find_variant(p.variant);
  REQUIRE(v);
  auto start = rules::Position::from_fen(*v, p.fen);
  REQUIRE_MESSAGE(start.ok(), start.error());
  rules::Game game(*start);
  engine::Searcher searcher(4);
  const engine::SearchResult first = searcher.search(game, {2 * p.moves + 3, 0, 0, {}}, kNoStop);
  CHECK(engine::mate_plies(first.score) == p.mate_plies);
  CHECK(wins_within(searcher, game, start->side_to_move(), p.moves));
}

}  // namespace

TEST_CASE("mate in one in every variant") {
  const Puzzle puzzles[] = {
      {"chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1, 1},
      {"capablanca", "6k3/5ppp2/10/10/10/10/5PPP2/R5K3 w - - 0 1", 1, 1},
      {"capablanca", "k9/10/1K8/10/10/10/10/2C7 w - - 0 1", 1, 1},  // the chancellor
      {"grand", "k9/10/1K8/10/10/10/10/10/10/2R7 w - - 0 1", 1, 1},
      {"centennial", "k9/10/1K8/10/10/10/10/10/10/2R7 w - - 0 1", 1, 1},
      // The ring: the queen comes round across the seam between cells 16 and 1.
      {"circular", "4/1Q2/4/4/4/4/4/4/4/4/4/4/4/4/4/k1K1 w - - 0 1", 1, 1},
      {"circular", "4/4/4/4/1Q2/4/4/4/k1K1/4/4/4/4/4/4/4 w - - 0 1", 1, 1},
      {"byzantine", "4/4/4/2n1/4/4/4/4/4/4/4/3R/4/4/4/k1K1 w - - 0 1", 1, 1},
  };
  for (const Puzzle& p : puzzles) solve(p);
}

TEST_CASE("mate in two in every variant") {
  const Puzzle puzzles[] = {
      {"chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", 2, 3},
      {"capablanca", "k9/10/2K7/10/10/10/10/9R w - - 0 1", 2, 3},
      {"grand", "k9/10/10/2K7/10/10/10/10/10/9R w - - 0 1", 2, 3},
      // Centennial: two moves of one turn, the first quiet so that the turn goes on, then mate.
      {"centennial", "k9/10/2K7/10/10/10/10/10/8R1/9R w - - 0 1", 2, 2},
      {"circular", "4/4/4/4/2n1/1Q2/4/4/3k/1K2/4/4/4/4/4/4 w - - 0 1", 2, 3},
      {"byzantine", "3n/4/4/1R2/4/4/3k/4/4/4/4/4/3K/4/4/4 w - - 0 1", 2, 3},
  };
  for (const Puzzle& p : puzzles) solve(p);
}

TEST_CASE("byzantine: baring the king wins, and the engine takes the last man") {
  // The rook can take the knight (bare king: a win) or give mate; either wins at once.
  auto start = rules::Position::from_fen(*rules::find_variant("byzantine"), "4/4/4/3n/4/4/4/4/4/4/4/3R/4/4/4/k1K1 w - - 0 1");
  REQUIRE(start.ok());
  rules::Game game(*start);
  engine::Searcher searcher(4);
  const auto result = searcher.search(game, {3, 0, 0, {}}, kNoStop);
  REQUIRE(result.best);
  game.play(*result.best);
  CHECK(game.outcome().result == rules::Outcome::Result::WhiteWins);
}

TEST_CASE("byzantine: stalemating the opponent wins") {
  // Black's king on a1, its pawn on a2 blocked by the knight, the white king on c1: the rook's move
  // to d16 takes a16 and b16 from the king and leaves Black no move, and in Byzantine chess the
  // side without a move loses.
  const rules::Variant& v = *rules::find_variant("byzantine");
  auto start = rules::Position::from_fen(v, "4/4/4/4/4/4/3R/4/4/4/4/4/4/N3/p3/k1K1 w - - 0 1");
  REQUIRE_MESSAGE(start.ok(), start.error());
  rules::Game game(*start);
  engine::Searcher searcher(4);
  const auto result = searcher.search(game, {3, 0, 0, {}}, kNoStop);
  REQUIRE(result.best);
  CHECK(engine::mate_plies(result.score) == 1);
  game.play(*result.best);
  CHECK(game.outcome().result == rules::Outcome::Result::WhiteWins);
}
