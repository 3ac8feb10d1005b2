#pragma once
// For the Lobby and Api tests: a real store on a temporary file, a real Registry over it, and the
// io_context run on the test's thread until what a test waits for has come.
#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <memory>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "server/limits/address_limits.h"
#include "server/rooms/registry.h"
#include "storage/store.h"
#include "tests/support/temp_database.h"

namespace arbiter::served_test {

// Time that moves only when the test moves it (for LobbyNow and the limits' buckets).
class HandClock {
 public:
  std::chrono::steady_clock::time_point now() const { return now_; }
  void advance(std::chrono::steady_clock::duration by) { now_ += by; }
  // Set before any caller reads it; read from any thread while the test does not move it.
  std::function<std::chrono::steady_clock::time_point()> reader() const {
    return [this] { return now_; };
  }

 private:
  std::chrono::steady_clock::time_point now_ = std::chrono::steady_clock::now();
};

// Limits for one test: as served, but with `creates` and `joins` in a burst and then none
// refilled while a test runs (a tenth of one an hour).
inline AddressLimitSettings tight_limits(double creates, double joins) {
  AddressLimitSettings settings;
  settings.create_burst = creates;
  settings.creates_per_minute = 1.0 / 600;
  settings.join_burst = joins;
  settings.joins_per_minute = 1.0 / 600;
  return settings;
}

class RegistryHarness {
 public:
  RegistryHarness() : store_(storage::Store::open(file_.path())), registry_(io_, *store_) { registry_.restore(); }
  ~RegistryHarness() {
    guard_.reset();
    io_.stop();
    store_->close();
  }

  storage::Store& store() { return *store_; }
  Registry& registry() { return registry_; }
  boost::asio::io_context& io() { return io_; }

  // Runs the io_context's handlers on this thread until `done()` holds. The store answers from
  // its own thread; the bound only keeps a broken test from hanging.
  template <class Done>
  void run_until(Done done) {
    while (!done()) REQUIRE(io_.run_one_for(std::chrono::seconds(20)) > 0);
  }

  // Runs whatever is ready now (what a test checks did not happen).
  void run_ready() {
    io_.restart();
    io_.poll();
  }

 private:
  testing::TempDatabase file_;
  std::unique_ptr<storage::Store> store_;
  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard_ = boost::asio::make_work_guard(io_);
  Registry registry_;
};

}  // namespace arbiter::served_test
