#pragma once
// The threads of a pool of long jobs (the computer's moves, the analyses): a few threads of their
// own at a lower scheduling priority (thread_priority.h), taking items from a queue shared fairly
// between keys (fair_queue.h) and handing each to their thread's worker, until stopped.
#include <condition_variable>
#include <functional>
#include <latch>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/players/fair_queue.h"
#include "server/players/thread_priority.h"

namespace arbiter {

template <class Item>
class WorkerPool {
 public:
  // What a thread does with each item it takes, outside the pool's lock.
  using Worker = std::function<void(Item& item)>;

  // Starts `threads` threads at `priority`. Each makes its worker with make_worker(), on itself and
  // once lowered (a worker may hold what its thread keeps from item to item, such as a searcher's
  // table); returns once every thread has: the pool's memory is then whole.
  WorkerPool(unsigned threads, ThreadPriority priority, const std::function<Worker()>& make_worker) {
    std::latch made(threads);
    for (unsigned i = 0; i < threads; ++i)
      threads_.emplace_back([this, priority, &make_worker, &made] {
        lower_this_thread(priority);
        Worker worker = make_worker();
        made.count_down();
        work(worker);
      });
    made.wait();
  }
  // Stops and joins the threads.
  ~WorkerPool() {
    stop();
    for (auto& thread : threads_) thread.join();
  }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Queues `item` as `key`'s; false, and nothing queued, once stopped.
  bool push(const std::string& key, Item item) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return false;
      queue_.push(key, std::move(item));
    }
    ready_.notify_one();
    return true;
  }

  // No item is taken after this: what runs finishes (its worker is told to stop by its owner),
  // and what waits is handed back, not run.
  std::vector<Item> stop() {
    std::vector<Item> dropped;
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
      dropped = queue_.take_all();
    }
    ready_.notify_all();
    return dropped;
  }

 private:
  void work(Worker& worker) {
    for (;;) {
      Item item;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (stopping_) return;
        item = queue_.pop();
      }
      worker(item);
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  FairQueue<Item> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace arbiter
