#include <doctest/doctest.h>

#include "protocol/events.h"

using namespace arbiter::protocol;
using arbiter::rules::Color;

TEST_CASE("every event survives the store: payload and back") {
  ClockTimes clock{299500, 301000};
  using arbiter::match::EndReason;
  using arbiter::match::Result;
  using arbiter::rules::AnyAnswer;
  for (const Event& event :
       {Event::joined(Color::Black, clock), Event::moved("e7e8q", 12, clock), Event::moved("e2e4", 0, std::nullopt),
        Event::draw_offered(Color::White, std::nullopt), Event::ended(Result::Draw, EndReason::Agreement, clock),
        Event::ended(Result::Aborted, EndReason::Abort, std::nullopt),
        Event::ended(Result::BlackWins, EndReason::KingCaptured, clock),
        Event::tried(Color::Black, "e7e5", 3, true, clock), Event::tried(Color::White, "a1a8", 4, false, std::nullopt),
        Event::asked(Color::White, 4, AnyAnswer::Try, clock), Event::asked(Color::Black, 5, AnyAnswer::No, clock)}) {
    auto payload = event_payload(event);
    CAPTURE(payload);
    auto back = parse_event(type_name(event), payload);
    REQUIRE(back);
    CHECK(*back == event);
  }
}

TEST_CASE("unreadable stored events are refused, not guessed") {
  CHECK_FALSE(parse_event("move", "{}"));
  CHECK_FALSE(parse_event("move", R"({"move":"e2e4"})"));
  CHECK_FALSE(parse_event("joined", R"({"color":"green"})"));
  CHECK_FALSE(parse_event("end", R"({"result":"1-0"})"));
  CHECK_FALSE(parse_event("end", R"({"result":"1-0","reason":"boredom"})"));
  CHECK_FALSE(parse_event("end", R"({"result":"2-0","reason":"resign"})"));
  CHECK_FALSE(parse_event("umpire", R"({"say":"any","by":"white","ply":0,"answer":"maybe"})"));
  CHECK_FALSE(parse_event("umpire", R"({"say":"shout","by":"white","ply":0,"move":"e2e4"})"));
  CHECK_FALSE(parse_event("move", R"({"move":"e2e4","ply":-1})"));
  CHECK_FALSE(parse_event("teleport", "{}"));
  CHECK_FALSE(parse_event("move", "not json"));
  CHECK_FALSE(parse_event("move", R"({"move":"e2e4","ply":0,"clock":{"white":"x"}})"));
  // A clock without a side's time (found by fuzzing: looking the missing key up read past the object).
  CHECK_FALSE(parse_event("move", R"({"move":"e2e4","ply":0,"clock":{"white_ms":1,"black_ms":2}})"));
  CHECK_FALSE(parse_event("move", R"({"move":"e2e4","ply":0,"clock":{"white":1}})"));
}

TEST_CASE("colour names") {
  CHECK(color_name(Color::White) == "white");
  CHECK(parse_color("black") == Color::Black);
  CHECK_FALSE(parse_color("Black"));
}
