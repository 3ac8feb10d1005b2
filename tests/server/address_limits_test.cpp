#include <doctest/doctest.h>

#include <chrono>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "server/limits/address_limits.h"
#include "server/players/computer_admission.h"

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

TEST_CASE("computer games: an address holds its cap in play; one that ends frees its place") {
  auto settings = small();
  settings.computer_games_per_address = 2;
  AddressLimits limits(settings);
  auto first = limits.computer_game("10.0.0.1");
  auto second = limits.computer_game("10.0.0.1");
  REQUIRE(first);
  REQUIRE(second);
  CHECK_FALSE(limits.computer_game("10.0.0.1"));
  CHECK(limits.computer_game("10.0.0.2"));  // another address has its own
  first.reset();
  CHECK(limits.computer_game("10.0.0.1"));

  settings.enabled = false;
  AddressLimits off(settings);
  std::vector<AddressLimits::Lease> many;
  for (int i = 0; i < 10; ++i) {
    auto lease = off.computer_game("10.0.0.1");
    REQUIRE(lease);
    many.push_back(std::move(*lease));
  }
}

TEST_CASE("analyses: one under way per address, and so many started an hour") {
  auto settings = small();
  settings.analyses_per_hour = 2;
  AddressLimits limits(settings);
  const auto now = AddressLimits::Clock::now();
  auto first = limits.analysis("10.0.0.1");
  REQUIRE(first);
  CHECK_FALSE(limits.analysis("10.0.0.1"));
  CHECK(limits.analysis("10.0.0.2"));  // another address has its own
  first.reset();
  CHECK(limits.analysis("10.0.0.1"));
  CHECK_FALSE(limits.analysis_start("10.0.0.1", now));
  CHECK_FALSE(limits.analysis_start("10.0.0.1", now));
  auto wait = limits.analysis_start("10.0.0.1", now);
  REQUIRE(wait);
  CHECK(AddressLimits::retry_seconds(*wait) == 1800);  // half an hour for the next of two an hour
  CHECK_FALSE(limits.analysis_start("10.0.0.1", now + std::chrono::minutes(31)));

  settings.enabled = false;
  AddressLimits off(settings);
  auto a = off.analysis("10.0.0.1"), b = off.analysis("10.0.0.1");
  CHECK((a && b));
  for (int i = 0; i < 10; ++i) CHECK_FALSE(off.analysis_start("10.0.0.1", now));
}

TEST_CASE("computer capacity: a level's load is its budget against a person's move; the pool takes what fits") {
  // Level 8 thinks 1 s against a person's 2 s: a third of a thread.
  CHECK(ComputerCapacity::load_of(8) == ComputerCapacity::kThread / 3);
  for (int level = 2; level <= 8; ++level) CHECK(ComputerCapacity::load_of(level) > ComputerCapacity::load_of(level - 1));

  ComputerCapacity capacity(1);
  std::vector<ComputerCapacity::Share> shares;
  for (int i = 0; i < 3; ++i) {
    auto share = capacity.admit(8);
    REQUIRE(share);
    shares.push_back(std::move(*share));
  }
  CHECK_FALSE(capacity.admit(8));
  CHECK_FALSE(capacity.admit(1));  // full is full, whatever the level
  shares.pop_back();
  CHECK(capacity.admit(8));  // a temporary: given back at once
  auto resumed = capacity.readmit(8);  // a game from before a restart is counted, even past capacity
  shares.push_back(std::move(resumed));
  CHECK(capacity.load() == 3 * ComputerCapacity::load_of(8));
  CHECK_FALSE(capacity.admit(1));
  shares.clear();
  CHECK(capacity.load() == 0);
}

TEST_CASE("computer admission: the address's cap first, then the pool; nothing is held when refused") {
  boost::asio::io_context io;
  ComputerPool pool(io, 1, 5s);
  auto settings = small();
  settings.computer_games_per_address = 1;
  AddressLimits limits(settings);

  auto held = admit_computer(&limits, &pool, "10.0.0.1", 8);
  REQUIRE(std::holds_alternative<ComputerAdmission>(held));
  auto capped = admit_computer(&limits, &pool, "10.0.0.1", 8);
  REQUIRE(std::holds_alternative<ComputerRefusal>(capped));
  CHECK(std::get<ComputerRefusal>(capped).status() == 429);
  CHECK(pool.capacity().load() == ComputerCapacity::load_of(8));  // the refusal took no share

  auto two = admit_computer(&limits, &pool, "10.0.0.2", 8);
  auto three = admit_computer(&limits, &pool, "10.0.0.3", 8);
  REQUIRE(std::holds_alternative<ComputerAdmission>(three));
  auto full = admit_computer(&limits, &pool, "10.0.0.4", 1);
  REQUIRE(std::holds_alternative<ComputerRefusal>(full));
  CHECK(std::get<ComputerRefusal>(full).status() == 503);
  CHECK(std::get<ComputerRefusal>(full).code() == "computer_busy");
  two = ComputerRefusal{ComputerRefusal::Why::PoolFull};  // game two ends: its place and share come back
  CHECK(std::holds_alternative<ComputerAdmission>(admit_computer(&limits, &pool, "10.0.0.4", 1)));  // 10.0.0.4's lease was not kept
}
