// The hand-over of the store's answers to the rooms' strands (server/rooms/commit_handoff.h): each
// task runs once, on its strand, in the order handed over, whatever thread hands it over; its
// owner lives until it has run; after shutdown nothing runs and the owners are let go.
#include <doctest/doctest.h>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include "server/rooms/commit_handoff.h"

using namespace arbiter;

TEST_CASE("tasks handed over from another thread run on their strands, in order, each once") {
  boost::asio::io_context io;
  auto& handoff = boost::asio::use_service<CommitHandoff>(io);
  constexpr int kStrands = 8, kTasks = 2000;
  std::vector<CommitHandoff::Strand> strands;
  for (int i = 0; i < kStrands; ++i) strands.push_back(boost::asio::make_strand(io));
  std::vector<std::vector<int>> seen(kStrands);  // each written only on its own strand
  std::atomic<int> off_strand = 0;
  auto owner = std::make_shared<int>(0);
  std::thread writer([&] {  // as the store's writer thread does
    for (int task = 0; task < kTasks; ++task) {
      const int s = task % kStrands;
      handoff.post(strands[s], [&, s, task] {
        if (!strands[s].running_in_this_thread()) ++off_strand;
        seen[s].push_back(task);
      }, owner);
    }
  });
  auto work = boost::asio::make_work_guard(io);
  std::thread second([&] { io.run(); });
  writer.join();
  work.reset();
  io.run();
  second.join();
  CHECK(off_strand == 0);
  for (int s = 0; s < kStrands; ++s) {
    REQUIRE(seen[s].size() == kTasks / kStrands);
    for (std::size_t i = 0; i < seen[s].size(); ++i) CHECK(seen[s][i] == s + static_cast<int>(i) * kStrands);
  }
  CHECK(owner.use_count() == 1);  // every task's hold let go
}

TEST_CASE("once the io_context shuts down, tasks waiting or handed over later are dropped with their owners, not run") {
  struct Context : boost::asio::io_context {
    using boost::asio::io_context::shutdown;  // as `serve` does before closing the store
  } io;
  auto& handoff = boost::asio::use_service<CommitHandoff>(io);
  auto strand = boost::asio::make_strand(io);
  auto owner = std::make_shared<int>(0);
  bool ran = false;
  handoff.post(strand, [&] { ran = true; }, owner);  // waiting: nothing runs the io_context
  CHECK(owner.use_count() == 2);
  io.shutdown();
  CHECK(owner.use_count() == 1);
  handoff.post(strand, [&] { ran = true; }, owner);  // the store answering after the network stopped
  CHECK(owner.use_count() == 1);
  CHECK_FALSE(ran);
}
