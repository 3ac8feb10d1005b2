#include <doctest/doctest.h>

#include <chrono>
#include <thread>
#include <vector>

#include "server/address_limits.h"

using namespace arbiter;
using namespace std::chrono_literals;
using Verdict = AddressLimits::Connection::Verdict;

namespace {

AddressLimitSettings small() {
  AddressLimitSettings settings;
  settings.connections_per_address = 2;
  settings.spectators_per_game = 1;
  settings.creates_per_minute = 60;  // one a second
  settings.create_burst = 2;
  settings.messages_per_second = 10;
  settings.message_burst = 3;
  settings.seat_messages_per_second = 10;
  settings.seat_message_burst = 2;
  return settings;
}

}  // namespace

TEST_CASE("connections: an address gets its cap, then refusals for a while, then nothing") {
  AddressLimits limits(small());
  std::vector<AddressLimits::Connection> held;
  for (int i = 0; i < 2; ++i) {
    held.push_back(limits.connect("10.0.0.1"));
    CHECK(held.back().verdict == Verdict::Admit);
  }
  for (std::size_t i = 0; i < AddressLimits::kRefusalsInFlight; ++i) {
    held.push_back(limits.connect("10.0.0.1"));
    CHECK(held.back().verdict == Verdict::Refuse);
  }
  CHECK(limits.connect("10.0.0.1").verdict == Verdict::Drop);
  CHECK(limits.connect("10.0.0.2").verdict == Verdict::Admit);  // others are not affected
  // Refused connections count while open; once they and one admitted one end, there is room.
  held.resize(1);
  CHECK(limits.connect("10.0.0.1").verdict == Verdict::Admit);
}

TEST_CASE("spectators are counted per game and address") {
  AddressLimits limits(small());
  auto first = limits.watch("game1", "10.0.0.1");
  REQUIRE(first);
  CHECK_FALSE(limits.watch("game1", "10.0.0.1"));
  CHECK(limits.watch("game2", "10.0.0.1"));
  CHECK(limits.watch("game1", "10.0.0.2"));
  first.reset();
  CHECK(limits.watch("game1", "10.0.0.1"));
}

TEST_CASE("creations: a burst, then the wait until the next token") {
  AddressLimits limits(small());
  auto now = AddressLimits::Clock::now();
  CHECK_FALSE(limits.create("10.0.0.1", now));
  CHECK_FALSE(limits.create("10.0.0.1", now));
  auto wait = limits.create("10.0.0.1", now);
  REQUIRE(wait);
  CHECK(*wait > 900ms);
  CHECK(*wait <= 1s);
  CHECK_FALSE(limits.create("10.0.0.2", now));
  CHECK(limits.create("10.0.0.1", now + 500ms));
  CHECK_FALSE(limits.create("10.0.0.1", now + 1s));
}

TEST_CASE("messages: per seat across connections, and per address") {
  AddressLimits limits(small());
  auto now = AddressLimits::Clock::now();
  // One seat from two addresses: the seat's burst of 2 is shared.
  CHECK(limits.message("10.0.0.1", "game white", now));
  CHECK(limits.message("10.0.0.2", "game white", now));
  CHECK_FALSE(limits.message("10.0.0.3", "game white", now));
  CHECK(limits.message("10.0.0.3", "game black", now));
  // A spectator address: its own burst of 3.
  CHECK(limits.message("10.0.0.9", "", now));
  CHECK(limits.message("10.0.0.9", "", now));
  CHECK(limits.message("10.0.0.9", "", now));
  CHECK_FALSE(limits.message("10.0.0.9", "", now));
  CHECK(limits.message("10.0.0.9", "", now + 100ms));
}

TEST_CASE("with address limits off only the seat's rate applies") {
  auto settings = small();
  settings.enabled = false;
  AddressLimits limits(settings);
  std::vector<AddressLimits::Connection> held;
  for (int i = 0; i < 100; ++i) held.push_back(limits.connect("10.0.0.1"));
  for (const auto& connection : held) CHECK(connection.verdict == Verdict::Admit);
  auto now = AddressLimits::Clock::now();
  for (int i = 0; i < 100; ++i) CHECK_FALSE(limits.create("10.0.0.1", now));
  for (int i = 0; i < 100; ++i) CHECK(limits.message("10.0.0.1", "", now));
  CHECK(limits.message("10.0.0.1", "game white", now));
  CHECK(limits.message("10.0.0.1", "game white", now));
  CHECK_FALSE(limits.message("10.0.0.1", "game white", now));
}

TEST_CASE("full buckets are forgotten, so the map holds only recent addresses") {
  KeyedBuckets buckets(1000, 1);
  auto now = KeyedBuckets::Clock::now();
  for (int i = 0; i < 5000; ++i) buckets.take("10.0." + std::to_string(i / 256) + "." + std::to_string(i % 256), now);
  CHECK(buckets.size() == 5000);  // the sweep at the 4096th take found none full yet
  buckets.take("later", now + 1s);
  for (int i = 0; i < 4095; ++i) buckets.take("later", now + 1s);
  CHECK(buckets.size() == 1);
}

TEST_CASE("the bookkeeping holds under threads") {
  AddressLimitSettings settings;
  settings.connections_per_address = 1000;
  AddressLimits limits(settings);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 10000; ++i) {
        auto connection = limits.connect("10.0.0.1");
        CHECK(connection.verdict == Verdict::Admit);
      }
    });
  for (auto& thread : threads) thread.join();
  std::vector<AddressLimits::Connection> held;
  for (int i = 0; i < 1000; ++i) held.push_back(limits.connect("10.0.0.1"));
  CHECK(held.back().verdict == Verdict::Admit);
  CHECK(limits.connect("10.0.0.1").verdict == Verdict::Refuse);
}
