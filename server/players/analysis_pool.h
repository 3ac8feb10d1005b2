#pragma once
// Where finished games are analysed: threads of their own, apart from the computer players' pool
// and at the lowest scheduling priority, so that neither people's moves nor the computer's wait
// on an analysis. A bounded queue over all addresses (each address's share is AddressLimits'),
// served to the addresses in turn (fair_queue.h), one analysis per game: asked again while it runs,
// it is the same one; once complete it is stored with the game and never computed again. A game
// costs at most a set budget of engine time, however long it is (AnalysisSettings::movetime_for).
// An analysis under way at shutdown is dropped: nothing of it is stored, and it can be asked for
// again after the restart.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "rules/game.h"
#include "server/limits/address_limits.h"
#include "server/players/thread_priority.h"
#include "server/players/worker_pool.h"
#include "storage/store.h"

namespace arbiter {

struct AnalysisSettings {
  // A game of up to this many positions gets movetime_ms for each; a longer one shares this
  // many positions' time among all of its own, so that no game holds a thread for longer.
  static constexpr int kPositionsAtFullTime = 150;

  unsigned threads = 1;
  std::int64_t movetime_ms = 200;  // each position's search, in a game of up to kPositionsAtFullTime
  std::size_t queue = 16;          // analyses queued or running at once, over every address
  // The lowest nice value there is, so an analysis takes only what players and the computer leave;
  // idle too when the computer's threads are (else the analysis would be above them).
  ThreadPriority priority{kLowestNice, false};

  // Each position's search in a game of `positions`: movetime_ms, or for a longer game its share
  // of kPositionsAtFullTime positions' time (1 ms at least).
  std::int64_t movetime_for(int positions) const;
};

class AnalysisPool {
 public:
  enum class Outcome { Stored, Stopped, Failed };
  // After each analysis: how it ended, how long it ran, how many positions it searched.
  using Observer = std::function<void(Outcome outcome, std::chrono::steady_clock::duration took, int positions)>;

  struct Progress {
    bool running = false;  // false: queued
    int positions_done = 0;
    int positions = 0;
    std::int64_t movetime_ms = 0;  // each position's search
  };
  enum class Start { Queued, UnderWay, Stored, Full, NotAdmitted };

  AnalysisPool(storage::Store& store, AnalysisSettings settings, Observer observer = {});
  // Stops every analysis and joins the threads.
  ~AnalysisPool();
  AnalysisPool(const AnalysisPool&) = delete;
  AnalysisPool& operator=(const AnalysisPool&) = delete;

  const AnalysisSettings& settings() const { return settings_; }
  // Queues the analysis of the finished `game` unless it is under way, stored, or the queue is
  // full. `client`: the asking address, whose analyses wait their turn with other addresses';
  // `lease`: its share, held until the analysis ends. `admit`, when given, is asked (under the
  // pool's lock) only once the analysis would be queued: false queues nothing (NotAdmitted).
  // Reads the store.
  Start start(const std::string& id, rules::Game game, const std::string& client, AddressLimits::Lease lease,
              const std::function<bool()>& admit = {});
  // The analysis under way for `id`, if any.
  std::optional<Progress> progress(const std::string& id) const;
  std::size_t under_way() const;
  // Ends what runs, drops what waits; later starts are refused as Full.
  void stop();

 private:
  struct Job {
    Job(std::string id, rules::Game game, AddressLimits::Lease lease)
        : id(std::move(id)), game(std::move(game)), lease(std::move(lease)) {}
    std::string id;
    rules::Game game;
    AddressLimits::Lease lease;
    std::atomic<bool> running{false};
    std::atomic<int> positions_done{0};
  };
  void run(Job& job);
  void finished(const std::string& id, Outcome outcome, std::chrono::steady_clock::duration took, int positions);

  storage::Store& store_;
  const AnalysisSettings settings_;
  Observer observer_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;  // queued or running, until stored
  std::atomic<bool> stopping_{false};
  // Last: its threads, which use every member above, are joined first.
  WorkerPool<std::shared_ptr<Job>> workers_;  // queued by the asking address
};

}  // namespace arbiter
