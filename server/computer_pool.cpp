#include "server/computer_pool.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/steady_timer.hpp>

namespace arbiter {
namespace {

constexpr int kThinkingNiceness = 10;
constexpr std::size_t kHashMegabytes = 16;

}  // namespace

ComputerPool::ComputerPool(boost::asio::io_context& io, unsigned threads, std::chrono::milliseconds longest)
    : io_(io), longest_(longest) {
  for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
}

ComputerPool::~ComputerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
    for (auto& stop : running_) *stop = true;
  }
  ready_.notify_all();
  for (auto& thread : threads_) thread.join();
}

void ComputerPool::submit(std::string game, Job job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    queue_.push_back({std::move(game), std::move(job)});
  }
  ready_.notify_one();
}

void ComputerPool::work() {
  // Linux schedules threads one by one: this lowers this thread alone.
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), kThinkingNiceness);
  engine::Searcher searcher(kHashMegabytes);
  std::string last_game;
  for (;;) {
    Queued next;
    auto stop = std::make_shared<std::atomic<bool>>(false);
    std::size_t waiting = 0;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      next = std::move(queue_.front());
      queue_.pop_front();
      waiting = queue_.size();
      running_.push_back(stop);
    }
    // The share of thinking time while others wait: a timer on the server's io stops the job.
    // It is left to expire (it holds only this job's flag): cancelling it from here would race
    // with the io threads.
    auto timer = std::make_shared<boost::asio::steady_timer>(io_, longest_ / static_cast<int>(waiting + 1));
    timer->async_wait([stop, timer](boost::system::error_code ec) {
      if (!ec) *stop = true;
    });
    if (next.game != last_game) searcher.clear();  // another game's positions might mislead
    last_game = next.game;
    next.job(searcher, *stop);
    std::lock_guard lock(mutex_);
    std::erase(running_, stop);
  }
}

}  // namespace arbiter
