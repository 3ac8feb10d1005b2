#pragma once
// A SQLite file of the test's own under /tmp, with its WAL and shared-memory files removed before
// and after: every test that opens a real store starts from nothing and leaves nothing.
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <random>
#include <string>
#include <string_view>

namespace arbiter::testing {

class TempDatabase {
 public:
  explicit TempDatabase(std::string_view name = "test") {
    static std::atomic<int> counter{0};
    path_ = "/tmp/arbiter_" + std::string(name) + "_" + std::to_string(getpid()) + "_" + std::to_string(counter++) +
            "_" + std::to_string(std::random_device{}()) + ".db";
    remove();
  }
  ~TempDatabase() { remove(); }
  TempDatabase(const TempDatabase&) = delete;
  TempDatabase& operator=(const TempDatabase&) = delete;

  const std::string& path() const { return path_; }

 private:
  void remove() {
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path_ + suffix).c_str());
  }
  std::string path_;
};

}  // namespace arbiter::testing
