#pragma once
// Where computer players think: a few threads of their own, off the network threads and at a
// lower scheduling priority, so people's games keep their latency while the computer thinks.
// The queue holds at most one job per computer game, and every job thinks its level's whole
// budget: what keeps the wait for a thread short is admission (ComputerCapacity), never a
// shorter search, so a level's strength does not depend on what other visitors do.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "engine/search.h"
#include "server/players/thread_priority.h"
#include "server/players/worker_pool.h"

namespace arbiter {

// The computer games the pool's threads can serve at their levels' budgets. A game at a level with
// budget b a move, against a person assumed to take kPersonMove a move, keeps a thread busy
// b / (b + kPersonMove) of the time; games are admitted while their loads add up to at most the
// threads. So even when every opponent answers at once, the jobs queued at any moment are at
// most (b + kPersonMove) of thinking per thread: each reply comes within about its budget plus
// kPersonMove of its turn, with its whole budget thought.
class ComputerCapacity {
 public:
  // Brisk for a person (blitz averages more): a safe side for the computer's budgets.
  static constexpr std::chrono::milliseconds kPersonMove{2000};
  // Loads are in millionths of a thread: whole numbers add and give back exactly.
  static constexpr std::int64_t kThread = 1'000'000;
  static std::int64_t load_of(int level);

  // A game's load, given back when the share ends.
  class Share {
   public:
    Share() = default;
    Share(ComputerCapacity* capacity, std::int64_t load) : capacity_(capacity), load_(load) {}
    Share(Share&& other) noexcept : capacity_(other.capacity_), load_(other.load_) { other.capacity_ = nullptr; }
    Share& operator=(Share&& other) noexcept;
    Share(const Share&) = delete;
    Share& operator=(const Share&) = delete;
    ~Share() { release(); }

   private:
    void release();
    ComputerCapacity* capacity_ = nullptr;
    std::int64_t load_ = 0;
  };

  explicit ComputerCapacity(unsigned threads) : capacity_(kThread * threads) {}
  // A share if the game fits beside those in play; nullopt: the pool is full.
  std::optional<Share> admit(int level);
  // A game admitted before a restart, resumed: counted even past the capacity (new games wait).
  Share readmit(int level);
  std::int64_t load() const;
  std::int64_t capacity() const { return capacity_; }

 private:
  void give_back(std::int64_t load);

  const std::int64_t capacity_;
  mutable std::mutex mutex_;
  std::int64_t load_ = 0;
};

class ComputerPool {
 public:
  // A job thinks with the searcher of the thread it runs on and stops when `stop` is set.
  using Job = std::function<void(engine::Searcher& searcher, const std::atomic<bool>& stop)>;
  // After each job: its level, how long it ran, and whether the guard had to stop it.
  using Observer = std::function<void(int level, std::chrono::steady_clock::duration took, bool cut_short)>;

  // `guard`: a job still thinking this long is stopped (a search keeps its own budget; this only
  // bounds one that does not). It is the same for every job, however many wait.
  // `priority`: how far below the server's other threads the pool's threads run.
  ComputerPool(boost::asio::io_context& io, unsigned threads, std::chrono::milliseconds guard, Observer observer = {},
               ThreadPriority priority = {});
  // Stops every job at once and joins the threads; jobs not started are dropped.
  ~ComputerPool();

  ComputerCapacity& capacity() { return capacity_; }
  // `game`: whose job it is; a thread keeps its searcher's table from one move of a game to the
  // next, and clears it for another game. Games take turns, as the jobs are queued by game (each
  // has one job at most: one move to make). `level`: for the observer.
  void submit(std::string game, int level, Job job);

 private:
  struct Queued {
    std::string game;
    int level = 0;
    Job job;
  };
  // A thread's worker: its searcher, and the game it last thought for.
  WorkerPool<Queued>::Worker make_worker();
  void run(Queued& next, engine::Searcher& searcher, std::string& last_game);

  boost::asio::io_context& io_;
  std::chrono::milliseconds guard_;
  Observer observer_;
  ComputerCapacity capacity_;
  std::mutex mutex_;
  bool stopping_ = false;
  std::vector<std::shared_ptr<std::atomic<bool>>> running_;  // the stop flags of jobs running now
  // Last: its threads, which use every member above, are joined first.
  WorkerPool<Queued> workers_;
};

}  // namespace arbiter
