// The parts of taking a seek that need no connection: Matches (server/lobby/matches.h) and the
// rules of seek_taking.h.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "server/lobby/matches.h"
#include "server/lobby/seek_taking.h"
#include "server/rooms/security.h"

using namespace arbiter;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

const std::string kTakerSecret(32, 't'), kCreatorSecret(32, 'c');

Match being_stored(std::chrono::steady_clock::time_point at) {
  return {"", "white", security::sha256_hex(kCreatorSecret), at, "black", security::sha256_hex(kTakerSecret), {}};
}

}  // namespace

TEST_CASE("Matches: a taker asking again waits while its game is stored, then is told it with its secret") {
  Matches matches;
  const auto now = std::chrono::steady_clock::now();
  matches.record("s1", being_stored(now));
  CHECK(matches.contains("s1"));
  const auto waits = matches.taker_repeat("s1", security::sha256_hex(kTakerSecret), 7, kTakerSecret);
  CHECK(waits.kind == Matches::Repeat::Kind::Waiting);
  CHECK(matches.creator_repeat("s1", security::sha256_hex(kCreatorSecret), 8).kind == Matches::Repeat::Kind::Waiting);

  const Match stored = matches.stored("s1", "g1", now);
  REQUIRE(stored.waiting.size() == 2);
  CHECK(stored.waiting[0] == std::pair<std::uint64_t, std::string>{7, kTakerSecret});
  CHECK(stored.waiting[1] == std::pair<std::uint64_t, std::string>{8, ""});

  const auto repeat = matches.taker_repeat("s1", security::sha256_hex(kTakerSecret), 9, kTakerSecret);
  REQUIRE(repeat.kind == Matches::Repeat::Kind::Matched);
  CHECK(json::parse(repeat.message) == json{{"t", "matched"}, {"game", "g1"}, {"color", "black"}, {"token", kTakerSecret}});
  const auto creator = matches.creator_repeat("s1", security::sha256_hex(kCreatorSecret), 9);
  REQUIRE(creator.kind == Matches::Repeat::Kind::Matched);
  CHECK(json::parse(creator.message) == json{{"t", "matched"}, {"game", "g1"}, {"color", "white"}, {"seek", "s1"}});
}

TEST_CASE("Matches: another secret, or the creator's as a taker's, finds nothing and waits for nothing") {
  Matches matches;
  matches.record("s1", being_stored(std::chrono::steady_clock::now()));
  CHECK(matches.taker_repeat("s1", security::sha256_hex(std::string(32, 'x')), 7, std::string(32, 'x')).kind ==
        Matches::Repeat::Kind::NotFound);
  CHECK(matches.taker_repeat("s1", security::sha256_hex(kCreatorSecret), 7, kCreatorSecret).kind ==
        Matches::Repeat::Kind::NotFound);
  CHECK(matches.creator_repeat("s1", security::sha256_hex(kTakerSecret), 7).kind == Matches::Repeat::Kind::NotFound);
  CHECK(matches.taker_repeat("s2", security::sha256_hex(kTakerSecret), 7, kTakerSecret).kind == Matches::Repeat::Kind::NotFound);
  CHECK(matches.stored("s1", "g1", std::chrono::steady_clock::now()).waiting.empty());
}

TEST_CASE("Matches: a take that came to nothing is dropped with its waiters") {
  Matches matches;
  matches.record("s1", being_stored(std::chrono::steady_clock::now()));
  matches.taker_repeat("s1", security::sha256_hex(kTakerSecret), 7, kTakerSecret);
  const Match lost = matches.drop("s1");
  CHECK(lost.waiting.size() == 1);
  CHECK_FALSE(matches.contains("s1"));
  CHECK(matches.drop("s1").waiting.empty());
}

TEST_CASE("Matches: stored games are remembered a while; those being stored until they are") {
  Matches matches;
  const auto start = std::chrono::steady_clock::now();
  matches.record("stored", being_stored(start));
  matches.stored("stored", "g1", start);
  matches.record("storing", being_stored(start));
  matches.forget_older(start + 60s, 60s);
  CHECK(matches.size() == 2);
  matches.forget_older(start + 60s + 1ms, 60s);
  CHECK_FALSE(matches.contains("stored"));
  CHECK(matches.contains("storing"));
}

TEST_CASE("own_seek: the creator's connection, or another socket of its browser; never another browser") {
  OpenSeek seek;
  seek.owner = 3;
  seek.browser = "ann-browser";
  CHECK(own_seek(seek, 3, ""));
  CHECK(own_seek(seek, 4, "ann-browser"));
  CHECK_FALSE(own_seek(seek, 4, "bob-browser"));
  CHECK_FALSE(own_seek(seek, 4, ""));
  seek.browser = "";  // a creator without a browser id: only its connection
  CHECK_FALSE(own_seek(seek, 4, ""));
}

TEST_CASE("paired_seats: the creator in its colour with its name, the taker across with its own") {
  OpenSeek seek;
  seek.creator_hash = security::sha256_hex(kCreatorSecret);
  seek.seek.game.name = "Ann";
  const Taker taker{5, kTakerSecret, security::sha256_hex(kTakerSecret), "Bob"};
  const auto seats = paired_seats(seek, "black", taker);
  REQUIRE(seats.size() == 2);
  CHECK(seats[0].color == "black");
  CHECK(seats[0].token_hash == seek.creator_hash);
  CHECK(seats[0].name == "Ann");
  CHECK(seats[1].color == "white");
  CHECK(seats[1].token_hash == taker.hash);
  CHECK(seats[1].name == "Bob");
}

TEST_CASE("charge_taker: the address's creation budget pays; once spent, a rate_limited error with its wait") {
  AddressLimitSettings settings;
  settings.create_burst = 1;
  settings.creates_per_minute = 1;
  AddressLimits limits(settings);
  const auto now = std::chrono::steady_clock::now();
  CHECK_FALSE(charge_taker(limits, "198.51.100.7", now));
  const auto refused = charge_taker(limits, "198.51.100.7", now);
  REQUIRE(refused);
  const json error = json::parse(*refused);
  CHECK(error["code"] == "rate_limited");
  CHECK(error["retry_after_s"] == 60);
  CHECK_FALSE(charge_taker(limits, "192.0.2.9", now));
  CHECK_FALSE(charge_taker(limits, "198.51.100.7", now + 60s));
}
