#pragma once
// An io_context the test runs on its own thread, by hand: rooms, the registry and the lobby post
// their work to it, and the test decides when it runs (the store answers from its own thread).
#include <doctest/doctest.h>

#include <chrono>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

namespace arbiter::testing {

class TestLoop {
 public:
  ~TestLoop() { stop(); }

  boost::asio::io_context& io() { return io_; }

  // Runs handlers until `done()` holds; the bound only keeps a broken test from hanging.
  template <class Done>
  void run_until(Done done) {
    while (!done()) REQUIRE(io_.run_one_for(std::chrono::seconds(20)) > 0);
  }

  // Runs whatever is ready now (what a test checks did not happen).
  void run_ready() {
    io_.restart();
    io_.poll();
  }

  // Lets the loop run dry: what was queued still runs, nothing waits for more work.
  void release() { guard_.reset(); }
  void stop() {
    release();
    io_.stop();
  }

 private:
  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard_ = boost::asio::make_work_guard(io_);
};

}  // namespace arbiter::testing
