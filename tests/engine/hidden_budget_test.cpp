// The hidden-board players keep to their work budget (engine/work_budget.h) and stop when told,
// on a heavy operator's variant too: Kriegspiel on 16x8 with seven amazons a side, where a move
// list runs to hundreds of moves. Work is counted, never timed: the bounds below are counts.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>

#include "engine/fog_belief.h"
#include "engine/fog_player.h"
#include "engine/kriegspiel_player.h"
#include "engine/level.h"
#include "kriegspiel_harness.h"
#include "rules/game.h"
#include "rules/variant_file.h"

using namespace arbiter;
using namespace arbiter::kriegspiel_harness;
using engine::KriegspielSettings;
using rules::Color;

namespace {

constexpr const char* kAmazonKriegspiel = R"(
[amazon-kriegspiel]
parent = "kriegspiel"
files = 16
ranks = 8
castling = false
setup = "r3aaakaaaa3r/2pppppppppppp2/16/16/16/16/2PPPPPPPPPPPP2/R3AAAKAAAA3R w - - 0 1"
promotion_choices = ["amazon", "rook"]
[[amazon-kriegspiel.pieces]]
id = "amazon"
letter = "A"
betza = "QN"
)";

// Kept for the program's life, as the engine's evaluators need.
const rules::Variant& amazon_kriegspiel() {
  static const rules::VariantFile file = rules::load_variant_file(kAmazonKriegspiel);
  REQUIRE(file.errors.empty());
  return file.variants.front();
}

// A game some way in: random tries from both seats until `acts` acts were announced.
Umpire game_with_acts(std::size_t acts) {
  Umpire umpire(rules::Position::start(amazon_kriegspiel()));
  engine::KriegspielRandom rng(11);
  const Seat random = random_seat(rng);
  while (!umpire.outcome().over() && umpire.record().size() < acts) random(umpire, umpire.to_move());
  REQUIRE(!umpire.outcome().over());
  return umpire;
}

// The most a decision may still do once its budget is spent (stopped before it began): each act
// the belief takes in, followed in at most four samples (a follow counts one and the moves it
// generates), and one sample's tries weighed (its moves, and each try one and its replies).
std::uint64_t work_once_spent(const KriegspielView& view, std::size_t tries) {
  const std::uint64_t follow = 1 + rules::kMaxMoves;
  return view.acts().size() * 4 * follow + rules::kMaxMoves + tries * (1 + rules::kMaxMoves);
}

// The decision is one the seat may make: a question, or a try its own board allows that the
// umpire does not call nonsense.
void check_playable(Umpire& umpire, Color me, const engine::KriegspielDecision& decision) {
  if (decision.kind == engine::KriegspielDecision::Kind::AskAny) return;
  const auto possible = umpire.possible_moves(me);
  CHECK(std::find(possible.begin(), possible.end(), decision.uci) != possible.end());
  CHECK(umpire.try_move(me, decision.uci).verdict != rules::TryResult::Verdict::Nonsense);
}

}  // namespace

TEST_CASE("a stopped Kriegspiel decision on a heavy variant does a few samples' work and still plays") {
  Umpire umpire = game_with_acts(40);
  const Color me = umpire.to_move();
  auto view = seat_view(umpire, me);
  REQUIRE(view.ok());
  const std::size_t tries = umpire.possible_moves(me).size();

  // The whole decision, unstopped, with a belief of 128 samples weighed over 16.
  engine::KriegspielPlayer unstopped(3, KriegspielSettings{128, 16, 0, 0});
  REQUIRE(unstopped.decide(*view).ok());

  const std::atomic<bool> stop{true};
  engine::KriegspielPlayer stopped(3, KriegspielSettings{512, 48, 0, 0});
  auto decision = stopped.decide(*view, stop);
  REQUIRE(decision.ok());
  MESSAGE("work: stopped " << stopped.last_work() << ", unstopped " << unstopped.last_work() << ", bound "
                           << work_once_spent(*view, tries));
  CHECK(stopped.last_work() <= work_once_spent(*view, tries));
  CHECK(stopped.last_work() * 4 < unstopped.last_work());
  check_playable(umpire, me, *decision);
}

TEST_CASE("the level's work budget ends a Kriegspiel decision, the same way every time") {
  Umpire umpire = game_with_acts(40);
  const Color me = umpire.to_move();
  auto view = seat_view(umpire, me);
  REQUIRE(view.ok());
  KriegspielSettings settings = engine::kriegspiel_level(8);
  settings.work = 30'000;  // far less than this view's belief update alone
  engine::KriegspielPlayer first(5, settings), second(5, settings);
  auto decision = first.decide(*view), again = second.decide(*view);
  REQUIRE(decision.ok());
  REQUIRE(again.ok());
  CHECK(*again == *decision);
  CHECK(second.last_work() == first.last_work());
  CHECK(first.last_work() >= settings.work);
  CHECK(first.last_work() <= settings.work + work_once_spent(*view, umpire.possible_moves(me).size()));
  check_playable(umpire, me, *decision);
}

TEST_CASE("a Fog of War belief stopped takes each sight in from a few samples") {
  const rules::Variant& fog = *rules::find_variant("fog-chess");
  rules::Game game(rules::Position::start(fog));
  std::vector<engine::FogSight> sights{engine::fog_sight(game.position(), Color::White)};
  engine::KriegspielRandom rng(13);
  for (int ply = 0; ply < 16 && !game.outcome().over(); ++ply) {
    const Color mover = game.position().side_to_move();
    const auto moves = game.position().legal_moves();
    const std::string uci = game.position().uci(moves[rng.below(moves.size())]);
    REQUIRE(game.play(uci).ok());
    sights.push_back(engine::fog_sight(game.position(), Color::White, mover == Color::White ? uci : ""));
  }
  auto work_to_see = [&](const std::atomic<bool>& stop) {
    engine::FogBelief belief(fog, Color::White, 7, 256);
    engine::WorkBudget budget(0, stop);
    for (std::size_t i = 1; i < sights.size(); ++i) belief.see(sights[i], budget);
    return budget.done();
  };
  const std::atomic<bool> running{false}, stopped{true};
  const std::uint64_t whole = work_to_see(running), once_stopped = work_to_see(stopped);
  MESSAGE("work: stopped " << once_stopped << ", whole " << whole);
  // At most four samples a sight, each counting one and the moves it generates.
  CHECK(once_stopped <= (sights.size() - 1) * 4 * (1 + std::uint64_t(rules::kMaxMoves)));
  CHECK(once_stopped * 4 < whole);
}

TEST_CASE("each level's work budget is its time budget in work units, growing with the level") {
  for (int level = engine::kMinLevel; level <= engine::kMaxLevel; ++level) {
    CAPTURE(level);
    const std::uint64_t budget = std::uint64_t(engine::level(level).movetime_ms) * engine::kWorkPerMillisecond;
    CHECK(engine::kriegspiel_level(level).work == budget);
    CHECK(engine::fog_level(level).work == budget);
    if (level > engine::kMinLevel) CHECK(engine::kriegspiel_level(level - 1).work < budget);
  }
}
