#pragma once
// For the Lobby and Api tests: a real store on a temporary file, a real Registry over it, and the
// io_context run on the test's thread until what a test waits for has come.
#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <memory>


#include "server/limits/address_limits.h"
#include "server/rooms/registry.h"
#include "storage/store.h"
#include "tests/support/temp_database.h"
#include "test_loop.h"

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
  RegistryHarness() : store_(storage::Store::open(file_.path())), registry_(loop_.io(), *store_) { registry_.restore(); }
  ~RegistryHarness() {
    loop_.stop();
    store_->close();
  }

  storage::Store& store() { return *store_; }
  Registry& registry() { return registry_; }
  boost::asio::io_context& io() { return loop_.io(); }

  template <class Done>
  void run_until(Done done) { loop_.run_until(done); }
  void run_ready() { loop_.run_ready(); }

 private:
  testing::TempDatabase file_;
  std::unique_ptr<storage::Store> store_;
  testing::TestLoop loop_;
  Registry registry_;
};

}  // namespace arbiter::served_test
