#include "server/players/computer_pool.h"

#include <algorithm>
#include <boost/asio/steady_timer.hpp>

#include "engine/level.h"

namespace arbiter {
namespace {

constexpr std::size_t kHashMegabytes = 16;

}  // namespace

std::int64_t ComputerCapacity::load_of(int level) {
  const std::int64_t budget = engine::level(level).movetime_ms;
  // Rounded down: a millionth of a thread is nothing, and three games of a third fit one thread.
  return kThread * budget / (budget + kPersonMove.count());
}

ComputerCapacity::Share& ComputerCapacity::Share::operator=(Share&& other) noexcept {
  if (this != &other) {
    release();
    capacity_ = other.capacity_;
    load_ = other.load_;
    other.capacity_ = nullptr;
  }
  return *this;
}

void ComputerCapacity::Share::release() {
  if (capacity_) capacity_->give_back(load_);
  capacity_ = nullptr;
}

std::optional<ComputerCapacity::Share> ComputerCapacity::admit(int level) {
  const std::int64_t load = load_of(level);
  std::lock_guard lock(mutex_);
  if (load_ + load > capacity_) return std::nullopt;
  load_ += load;
  return Share(this, load);
}

ComputerCapacity::Share ComputerCapacity::readmit(int level) {
  const std::int64_t load = load_of(level);
  std::lock_guard lock(mutex_);
  load_ += load;
  return Share(this, load);
}

std::int64_t ComputerCapacity::load() const {
  std::lock_guard lock(mutex_);
  return load_;
}

void ComputerCapacity::give_back(std::int64_t load) {
  std::lock_guard lock(mutex_);
  load_ -= load;
}

ComputerPool::ComputerPool(boost::asio::io_context& io, unsigned threads, std::chrono::milliseconds guard, Observer observer,
                           ThreadPriority priority)
    : io_(io),
      guard_(guard),
      observer_(std::move(observer)),
      capacity_(threads),
      // Returns once every thread holds its searcher's table (16 MB each, written as it is made):
      // the server's size is then whole before it listens, not growing a moment later (a load test
      // reading its size before and after opening games counted the tables as the games').
      workers_(threads, priority, [this] { return make_worker(); }) {}

ComputerPool::~ComputerPool() {
  std::lock_guard lock(mutex_);
  stopping_ = true;
  for (auto& stop : running_) *stop = true;
  workers_.stop();  // the jobs not started are dropped; the threads are joined as workers_ goes
}

void ComputerPool::submit(std::string game, int level, Job job) {
  const std::string key = game;
  workers_.push(key, {std::move(game), level, std::move(job)});
}

WorkerPool<ComputerPool::Queued>::Worker ComputerPool::make_worker() {
  auto searcher = std::make_shared<engine::Searcher>(kHashMegabytes);
  return [this, searcher, last_game = std::string()](Queued& next) mutable { run(next, *searcher, last_game); };
}

void ComputerPool::run(Queued& next, engine::Searcher& searcher, std::string& last_game) {
  auto stop = std::make_shared<std::atomic<bool>>(false);
  {
    std::lock_guard lock(mutex_);
    // Taken just as the pool stopped: it stops at once, as it would have had it started a moment sooner.
    if (stopping_) *stop = true;
    running_.push_back(stop);
  }
  // A timer on the server's io stops a job past the guard. It is left to expire (it holds only
  // this job's flag): cancelling it from here would race with the io threads.
  auto timer = std::make_shared<boost::asio::steady_timer>(io_, guard_);
  timer->async_wait([stop, timer](boost::system::error_code ec) {
    if (!ec) *stop = true;
  });
  if (next.game != last_game) searcher.clear();  // another game's positions might mislead
  last_game = next.game;
  const auto started = std::chrono::steady_clock::now();
  next.job(searcher, *stop);
  const auto took = std::chrono::steady_clock::now() - started;
  const bool cut_short = stop->exchange(true);  // set before the job ended: the guard (or shutdown) stopped it
  {
    std::lock_guard lock(mutex_);
    std::erase(running_, stop);
  }
  if (observer_) observer_(next.level, took, cut_short);
}

}  // namespace arbiter
