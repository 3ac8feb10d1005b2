// The Kriegspiel computer player against baseline players, refereed by the real umpire:
//   kriegspiel_bench [GAMES=50] [OPPONENTS=random,greedy] [SEED=1] [SAMPLES=512] [WEIGHED=48]
//   kriegspiel_bench [GAMES=50] levels [SEED=1]
// GAMES per opponent and colour. A random player tries moves its own board allows at random; a
// greedy one captures whenever a capture is legal (the harness tells it: stronger than any
// player who cannot see), else tries at random. `levels`: each of the computer's levels 2-8
// (engine::kriegspiel_level) against the one below. Prints the computer's score (a win 1, a draw
// 1/2) with a 95% interval, how games ended, the time per game and per decision (a question or
// a try, the belief's update on the acts since the last one included).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "../tests/engine/kriegspiel_harness.h"

using namespace arbiter;
using namespace arbiter::kriegspiel_harness;

namespace {

struct Tally {
  int wins = 0, draws = 0, losses = 0;
  double sum = 0, sum_squares = 0;
  long plies = 0, decisions = 0, nonsense = 0;
  double seconds = 0, deciding = 0;
  std::map<std::string, int> endings;
  int repairs = 0, give_ups = 0;
  void add(double score) {
    sum += score;
    sum_squares += score * score;
    (score == 1 ? wins : score == 0 ? losses : draws)++;
  }
  int games() const { return wins + draws + losses; }
};

void report(const std::string& title, const Tally& t) {
  const int n = t.games();
  const double mean = t.sum / n, variance = n > 1 ? (t.sum_squares - n * mean * mean) / (n - 1) : 0;
  const double margin = 1.96 * std::sqrt(std::max(0.0, variance) / n);
  std::printf("%-28s %4d games  +%d =%d -%d  score %.1f%% +- %.1f%%  plies/game %.0f  s/game %.1f  ms/decision %.1f  nonsense %ld  repairs/game %.1f  give-ups %d\n",
              title.c_str(), n, t.wins, t.draws, t.losses, 100 * mean, 100 * margin, double(t.plies) / n, t.seconds / n,
              1000 * t.deciding / std::max<long>(1, t.decisions), t.nonsense, double(t.repairs) / n, t.give_ups);
  std::printf("%-28s endings:", "");
  for (const auto& [ending, count] : t.endings) std::printf(" %s %d", ending.c_str(), count);
  std::printf("\n");
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 50;
  const std::string opponents = argc > 2 ? argv[2] : "random,greedy";
  const std::uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
  engine::KriegspielSettings settings;
  if (argc > 4) settings.samples = std::atoi(argv[4]);
  if (argc > 5) settings.weighed_samples = std::atoi(argv[5]);
  const rules::Variant& variant = *rules::find_variant("kriegspiel");

  if (opponents == "levels") {
    for (int level = 2; level <= 8; ++level) {
      Tally tally;
      for (const Color upper : {Color::White, Color::Black})
        for (int g = 0; g < games; ++g) {
          const std::uint64_t game_seed = seed * 1000003 + std::uint64_t(level) * 7919 + std::uint64_t(g) * 2 + std::uint64_t(upper);
          engine::KriegspielPlayer stronger(game_seed, engine::kriegspiel_level(level));
          engine::KriegspielPlayer weaker(game_seed + 1, engine::kriegspiel_level(level - 1));
          ComputerTally stronger_tally, weaker_tally;
          const Seat up = computer_seat(stronger, stronger_tally), down = computer_seat(weaker, weaker_tally);
          Umpire umpire(rules::Position::start(variant));
          const auto started = std::chrono::steady_clock::now();
          const rules::Outcome outcome = upper == Color::White ? play_game(umpire, up, down) : play_game(umpire, down, up);
          tally.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
          const auto won = upper == Color::White ? rules::Outcome::Result::WhiteWins : rules::Outcome::Result::BlackWins;
          const double score = outcome.result == won ? 1 : outcome.result == rules::Outcome::Result::Draw ? 0.5 : 0;
          tally.add(score);
          tally.plies += long(umpire.game().moves().size());
          tally.decisions += stronger_tally.decisions;
          tally.deciding += stronger_tally.deciding_seconds;
          tally.nonsense += stronger_tally.nonsense + stronger_tally.off_own_board + weaker_tally.nonsense + weaker_tally.off_own_board;
          tally.endings[std::string(rules::to_string(outcome.reason)) + (score == 1 ? "(won)" : score == 0 ? "(lost)" : "")]++;
        }
      report("level " + std::to_string(level) + " vs " + std::to_string(level - 1), tally);
    }
    return 0;
  }
  for (const std::string opponent : {"random", "greedy"}) {
    if (opponents.find(opponent) == std::string::npos) continue;
    Tally both;
    for (const Color computer : {Color::White, Color::Black}) {
      Tally tally;
      for (int g = 0; g < games; ++g) {
        const std::uint64_t game_seed = seed * 1000003 + std::uint64_t(g) * 2 + std::uint64_t(computer);
        engine::KriegspielPlayer player(game_seed, settings);
        ComputerTally computer_tally;
        engine::KriegspielRandom rng(game_seed ^ 0xabcdef);
        const Seat me = computer_seat(player, computer_tally);
        const Seat them = opponent == "random" ? random_seat(rng) : greedy_seat(rng);
        Umpire umpire(rules::Position::start(variant));
        const auto started = std::chrono::steady_clock::now();
        const rules::Outcome outcome = computer == Color::White ? play_game(umpire, me, them) : play_game(umpire, them, me);
        tally.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        const auto won = computer == Color::White ? rules::Outcome::Result::WhiteWins : rules::Outcome::Result::BlackWins;
        const double score = outcome.result == won ? 1 : outcome.result == rules::Outcome::Result::Draw ? 0.5 : 0;
        for (Tally* t : {&tally, &both}) {
          t->add(score);
          t->plies += long(umpire.game().moves().size());
          t->decisions += computer_tally.decisions;
          t->deciding += computer_tally.deciding_seconds;
          t->nonsense += computer_tally.nonsense + computer_tally.off_own_board;
          t->endings[std::string(rules::to_string(outcome.reason)) + (score == 1 ? "(won)" : score == 0 ? "(lost)" : "")]++;
          t->repairs += player.belief()->repairs();
          t->give_ups += player.belief()->give_ups();
        }
      }
      both.seconds += tally.seconds;
      report(std::string("vs ") + opponent + (computer == Color::White ? ", as White" : ", as Black"), tally);
    }
    report(std::string("vs ") + opponent + ", both colours", both);
  }
  return 0;
}
