// Storage write throughput: many games appending moves at once, each game waiting for its move
// to be durable before sending the next (as a player waits for the acknowledgement).
// Prints events per second and the number of transactions, to show that group commit lets
// throughput exceed one fsync per move, and the process's CPU time per event (the writer's
// thread and the bench's own, which only queue and wait).
//
// Usage: storage_bench [database path] [events] [games] [threads]
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <latch>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "rules/variant.h"
#include "storage/game_variant.h"
#include "storage/store.h"

using namespace arbiter::storage;

namespace {

int argument(int argc, char** argv, int index, int fallback) {
  return argc > index ? std::atoi(argv[index]) : fallback;
}

void remove_database(const std::string& path) {
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path + suffix).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const std::string path =
      argc > 1 ? argv[1] : "/tmp/arbiter_storage_bench_" + std::to_string(getpid()) + ".db";
  const int total_events = argument(argc, argv, 2, 20000);
  const int game_count = argument(argc, argv, 3, 200);
  const int thread_count = argument(argc, argv, 4, 8);
  const int events_per_game = total_events / game_count;
  if (events_per_game < 1 || thread_count < 1 || game_count % thread_count != 0) {
    std::fprintf(stderr, "need events >= games and games divisible by threads\n");
    return 2;
  }
  remove_database(path);
  auto store = Store::open(path);

  auto game_id = [](int game) { return "game" + std::to_string(game); };
  // Writes complete in call order, so the last game's callback means all games exist.
  std::latch games_created(1);
  for (int game = 0; game < game_count; ++game) {
    GameRecord record;
    record.id = game_id(game);
    name_rules(record, *arbiter::rules::find_variant("chess"));
    record.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    record.status = "playing";
    const bool last = game == game_count - 1;
    store->create_game(std::move(record), {{"white", "w"}, {"black", "b"}},
                       [&, last](bool, const std::string&) {
                         if (last) games_created.count_down();
                       });
  }
  games_created.wait();
  const auto transactions_before = store->write_stats().transactions;

  // {user, system} CPU seconds of the process so far.
  auto cpu_seconds = [] {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    auto seconds = [](const timeval& time) { return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) / 1e6; };
    return std::pair{seconds(usage.ru_utime), seconds(usage.ru_stime)};
  };
  std::atomic<int> failures{0};
  const auto cpu_before = cpu_seconds();
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int t = 0; t < thread_count; ++t) {
    threads.emplace_back([&, t] {
      const int games_per_thread = game_count / thread_count;
      for (int v = 1; v <= events_per_game; ++v) {
        // One move in each of this thread's games, then wait until all are durable.
        std::latch round_done(games_per_thread);
        for (int g = 0; g < games_per_thread; ++g) {
          EventRecord event{v, "move", R"({"uci":"e2e4","clock_ms":123456})", v};
          store->append_event(game_id(t * games_per_thread + g), std::move(event), std::nullopt,
                              [&](bool ok, const std::string&) {
                                if (!ok) ++failures;
                                round_done.count_down();
                              });
        }
        round_done.wait();
      }
    });
  }
  for (auto& thread : threads) thread.join();
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  const auto [user_after, system_after] = cpu_seconds();
  const double user_time = user_after - cpu_before.first, system_time = system_after - cpu_before.second;
  const auto transactions = store->write_stats().transactions - transactions_before;
  store->close();
  remove_database(path);

  const int appended = events_per_game * game_count;
  std::printf("%d events, %d games, %d threads: %.2f s, %.0f events/s, %llu transactions "
              "(%.1f events per commit), CPU per event %.1f µs user + %.1f µs system, %d failures\n",
              appended, game_count, thread_count, elapsed.count(), appended / elapsed.count(),
              static_cast<unsigned long long>(transactions),
              static_cast<double>(appended) / static_cast<double>(transactions), user_time / appended * 1e6, system_time / appended * 1e6, failures.load());
  return failures == 0 ? 0 : 1;
}
