// The judgement of moves in an analysis: lichess's winning chances and thresholds, its mate rules,
// and a whole game analysed in every variant.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/analysis.h"
#include "rules/variant.h"

using namespace arbiter;
using engine::Evaluation;
using engine::Judgement;
using rules::Color;

namespace {

Evaluation cp(int centipawns) { return {centipawns, std::nullopt, engine::winning_chances(centipawns)}; }
Evaluation mate(int moves, double chances) { return {std::nullopt, moves, chances}; }

// The centipawns at which White's winning chances are `chances` (the formula's inverse).
int cp_for(double chances) { return static_cast<int>(std::lround(-std::log(2 / (chances + 1) - 1) / 0.00368208)); }

}  // namespace

TEST_CASE("winning chances are lichess's logistic curve") {
  CHECK(engine::winning_chances(0) == doctest::Approx(0));
  CHECK(engine::winning_chances(100) == doctest::Approx(0.1820).epsilon(0.001));
  CHECK(engine::winning_chances(-300) == doctest::Approx(-engine::winning_chances(300)));
  CHECK(engine::winning_chances(5000) > 0.99);
}

TEST_CASE("a drop of 0.1, 0.2, 0.3 in the mover's chances is an inaccuracy, a mistake, a blunder") {
  // Just under and just over each threshold, from an equal position, for either mover.
  for (auto [threshold, judgement, below] :
       {std::tuple{0.1, Judgement::Inaccuracy, Judgement::None}, std::tuple{0.2, Judgement::Mistake, Judgement::Inaccuracy},
        std::tuple{0.3, Judgement::Blunder, Judgement::Mistake}}) {
    const double at = threshold;  // doctest captures by reference: not a structured binding
    CAPTURE(at);
    CHECK(engine::judge(cp(0), cp(-cp_for(threshold + 0.005)), Color::White) == judgement);
    CHECK(engine::judge(cp(0), cp(-cp_for(threshold - 0.005)), Color::White) == below);
    CHECK(engine::judge(cp(0), cp(cp_for(threshold + 0.005)), Color::Black) == judgement);
    CHECK(engine::judge(cp(0), cp(cp_for(threshold - 0.005)), Color::Black) == below);
  }
  // A gain is never a mistake; the same drop in centipawns matters less when the game is decided.
  CHECK(engine::judge(cp(0), cp(300), Color::White) == Judgement::None);
  CHECK(engine::judge(cp(-900), cp(-1200), Color::White) == Judgement::None);
  CHECK(engine::judge(cp(0), cp(-300), Color::White) == Judgement::Blunder);
}

TEST_CASE("a mate walked into or let slip is judged by the centipawns on the other side, as lila's MateAdvice") {
  // White walks into a mate: a blunder from an even game, less when already lost.
  CHECK(engine::judge(cp(0), mate(-3, -1), Color::White) == Judgement::Blunder);
  CHECK(engine::judge(cp(-800), mate(-3, -1), Color::White) == Judgement::Mistake);
  CHECK(engine::judge(cp(-1200), mate(-3, -1), Color::White) == Judgement::Inaccuracy);
  // Black had a mate and let it go: a blunder when little is left, an inaccuracy when still won.
  CHECK(engine::judge(mate(-2, -1), cp(-100), Color::Black) == Judgement::Blunder);
  CHECK(engine::judge(mate(-2, -1), cp(-800), Color::Black) == Judgement::Mistake);
  CHECK(engine::judge(mate(-2, -1), cp(-1500), Color::Black) == Judgement::Inaccuracy);
  CHECK(engine::judge(mate(-2, -1), mate(3, 1), Color::Black) == Judgement::Blunder);
  // A longer mate, or mating, is no error.
  CHECK(engine::judge(mate(2, 1), mate(4, 1), Color::White) == Judgement::None);
  CHECK(engine::judge(mate(1, 1), mate(0, 1), Color::White) == Judgement::None);
}

TEST_CASE("a search's score reads from White's side, mates in moves") {
  CHECK(engine::evaluation_of(120, Color::Black).cp == -120);
  CHECK(engine::evaluation_of(engine::kMateScore - 3, Color::White).mate == 2);
  CHECK(engine::evaluation_of(engine::kMateScore - 1, Color::Black).mate == -1);
  CHECK(engine::evaluation_of(-(engine::kMateScore - 2), Color::White).mate == -1);
}

TEST_CASE("a game in every variant: every position valued, best moves legal, the mated position without a line") {
  engine::Searcher searcher(4);
  const std::atomic<bool> no_stop{false};
  for (const rules::Variant* variant : rules::all_variants()) {
    CAPTURE(variant->name);
    rules::Game game(rules::Position::start(*variant));
    for (int ply = 0; ply < 6 && !game.outcome().over(); ++ply) game.play(game.legal_moves().front());
    engine::Limits limits;
    limits.depth = 3;
    auto plies = engine::analyse(searcher, game, limits, no_stop);
    REQUIRE(plies);
    REQUIRE(plies->size() == game.moves().size() + 1);
    rules::Game replay(game.start());
    for (std::size_t ply = 0; ply < plies->size(); ++ply) {
      const auto& here = (*plies)[ply];
      CHECK((here.eval.cp.has_value() != here.eval.mate.has_value()));
      REQUIRE_FALSE(here.line.empty());
      CHECK(replay.position().is_legal(here.line.front()));
      if (ply < game.moves().size()) replay.play(game.moves()[ply]);
    }
  }
  // Fool's mate: the mated position has mate 0, Black's winning chances, and no line.
  const rules::Variant& chess = *rules::find_variant("chess");
  auto mated = rules::Game::from(chess, chess.start_fen, {"f2f3", "e7e5", "g2g4", "d8h4"});
  REQUIRE(mated);
  engine::Limits limits;
  limits.depth = 3;
  auto plies = engine::analyse(searcher, *mated, limits, no_stop);
  REQUIRE(plies);
  CHECK(plies->back().eval.mate == 0);
  CHECK(plies->back().eval.chances == -1);
  CHECK(plies->back().line.empty());
  CHECK((*plies)[3].eval.mate == -1);  // after g4: Black mates in one
  CHECK((*plies)[3].judgement == Judgement::Blunder);
}

TEST_CASE("a stopped analysis gives nothing") {
  engine::Searcher searcher(4);
  const std::atomic<bool> stop{true};
  rules::Game game(rules::Position::start(*rules::find_variant("chess")));
  game.play(game.legal_moves().front());
  engine::Limits limits;
  limits.depth = 2;
  CHECK_FALSE(engine::analyse(searcher, game, limits, stop));
}
