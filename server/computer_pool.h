#pragma once
// Where computer players think: a few threads of their own, off the network threads and at a
// lower scheduling priority, so people's games keep their latency while the computer thinks.
// The queue holds at most one job per computer game; when jobs wait, each is cut shorter (the
// thinking time is shared out) rather than left to queue.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "engine/search.h"

namespace arbiter {

class ComputerPool {
 public:
  // A job thinks with the searcher of the thread it runs on and stops when `stop` is set.
  using Job = std::function<void(engine::Searcher& searcher, const std::atomic<bool>& stop)>;

  // `longest`: the most a job may think while others wait for a thread (the levels' own budgets
  // are below it); with N jobs waiting, a starting job gets longest / (N + 1).
  ComputerPool(boost::asio::io_context& io, unsigned threads, std::chrono::milliseconds longest);
  // Stops every job at once and joins the threads; jobs not started are dropped.
  ~ComputerPool();

  // `game`: whose job it is; a thread keeps its searcher's table from one move of a game to the
  // next, and clears it for another game.
  void submit(std::string game, Job job);

 private:
  struct Queued {
    std::string game;
    Job job;
  };
  void work();

  boost::asio::io_context& io_;
  std::chrono::milliseconds longest_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Queued> queue_;
  bool stopping_ = false;
  std::vector<std::shared_ptr<std::atomic<bool>>> running_;  // the stop flags of jobs running now
  std::vector<std::thread> threads_;
};

}  // namespace arbiter
