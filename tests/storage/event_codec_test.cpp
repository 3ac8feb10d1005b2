// The stored form of events (storage/event_codec.h): every kind round-trips, the form is pinned
// (a change is a schema migration), and anything else is refused rather than guessed.
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

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
  return {match::Joined{Color::Black, "Bob", clock}, match::Joined{Color::White, "", std::nullopt},
          match::Moved{"e7e8q", 12, clock}, match::Moved{"e2e4", 0, std::nullopt},
          match::Tried{Color::Black, "e7e5", 3, true, clock}, match::Tried{Color::White, "a1a8", 4, false, std::nullopt},
          match::Asked{Color::White, 4, AnyAnswer::Try, clock}, match::Asked{Color::Black, 5, AnyAnswer::No, std::nullopt},
          match::DrawOffered{Color::White, std::nullopt}, match::DrawDeclined{Color::Black, clock},
          match::TakebackOffered{Color::Black, clock}, match::TakebackDeclined{Color::White, std::nullopt},
          match::TakenBack{Color::White, 2, clock}, match::Ended{Result::Draw, EndReason::Agreement, clock},
          match::Ended{Result::Aborted, EndReason::Abort, std::nullopt},
          match::Ended{Result::BlackWins, EndReason::KingCaptured, clock},
          match::Ended{Result::WhiteWins, EndReason::Expired, std::nullopt},
          match::Ended{Result::Aborted, EndReason::Deserted, std::nullopt},
          match::Ended{Result::Ongoing, EndReason::None, std::nullopt}, match::RematchOffered{Color::White, std::nullopt},
          match::RematchDeclined{Color::Black, std::nullopt}, match::Rematched{Color::Black, "g2", std::nullopt},
          match::RematchOffered{Color::Black, clock}};  // every kind may carry a clock as stored
}

}  // namespace

TEST_CASE("every event kind is stored and read back as itself, each kind under a type of its own") {
  std::set<std::size_t> kinds;
  std::set<std::string> types;
  for (const Event& event : every_kind()) {
    const auto encoded = encode_event(event);
    CAPTURE(encoded.type);
    CAPTURE(encoded.payload);
    const auto back = decode_event(encoded.type, encoded.payload);
    REQUIRE(back);
    CHECK(*back == event);
    kinds.insert(event.index());
    types.insert(encoded.type);
  }
  CHECK(kinds.size() == std::variant_size_v<Event>);
  CHECK(types.size() == std::variant_size_v<Event>);
}

TEST_CASE("the stored form is storage's own, field for field") {
  const ClockTimes clock{1, 2};
  auto form = [](const Event& event) {
    const auto encoded = encode_event(event);
    return encoded.type + " " + encoded.payload;
  };
  CHECK(form(match::Moved{"e2e4", 0, clock}) == R"(moved {"clock_ms":[1,2],"move":"e2e4","ply":0})");
  CHECK(form(match::Joined{Color::Black, "Bob", std::nullopt}) == R"(joined {"name":"Bob","side":"black"})");
  CHECK(form(match::Tried{Color::White, "e2e5", 0, false, std::nullopt}) ==
        R"(tried {"accepted":false,"move":"e2e5","ply":0,"side":"white"})");
  CHECK(form(match::Asked{Color::Black, 3, AnyAnswer::Try, std::nullopt}) == R"(asked {"answer":"try","ply":3,"side":"black"})");
  CHECK(form(match::TakenBack{Color::White, 2, std::nullopt}) == R"(taken_back {"plies":2,"side":"white"})");
  CHECK(form(match::Ended{Result::WhiteWins, EndReason::Checkmate, std::nullopt}) ==
        R"(ended {"reason":"checkmate","result":"white_wins"})");
  CHECK(form(match::Rematched{Color::Black, "g2", std::nullopt}) == R"(rematched {"game":"g2","side":"black"})");
  CHECK(form(match::DrawOffered{Color::White, std::nullopt}) == R"(draw_offered {"side":"white"})");
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

TEST_CASE("a move's stored text is what its JSON tree dumps, whatever its move text, ply and clocks") {
  // The reference: the move's fields as a tree, dumped as every other kind is.
  auto tree_form = [](const match::Moved& moved) {
    nlohmann::json out = nlohmann::json::object();
    out["move"] = moved.move;
    out["ply"] = moved.ply;
    if (moved.clock) out["clock_ms"] = nlohmann::json::array({moved.clock->white_ms, moved.clock->black_ms});
    return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  std::vector<std::string> moves{"e2e4", "e7e8q", "P@e4", "a10a9", "", " ", "~", "e2\"e4", "a\\b", "x/y", "\n",
                                 std::string(1, '\0'), "\x1f", "\x7f", "\xc3\xa9", "\xff", "\xc3"};
  std::mt19937 random(19);
  for (int i = 0; i < 2000; ++i) {  // short strings of any bytes, printable ones more often
    std::string move(random() % 7, ' ');
    for (char& c : move) c = static_cast<char>(random() % 4 ? ' ' + random() % 95 : random() % 256);
    moves.push_back(move);
  }
  constexpr auto low = std::numeric_limits<std::int64_t>::min(), high = std::numeric_limits<std::int64_t>::max();
  const std::vector<std::optional<ClockTimes>> clocks{std::nullopt, ClockTimes{0, 0}, ClockTimes{299500, 301000},
                                                      ClockTimes{-1, 7}, ClockTimes{low, high}};
  const std::vector<int> plies{0, 1, 12345, std::numeric_limits<int>::max()};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const match::Moved moved{moves[i], plies[i % plies.size()], clocks[i % clocks.size()]};
    const auto encoded = encode_event(moved);
    CAPTURE(moved.move);
    CHECK(encoded.type == "moved");
    CHECK(encoded.payload == tree_form(moved));
  }
}
