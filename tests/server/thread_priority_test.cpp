// The computer's threads run below the server's other threads (server/players/thread_priority.h): read
// back from the kernel for a thread of a real ComputerPool, found by a job that reports its id.
#include <doctest/doctest.h>

#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <future>

#include <boost/asio/io_context.hpp>

#include "server/players/computer_pool.h"
#include "server/players/thread_priority.h"

using namespace arbiter;
using namespace std::chrono_literals;

namespace {

pid_t this_thread_id() { return static_cast<pid_t>(syscall(SYS_gettid)); }

struct Schedule {
  int nice;
  int policy;
};

// The nice value and policy of a thread of the pool, read from outside it while it lives.
Schedule pool_thread_schedule(ThreadPriority priority) {
  boost::asio::io_context io;
  ComputerPool pool(io, 1, 5s, {}, priority);
  std::promise<pid_t> ran;
  pool.submit("g", 1, [&ran](engine::Searcher&, const std::atomic<bool>&) { ran.set_value(this_thread_id()); });
  const pid_t thread = ran.get_future().get();
  errno = 0;
  const int nice = getpriority(PRIO_PROCESS, static_cast<id_t>(thread));
  REQUIRE(errno == 0);
  return {nice, sched_getscheduler(thread)};
}

int own_nice() {
  errno = 0;
  const int nice = getpriority(PRIO_PROCESS, static_cast<id_t>(this_thread_id()));
  REQUIRE(errno == 0);
  return nice;
}

}  // namespace

TEST_CASE("the computer's threads run nicer than the thread that made the pool, by the setting, up to 19") {
  for (int nicer_by : {10, 3}) {
    CAPTURE(nicer_by);
    const Schedule schedule = pool_thread_schedule({nicer_by, false});
    CHECK(schedule.nice == std::min(19, own_nice() + nicer_by));
    CHECK(schedule.policy == SCHED_OTHER);
  }
  CHECK(own_nice() < 19);  // else nothing above showed a thread lowered (the tests run below 19)
}

TEST_CASE("idle: the computer's threads run SCHED_IDLE at nice 19") {
  const Schedule schedule = pool_thread_schedule(*parse_thread_priority("idle"));
  CHECK(schedule.policy == SCHED_IDLE);
  CHECK(schedule.nice == 19);
}

TEST_CASE("--computer-nice reads 0 to 19 or idle, and nothing else") {
  CHECK(parse_thread_priority("0")->nicer_by == 0);
  CHECK(parse_thread_priority("19")->nicer_by == 19);
  CHECK_FALSE(parse_thread_priority("7")->idle);
  CHECK(parse_thread_priority("idle")->idle);
  for (const char* bad : {"", "-1", "20", "ten", "10x", " 10", "IDLE"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_thread_priority(bad));
  }
}
