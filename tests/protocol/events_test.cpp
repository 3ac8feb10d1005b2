#include <doctest/doctest.h>

#include "protocol/events.h"

using namespace arbiter::protocol;
using arbiter::rules::Color;

TEST_CASE("the wire's event names: a hidden game's try and question are both the umpire's") {
  using arbiter::match::EndReason;
  using arbiter::match::Result;
  CHECK(type_name(arbiter::match::Joined{Color::Black, "", std::nullopt}) == "joined");
  CHECK(type_name(arbiter::match::Moved{"e2e4", 0, std::nullopt}) == "move");
  CHECK(type_name(arbiter::match::DrawOffered{Color::White, std::nullopt}) == "draw_offer");
  CHECK(type_name(arbiter::match::TakenBack{Color::White, 1, std::nullopt}) == "takeback");
  CHECK(type_name(arbiter::match::Ended{Result::Draw, EndReason::Agreement, std::nullopt}) == "end");
  CHECK(type_name(arbiter::match::Rematched{Color::White, "g2", std::nullopt}) == "rematch");
  CHECK(type_name(arbiter::match::Tried{Color::White, "e2e4", 0, true, std::nullopt}) == "umpire");
  CHECK(type_name(arbiter::match::Asked{Color::White, 0, arbiter::rules::AnyAnswer::No, std::nullopt}) == "umpire");
}

TEST_CASE("colour names") {
  CHECK(color_name(Color::White) == "white");
  CHECK(parse_color("black") == Color::Black);
  CHECK_FALSE(parse_color("Black"));
}
