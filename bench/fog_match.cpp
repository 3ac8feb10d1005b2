// The Fog of War computer against baseline players, on a fog board, each seat handed only its view:
//   fog_match [GAMES=20] [OPPONENT=random|greedy|below] [LEVEL=8] [VARIANT=fog-chess] [SEED=1]
// GAMES per colour. random: any legal move. greedy: takes whatever it can see (the most valuable
// man it can capture, the king first), else a random move. below: the computer one level lower.
// Prints the computer's score at LEVEL (a win 1, a draw 1/2) with a 95% interval, how games
// ended, plies and time per game, and how often the belief needed repairs or gave up.
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>

#include "engine/fog_player.h"
#include "engine/kriegspiel_values.h"
#include "rules/game.h"

using namespace arbiter;
using rules::Color;

namespace {

constexpr int kMaxPlies = 400;  // then a draw

// A seat: its move (UCI) in the game, from what it is allowed to see.
const std::atomic<bool> kNeverStopped{false};  // matches are capped by depth and nodes alone

using Seat = std::function<std::string(const rules::Game&, const std::vector<engine::FogSight>&)>;

Seat random_seat(std::uint64_t seed) {
  auto rng = std::make_shared<engine::KriegspielRandom>(seed);
  return [rng](const rules::Game& game, const std::vector<engine::FogSight>&) {
    const auto& moves = game.legal_moves();
    return game.position().uci(moves[rng->below(moves.size())]);
  };
}

// Every capture square is in sight in fog, so taking what it can is fair play for a seat.
Seat greedy_seat(std::uint64_t seed) {
  auto rng = std::make_shared<engine::KriegspielRandom>(seed);
  return [rng](const rules::Game& game, const std::vector<engine::FogSight>&) {
    const rules::Position& p = game.position();
    const auto& moves = game.legal_moves();
    int best_value = -1;
    std::string best;
    for (const rules::Move& m : moves) {
      const rules::Square taken = engine::taken_square(p, m);
      if (taken == rules::kNoSquare) continue;
      const auto man = p.piece_at(taken);
      const int value = man->kind == p.variant().royal_kind() ? 100000 : engine::man_value(p, taken);
      if (value > best_value) best_value = value, best = p.uci(m);
    }
    return best.empty() ? p.uci(moves[rng->below(moves.size())]) : best;
  };
}

struct ComputerStats {
  int repairs = 0, give_ups = 0, decisions = 0;
  double seconds = 0;
};

Seat computer_seat(const rules::Variant& variant, Color me, std::uint64_t seed, int level, ComputerStats& stats) {
  auto player = std::make_shared<engine::FogPlayer>(seed, engine::fog_level(level));
  return [&variant, me, player, &stats](const rules::Game&, const std::vector<engine::FogSight>& sights) {
    const auto started = std::chrono::steady_clock::now();
    auto view = engine::FogView::make(variant, me, sights);
    if (!view) throw std::runtime_error("bad view: " + view.error());
    auto move = player->decide(*view, kNeverStopped);
    if (!move) throw std::runtime_error("no decision: " + move.error());
    stats.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    ++stats.decisions;
    stats.repairs = player->belief()->repairs();
    stats.give_ups = player->belief()->give_ups();
    return *move;
  };
}

// Plays one game; returns the outcome (a draw after kMaxPlies) and counts illegal moves.
rules::Outcome play(const rules::Variant& variant, const Seat& white, const Seat& black, int& plies, int& illegal) {
  rules::Game game(rules::Position::start(variant));
  std::array<std::vector<engine::FogSight>, 2> sights;
  for (Color c : {Color::White, Color::Black}) sights[rules::index(c)].push_back(engine::fog_sight(game.position(), c));
  for (plies = 0; plies < kMaxPlies; ++plies) {
    if (auto outcome = game.outcome(); outcome.over()) return outcome;
    const Color mover = game.position().side_to_move();
    const std::string uci = (mover == Color::White ? white : black)(game, sights[rules::index(mover)]);
    if (!game.play(uci)) {
      ++illegal;
      return {mover == Color::White ? rules::Outcome::Result::BlackWins : rules::Outcome::Result::WhiteWins, rules::Reason::None};
    }
    for (Color c : {Color::White, Color::Black})
      sights[rules::index(c)].push_back(engine::fog_sight(game.position(), c, c == mover ? uci : ""));
  }
  return {rules::Outcome::Result::Draw, rules::Reason::None};
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 20;
  const std::string opponent = argc > 2 ? argv[2] : "random";
  const int level = argc > 3 ? std::atoi(argv[3]) : 8;
  const std::string variant_name = argc > 4 ? argv[4] : "fog-chess";
  const std::uint64_t seed = argc > 5 ? std::strtoull(argv[5], nullptr, 10) : 1;
  const rules::Variant* variant = rules::find_variant(variant_name);
  if (!variant || variant->visibility != rules::Visibility::Fog) {
    std::fprintf(stderr, "not a fog variant: %s\n", variant_name.c_str());
    return 2;
  }
  int wins = 0, draws = 0, losses = 0, illegal = 0;
  long plies_total = 0;
  double sum_squares = 0, seconds = 0;
  std::map<std::string, int> endings;
  ComputerStats stats, other_stats;
  int repairs = 0, give_ups = 0, decisions = 0;
  double deciding = 0;
  for (Color computer : {Color::White, Color::Black})
    for (int g = 0; g < games; ++g) {
      const std::uint64_t game_seed = seed * 1000003 + std::uint64_t(g) * 2 + std::uint64_t(rules::index(computer));
      stats = {}, other_stats = {};
      const Seat us = computer_seat(*variant, computer, game_seed, level, stats);
      const Seat them = opponent == "greedy" ? greedy_seat(game_seed + 1)
                        : opponent == "below" ? computer_seat(*variant, ~computer, game_seed + 1, level - 1, other_stats)
                                              : random_seat(game_seed + 1);
      int plies = 0;
      const auto started = std::chrono::steady_clock::now();
      const rules::Outcome outcome = computer == Color::White ? play(*variant, us, them, plies, illegal) : play(*variant, them, us, plies, illegal);
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      const auto won = computer == Color::White ? rules::Outcome::Result::WhiteWins : rules::Outcome::Result::BlackWins;
      const double score = outcome.result == won ? 1 : outcome.result == rules::Outcome::Result::Draw ? 0.5 : 0;
      (score == 1 ? wins : score == 0 ? losses : draws)++;
      sum_squares += score * score;
      plies_total += plies;
      ++endings[std::string(plies >= kMaxPlies ? "ply_cap" : rules::to_string(outcome.reason))];
      repairs += stats.repairs, give_ups += stats.give_ups, decisions += stats.decisions, deciding += stats.seconds;
    }
  const int n = wins + draws + losses;
  const double mean = (wins + 0.5 * draws) / n, variance = n > 1 ? (sum_squares - n * mean * mean) / (n - 1) : 0;
  std::printf("%s level %d vs %s: %d games +%d =%d -%d score %.1f%% +- %.1f%%  plies/game %.0f  s/game %.1f  ms/move %.0f  repairs/game %.1f  give-ups %d  illegal %d\n",
              variant_name.c_str(), level, opponent.c_str(), n, wins, draws, losses, 100 * mean,
              100 * 1.96 * std::sqrt(std::max(0.0, variance) / n), double(plies_total) / n, seconds / n,
              1000 * deciding / std::max(1, decisions), double(repairs) / n, give_ups, illegal);
  std::printf("  endings:");
  for (const auto& [ending, count] : endings) std::printf(" %s %d", ending.c_str(), count);
  std::printf("\n");
  return 0;
}
