// The analyses' pool (server/players/analysis_pool.h) with a real store: the queue is served to the asking
// addresses in turn, so that a second address's game does not wait behind all of the first's.
#include <doctest/doctest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <string>
#include <vector>

#include "rules/variant.h"
#include "server/players/analysis_pool.h"
#include "storage/game_variant.h"
#include "tests/support/temp_database.h"

using namespace arbiter;

namespace {

using arbiter::testing::TempDatabase;

const rules::Variant& chess() { return *rules::find_variant("chess"); }

// A finished game of `moves`, stored under `id` (its analysis is stored with it).
rules::Game stored_game(storage::Store& store, const std::string& id, const std::vector<std::string>& moves) {
  storage::GameRecord record;
  record.id = id;
  storage::name_rules(record, chess());
  record.start_fen = chess().start_fen;
  record.local = true;
  record.status = "finished";
  record.result = "1-0";
  record.reason = "resign";
  record.created_at_ms = 1000;
  record.ended_at_ms = 2000;
  std::promise<bool> created;
  store.create_game(record, {}, [&created](bool ok, const std::string&) { created.set_value(ok); });
  REQUIRE(created.get_future().get());
  return rules::Game::from(chess(), chess().start_fen, moves).value();
}

}  // namespace

TEST_CASE("the analyses are served to the addresses in turn: another address's game waits behind one of the first's") {
  TempDatabase file;
  auto store = storage::Store::open(file.path());
  // Told by their lengths: the first address's games have 2, 3 and 4 positions, the second's 5.
  const rules::Game a1 = stored_game(*store, "a1", {"e2e4"});
  const rules::Game a2 = stored_game(*store, "a2", {"e2e4", "e7e5"});
  const rules::Game a3 = stored_game(*store, "a3", {"e2e4", "e7e5", "g1f3"});
  const rules::Game b1 = stored_game(*store, "b1", {"e2e4", "e7e5", "g1f3", "b8c6"});

  std::mutex mutex;
  std::condition_variable ended;
  std::vector<int> served;  // each analysis's positions, as they end
  AnalysisSettings settings;
  settings.movetime_ms = 10;
  AnalysisPool pool(*store, settings, [&](AnalysisPool::Outcome outcome, auto, int positions) {
    CHECK(outcome == AnalysisPool::Outcome::Stored);
    std::lock_guard lock(mutex);
    served.push_back(positions);
    ended.notify_all();
  });
  CHECK(pool.start("a1", a1, "A", {}) == AnalysisPool::Start::Queued);
  CHECK(pool.start("a2", a2, "A", {}) == AnalysisPool::Start::Queued);
  CHECK(pool.start("a3", a3, "A", {}) == AnalysisPool::Start::Queued);
  CHECK(pool.start("b1", b1, "B", {}) == AnalysisPool::Start::Queued);

  std::unique_lock lock(mutex);
  REQUIRE(ended.wait_for(lock, std::chrono::minutes(2), [&] { return served.size() == 4; }));
  // a1 may have started before the rest came: then a2, b1, a3; else a1, b1, a2, a3. Never b1 last.
  CHECK(served.back() == 4);
  lock.unlock();
  store->close();  // the store's answers (the pool's last words on each analysis) all given, as serve does
}

TEST_CASE("an analysis not admitted is not queued, and a full queue asks nothing") {
  TempDatabase file;
  auto store = storage::Store::open(file.path());
  const rules::Game a1 = stored_game(*store, "a1", {"e2e4"});
  const rules::Game a2 = stored_game(*store, "a2", {"e2e4", "e7e5"});
  AnalysisSettings settings;
  settings.queue = 1;
  settings.movetime_ms = 60'000;  // a1 holds the queue while the test runs
  AnalysisPool pool(*store, settings);
  int asked = 0;
  CHECK(pool.start("a1", a1, "A", {}, [&] { return ++asked, false; }) == AnalysisPool::Start::NotAdmitted);
  CHECK_FALSE(pool.progress("a1"));
  CHECK(pool.start("a1", a1, "A", {}, [&] { return ++asked, true; }) == AnalysisPool::Start::Queued);
  CHECK(pool.start("a2", a2, "B", {}, [&] { return ++asked, true; }) == AnalysisPool::Start::Full);
  CHECK(asked == 2);  // the refusal as full took nothing
  pool.stop();
  store->close();
}
