// The stored form of events (storage/event_codec.h): every kind round-trips, the form is pinned
// (a change is a schema migration), and anything else is refused rather than guessed.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "storage/event_codec.h"

using namespace arbiter;
using match::ClockTimes;
using match::EndReason;
using match::Event;
using match::Result;
using rules::AnyAnswer;
using rules::Color;
using storage::decode_event;
using storage::encode_event;

namespace {

// Every kind, with and without the fields that may be left out.
std::vector<Event> every_kind() {
  const ClockTimes clock{299500, 301000};
  return {Event::joined(Color::Black, clock, "Bob"), Event::joined(Color::White, std::nullopt),
          Event::moved("e7e8q", 12, clock), Event::moved("e2e4", 0, std::nullopt),
          Event::tried(Color::Black, "e7e5", 3, true, clock), Event::tried(Color::White, "a1a8", 4, false, std::nullopt),
          Event::asked(Color::White, 4, AnyAnswer::Try, clock), Event::asked(Color::Black, 5, AnyAnswer::No, std::nullopt),
          Event::draw_offered(Color::White, std::nullopt), Event::draw_declined(Color::Black, clock),
          Event::takeback_offered(Color::Black, clock), Event::takeback_declined(Color::White, std::nullopt),
          Event::taken_back(Color::White, 2, clock), Event::ended(Result::Draw, EndReason::Agreement, clock),
          Event::ended(Result::Aborted, EndReason::Abort, std::nullopt),
          Event::ended(Result::BlackWins, EndReason::KingCaptured, clock),
          Event::ended(Result::WhiteWins, EndReason::Expired, std::nullopt),
          Event::ended(Result::Ongoing, EndReason::None, std::nullopt), Event::rematch_offered(Color::White),
          Event::rematch_declined(Color::Black), Event::rematched(Color::Black, "g2")};
}

}  // namespace

TEST_CASE("every event kind is stored and read back as itself, each kind under a type of its own") {
  std::set<Event::Kind> kinds;
  std::set<std::string> types;
  for (const Event& event : every_kind()) {
    const auto encoded = encode_event(event);
    CAPTURE(encoded.type);
    CAPTURE(encoded.payload);
    const auto back = decode_event(encoded.type, encoded.payload);
    REQUIRE(back);
    CHECK(*back == event);
    kinds.insert(event.kind);
    types.insert(encoded.type);
  }
  CHECK(kinds.size() == 13);
  CHECK(types.size() == 13);
}

TEST_CASE("the stored form is storage's own, field for field") {
  const ClockTimes clock{1, 2};
  auto form = [](const Event& event) {
    const auto encoded = encode_event(event);
    return encoded.type + " " + encoded.payload;
  };
  CHECK(form(Event::moved("e2e4", 0, clock)) == R"(moved {"clock_ms":[1,2],"move":"e2e4","ply":0})");
  CHECK(form(Event::joined(Color::Black, std::nullopt, "Bob")) == R"(joined {"name":"Bob","side":"black"})");
  CHECK(form(Event::tried(Color::White, "e2e5", 0, false, std::nullopt)) ==
        R"(tried {"accepted":false,"move":"e2e5","ply":0,"side":"white"})");
  CHECK(form(Event::asked(Color::Black, 3, AnyAnswer::Try, std::nullopt)) == R"(asked {"answer":"try","ply":3,"side":"black"})");
  CHECK(form(Event::taken_back(Color::White, 2, std::nullopt)) == R"(taken_back {"plies":2,"side":"white"})");
  CHECK(form(Event::ended(Result::WhiteWins, EndReason::Checkmate, std::nullopt)) ==
        R"(ended {"reason":"checkmate","result":"white_wins"})");
  CHECK(form(Event::rematched(Color::Black, "g2")) == R"(rematched {"game":"g2","side":"black"})");
  CHECK(form(Event::draw_offered(Color::White, std::nullopt)) == R"(draw_offered {"side":"white"})");
}

TEST_CASE("unreadable stored events are refused, not guessed") {
  CHECK_FALSE(decode_event("moved", "{}"));
  CHECK_FALSE(decode_event("moved", R"({"move":"e2e4"})"));
  CHECK_FALSE(decode_event("moved", R"({"move":"e2e4","ply":-1})"));
  CHECK_FALSE(decode_event("moved", R"({"move":"e2e4","ply":0,"uci":"e2e4"})"));  // a field it does not have
  CHECK_FALSE(decode_event("moved", R"({"move":"e2e4","ply":0,"side":"white"})"));
  CHECK_FALSE(decode_event("moved", "not json"));
  CHECK_FALSE(decode_event("moved", "[]"));
  CHECK_FALSE(decode_event("moved", R"({"move":"e2e4","ply":0,"clock_ms":[1]})"));
  CHECK_FALSE(decode_event("moved", R"({"move":"e2e4","ply":0,"clock_ms":[1,"x"]})"));
  CHECK_FALSE(decode_event("moved", R"({"move":"e2e4","ply":0,"clock_ms":{"white":1,"black":2}})"));
  CHECK_FALSE(decode_event("joined", R"({"side":"green"})"));
  CHECK_FALSE(decode_event("joined", R"({"side":"white","name":""})"));
  CHECK_FALSE(decode_event("ended", R"({"result":"white_wins"})"));
  CHECK_FALSE(decode_event("ended", R"({"result":"white_wins","reason":"boredom"})"));
  CHECK_FALSE(decode_event("ended", R"({"result":"1-0","reason":"resign"})"));
  CHECK_FALSE(decode_event("tried", R"({"side":"white","move":"e2e4","ply":0,"accepted":"yes"})"));
  CHECK_FALSE(decode_event("asked", R"({"side":"white","ply":0,"answer":"maybe"})"));
  CHECK_FALSE(decode_event("taken_back", R"({"side":"white","plies":0})"));
  CHECK_FALSE(decode_event("rematched", R"({"side":"white","game":""})"));
  // The wire's names are not the stored form.
  CHECK_FALSE(decode_event("move", R"({"move":"e2e4","ply":0})"));
  CHECK_FALSE(decode_event("umpire", R"({"say":"moved","by":"white","ply":0,"move":"e2e4"})"));
  CHECK_FALSE(decode_event("teleport", "{}"));
}
