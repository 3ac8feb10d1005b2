// The analyses' queue (server/players/fair_queue.h): addresses take turns, so that one with many games
// waiting cannot hold another's single game behind all of its own.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "server/players/fair_queue.h"

using namespace arbiter;

namespace {

std::vector<std::string> drain(FairQueue<std::string>& queue) {
  std::vector<std::string> served;
  while (!queue.empty()) served.push_back(queue.pop());
  return served;
}

}  // namespace

TEST_CASE("addresses take turns: one item each, in the order they came, each address's own in order") {
  FairQueue<std::string> queue;
  for (const char* game : {"a1", "a2", "a3", "a4"}) queue.push("A", game);
  queue.push("B", "b1");
  queue.push("C", "c1");
  queue.push("B", "b2");
  CHECK(queue.size() == 7);
  CHECK(drain(queue) == std::vector<std::string>{"a1", "b1", "c1", "a2", "b2", "a3", "a4"});
  CHECK(queue.size() == 0);
}

TEST_CASE("a newcomer waits behind at most one item of each address already waiting") {
  FairQueue<std::string> queue;
  for (int i = 0; i < 100; ++i) queue.push("flooder", "f" + std::to_string(i));
  CHECK(queue.pop() == "f0");
  queue.push("newcomer", "n");
  CHECK(queue.pop() == "f1");
  CHECK(queue.pop() == "n");
  CHECK(queue.size() == 98);
}

TEST_CASE("an address served to the end comes back at the back of the turns") {
  FairQueue<std::string> queue;
  queue.push("A", "a1");
  queue.push("B", "b1");
  queue.push("B", "b2");
  CHECK(queue.pop() == "a1");
  queue.push("A", "a2");  // A had nothing waiting: behind B, which still has b1 and b2
  CHECK(drain(queue) == std::vector<std::string>{"b1", "a2", "b2"});
}

TEST_CASE("take_all empties the queue and gives back every item") {
  FairQueue<std::string> queue;
  queue.push("A", "a1");
  queue.push("A", "a2");
  queue.push("B", "b1");
  auto items = queue.take_all();
  std::sort(items.begin(), items.end());
  CHECK(items == std::vector<std::string>{"a1", "a2", "b1"});
  CHECK(queue.empty());
  queue.push("C", "c1");
  CHECK(drain(queue) == std::vector<std::string>{"c1"});
}
