// The sockets' write queue (server/rooms/fifo.h) against std::deque: the same elements in the same
// order through any mix of pushes, pops and drops; a popped element is let go at once.
#include <doctest/doctest.h>

#include <deque>
#include <memory>
#include <random>

#include "server/rooms/fifo.h"

using namespace arbiter;

TEST_CASE("a Fifo holds what a deque holds, in order, through random pushes, pops and drops") {
  std::mt19937 random(19);
  Fifo<int> fifo;
  std::deque<int> reference;
  int next = 0;
  for (int step = 0; step < 200'000; ++step) {
    const auto roll = random() % 100;
    if (roll < 55) {
      fifo.push_back(next);
      reference.push_back(next++);
    } else if (roll < 99) {
      if (reference.empty()) continue;
      REQUIRE(fifo.front() == reference.front());
      fifo.pop_front();
      reference.pop_front();
    } else {
      const std::size_t kept = reference.empty() ? 0 : random() % 2;
      fifo.keep_first(kept);
      reference.resize(std::min(kept, reference.size()));
    }
    REQUIRE(fifo.size() == reference.size());
    REQUIRE(fifo.empty() == reference.empty());
    if (!reference.empty()) REQUIRE(fifo.front() == reference.front());
  }
  CHECK(next > 100'000);
}

TEST_CASE("a popped or dropped element is let go at once") {
  auto first = std::make_shared<int>(1), second = std::make_shared<int>(2), third = std::make_shared<int>(3);
  Fifo<std::shared_ptr<int>> fifo;
  fifo.push_back(first);
  fifo.push_back(second);
  fifo.push_back(third);
  fifo.pop_front();
  CHECK(first.use_count() == 1);
  fifo.keep_first(1);
  CHECK(third.use_count() == 1);
  CHECK(second.use_count() == 2);
  CHECK(*fifo.front() == 2);
}
