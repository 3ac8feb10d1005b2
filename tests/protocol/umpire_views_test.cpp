// Kriegspiel's views: umpire events stored and read back, what each viewer hears of them, the
// state a player reconnects to, and the PGN's comments.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/pgn.h"
#include "protocol/views.h"

using namespace arbiter;
using namespace arbiter::protocol;
using nlohmann::json;

namespace {

constexpr rules::Color White = rules::Color::White, Black = rules::Color::Black;

rules::Umpire fresh_umpire() { return rules::Umpire(rules::Position::start(*rules::find_variant("kriegspiel"))); }

GameSnapshot snapshot_of(const rules::Umpire& umpire, std::string_view status = "playing") {
  GameSnapshot snapshot;
  snapshot.id = "k1";
  snapshot.game = &umpire.game();
  snapshot.umpire = &umpire;
  snapshot.status = status;
  snapshot.result = "*";
  snapshot.v = 1 + static_cast<std::int64_t>(umpire.record().size());
  return snapshot;
}

}  // namespace

TEST_CASE("umpire events are stored and read back") {
  for (const Event& event : {Event::umpire("moved", White, "e2e4", 0, "", ClockTimes{1000, 2000}),
                             Event::umpire("illegal", Black, "d7e6", 1, "", std::nullopt),
                             Event::umpire("any", White, "", 2, "try", std::nullopt)}) {
    auto read = parse_event("umpire", event_payload(event));
    REQUIRE(read.has_value());
    CHECK(*read == event);
  }
  CHECK_FALSE(parse_event("umpire", R"({"say":"maybe","by":"white","ply":0,"move":"e2e4"})"));
  CHECK_FALSE(parse_event("umpire", R"({"say":"any","by":"white","ply":0})"));
  CHECK_FALSE(parse_event("umpire", R"({"say":"moved","by":"green","ply":0,"move":"e2e4"})"));
}

TEST_CASE("each viewer hears an umpire event as the rules allow") {
  auto umpire = fresh_umpire();
  REQUIRE(umpire.try_move(White, "e2e4").verdict == rules::TryResult::Verdict::Moved);
  REQUIRE(umpire.try_move(Black, "d7d5").verdict == rules::TryResult::Verdict::Moved);
  REQUIRE(umpire.try_move(White, "e4d5").verdict == rules::TryResult::Verdict::Moved);
  auto snapshot = snapshot_of(umpire);
  auto event = Event::umpire("moved", White, "e4d5", 2, "", std::nullopt);

  auto to_white = event_message(event, snapshot, Viewer::White);
  CHECK(to_white["t"] == "umpire");
  CHECK(to_white["capture"] == "d5");
  CHECK(to_white["check"] == json::array());
  CHECK(to_white["move"] == "e4d5");
  CHECK(to_white["fen"] == "8/8/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQ - 0 2");
  CHECK_FALSE(to_white.contains("legal"));

  auto to_black = event_message(event, snapshot, Viewer::Black);
  CHECK_FALSE(to_black.contains("move"));
  CHECK(to_black["fen"] == "rnbqkbnr/ppp1pppp/8/8/8/8/8/8 b kq - 0 2");  // a man of Black's was taken
  CHECK(to_black["legal"].size() > 0);

  auto to_spectator = event_message(event, snapshot, Viewer::Spectator);
  CHECK(to_spectator == json{{"t", "umpire"}, {"v", snapshot.v}, {"say", "moved"}, {"by", "white"},
                             {"capture", "d5"}, {"check", json::array()}, {"clock", nullptr}});

  // A quiet move: the other player's board has not changed, so it is not sent.
  REQUIRE(umpire.try_move(Black, "g8f6").verdict == rules::TryResult::Verdict::Moved);
  CHECK_FALSE(event_message(Event::umpire("moved", Black, "g8f6", 3, "", std::nullopt), snapshot_of(umpire), Viewer::White)
                  .contains("fen"));
}

TEST_CASE("a player's state: own board, own moves, what they heard; everything after the end") {
  auto umpire = fresh_umpire();
  REQUIRE(umpire.try_move(White, "e2e4").verdict == rules::TryResult::Verdict::Moved);
  REQUIRE(umpire.try_move(Black, "d7e6").verdict == rules::TryResult::Verdict::Illegal);
  REQUIRE(umpire.ask_any(Black).ok());
  auto state = state_message(snapshot_of(umpire), Viewer::Black);
  CHECK(state["fen"] == "rnbqkbnr/pppppppp/8/8/8/8/8/8 b kq - 0 1");
  CHECK(state["moves"] == json::array());
  CHECK(state["turn"] == "black");
  CHECK(state["ply"] == 1);
  CHECK(state["umpire"] == json::array({
                               {{"say", "moved"}, {"by", "white"}, {"capture", nullptr}, {"check", json::array()}},
                               {{"say", "illegal"}, {"by", "black"}, {"move", "d7e6"}},
                               {{"say", "any"}, {"by", "black"}, {"answer", "no"}},
                           }));
  auto white = state_message(snapshot_of(umpire), Viewer::White);
  CHECK(white["umpire"][0]["move"] == "e2e4");
  CHECK_FALSE(white["umpire"][1].contains("move"));
  CHECK(white["legal"] == json::array());

  auto finished = snapshot_of(umpire, "finished");
  auto spectator = state_message(finished, Viewer::Spectator);
  CHECK(spectator["fen"] == umpire.game().position().fen());
  CHECK(spectator["umpire"][1]["move"] == "d7e6");
  auto end = event_message(Event::end("1-0", "resign", std::nullopt), finished, Viewer::Spectator);
  CHECK(end["moves"] == json::array({"e2e4"}));
  CHECK(end["tries"] == spectator["umpire"]);
}

TEST_CASE("a Kriegspiel PGN holds the umpire's words in comments") {
  auto umpire = fresh_umpire();
  for (auto [who, uci] : {std::pair{White, "e2e4"}, {Black, "d7e6"}, {Black, "d7d5"}, {White, "e4f5"}})
    umpire.try_move(who, uci);
  REQUIRE(umpire.ask_any(White).value() == rules::AnyAnswer::Try);
  umpire.try_move(White, "e4d5");
  umpire.try_move(Black, "d8d5");
  umpire.try_move(White, "f1b5");
  umpire.try_move(Black, "c7c6");
  umpire.try_move(White, "a2a3");
  umpire.try_move(Black, "d5e5");
  REQUIRE(umpire.game().sans().back() == "Qe5+");
  umpire.try_move(White, "g1f3");  // no: that does not meet the check
  auto snapshot = snapshot_of(umpire, "finished");
  snapshot.result = "0-1";
  snapshot.reason = "resign";
  auto text = pgn(snapshot);
  CHECK(text.find("[Variant \"Kriegspiel\"]") != std::string::npos);
  CHECK(text.find("\n1. e4 1... {d7e6: No} d5 2. {e4f5: No; Any? Try} exd5 {Capture on d5} 2... Qxd5\n"
                  "{Capture on d5} 3. Bb5+ {Check on the long diagonal} 3... c6 4. a3 Qe5+ {Check\n"
                  "on the file} {g1f3: No} 0-1\n") != std::string::npos);
}
