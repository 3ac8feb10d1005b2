#pragma once
// Where finished games are analysed: threads of their own, apart from the computer players' pool
// and at the lowest scheduling priority, so that neither people's moves nor the computer's wait
// on an analysis. A bounded queue over all addresses (each address's share is AddressLimits'), one
// analysis per game: asked again while it runs, it is the same one; once complete it is stored with
// the game and never computed again. An analysis under way at shutdown is dropped: nothing of it is
// stored, and it can be asked for again after the restart.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "rules/game.h"
#include "server/address_limits.h"
#include "server/thread_priority.h"
#include "storage/store.h"

namespace arbiter {

struct AnalysisSettings {
  unsigned threads = 1;
  std::int64_t movetime_ms = 200;  // each position's search
  std::size_t queue = 16;          // analyses queued or running at once, over every address
  // The lowest nice value there is, so an analysis takes only what players and the computer leave;
  // idle too when the computer's threads are (else the analysis would be above them).
  ThreadPriority priority{kLowestNice, false};
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
  };
  enum class Start { Queued, UnderWay, Stored, Full };

  AnalysisPool(storage::Store& store, AnalysisSettings settings, Observer observer = {});
  // Stops every analysis and joins the threads.
  ~AnalysisPool();
  AnalysisPool(const AnalysisPool&) = delete;
  AnalysisPool& operator=(const AnalysisPool&) = delete;

  const AnalysisSettings& settings() const { return settings_; }
  // Queues the analysis of the finished `game` unless it is under way, stored, or the queue is
  // full. `lease`: the asking address's share, held until the analysis ends. Reads the store.
  Start start(const std::string& id, rules::Game game, AddressLimits::Lease lease);
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
  void work();
  void run(Job& job);
  void finished(const std::string& id, Outcome outcome, std::chrono::steady_clock::duration took, int positions);

  storage::Store& store_;
  const AnalysisSettings settings_;
  Observer observer_;
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;  // queued or running, until stored
  std::deque<std::shared_ptr<Job>> queue_;
  std::atomic<bool> stopping_{false};
  std::vector<std::thread> threads_;
};

}  // namespace arbiter
