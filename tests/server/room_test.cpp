// Room (server/rooms/room.h) without a socket: a real store, the io_context run on the test's
// thread, watchers that keep what they are sent.
#include "server/rooms/room.h"

#include <doctest/doctest.h>

#include "room_harness.h"

using namespace arbiter;
using namespace arbiter::room_test;

namespace {

struct Seated {
  std::shared_ptr<RecordingWatcher> white = std::make_shared<RecordingWatcher>();
  std::shared_ptr<RecordingWatcher> black = std::make_shared<RecordingWatcher>();
  std::shared_ptr<RecordingWatcher> spectator = std::make_shared<RecordingWatcher>();
};

// Both players and a spectator connected, each once sent its state.
Seated attach_all(RoomHarness& harness, Room& room) {
  Seated seated;
  room.attach(seated.white, kWhiteToken, std::nullopt);
  room.attach(seated.black, kBlackToken, std::nullopt);
  room.attach(seated.spectator, "", std::nullopt);
  harness.run_until([&] {
    return !seated.white->of_type("state").empty() && !seated.black->of_type("state").empty() &&
           !seated.spectator->of_type("state").empty();
  });
  return seated;
}

// Plays `move` from `by` and runs until `waiter` has been sent `moves` move events in all.
void play(RoomHarness& harness, Room& room, const std::shared_ptr<RecordingWatcher>& by, std::string move,
          std::int64_t ply, const std::shared_ptr<RecordingWatcher>& waiter) {
  room.command(by, match::MoveCommand{std::move(move), ply});
  harness.run_until([&] { return waiter->of_type("move").size() == static_cast<std::size_t>(ply + 1); });
}

}  // namespace

TEST_CASE("a room loaded from a game stored with both seats starts it: the join is committed") {
  RoomHarness harness;
  auto room = harness.open_game();
  auto stored = harness.store().load_game(room->id());
  REQUIRE(stored);
  REQUIRE(stored->events.size() == 1);
  CHECK(stored->events[0].type == "joined");
  CHECK(stored->game.status == "playing");
  CHECK(room->in_play());
  CHECK(room->seat_of(kWhiteToken) == rules::Color::White);
  CHECK(room->seat_of(kBlackToken) == rules::Color::Black);
  CHECK_FALSE(room->seat_of("someone else"));
}

TEST_CASE("a move is stored, then each seat and the spectator are sent it as their viewer") {
  RoomHarness harness;
  auto room = harness.open_game();
  Seated seated = attach_all(harness, *room);
  CHECK(seated.white->of_type("state").front()["v"] == 1);

  play(harness, *room, seated.white, "e2e4", 0, seated.black);
  harness.run_until([&] { return seated.white->of_type("move").size() == 1 && seated.spectator->of_type("move").size() == 1; });
  for (const auto& watcher : {seated.white, seated.black, seated.spectator}) {
    const auto move = watcher->of_type("move").front();
    CHECK(move["v"] == 2);
    CHECK(move.dump().find("e2e4") != std::string::npos);
  }
  auto stored = harness.store().load_game(room->id());
  REQUIRE(stored->events.size() == 2);
  CHECK(stored->events[1].type == "moved");
}

TEST_CASE("a move out of turn is refused to its sender alone, and nothing is stored") {
  RoomHarness harness;
  auto room = harness.open_game();
  Seated seated = attach_all(harness, *room);
  room->command(seated.black, match::MoveCommand{"e7e5", 0});
  harness.run_until([&] { return !seated.black->of_type("error").empty(); });
  harness.run_ready();
  CHECK(seated.white->of_type("move").empty());
  CHECK(seated.white->of_type("error").empty());
  CHECK(harness.store().load_game(room->id())->events.size() == 1);
}

TEST_CASE("a reconnect from v=N is sent the events it missed, then resumed; from too far back, the state") {
  RoomHarness harness;
  auto room = harness.open_game();
  Seated seated = attach_all(harness, *room);
  play(harness, *room, seated.white, "e2e4", 0, seated.black);
  play(harness, *room, seated.black, "e7e5", 1, seated.white);
  play(harness, *room, seated.white, "g1f3", 2, seated.black);

  auto back = std::make_shared<RecordingWatcher>();
  room->attach(back, kBlackToken, 2);  // holds the join and 1. e4
  harness.run_until([&] { return !back->of_type("resumed").empty(); });
  const auto sent = back->sent();
  REQUIRE(sent.size() == 3);
  CHECK(sent[0]["t"] == "move");
  CHECK(sent[0]["v"] == 3);
  CHECK(sent[1]["v"] == 4);
  CHECK(sent[2]["t"] == "resumed");
  CHECK(sent[2]["latest"] == 4);
  CHECK(back->of_type("state").empty());

  auto ahead = std::make_shared<RecordingWatcher>();
  room->attach(ahead, kBlackToken, 9);  // a number the game never reached
  harness.run_until([&] { return !ahead->sent().empty(); });
  CHECK(ahead->sent().front()["t"] == "state");
}

TEST_CASE("a reconnect from before what the room keeps is sent the whole state") {
  RoomHarness harness;
  auto room = harness.open_game();
  Seated seated = attach_all(harness, *room);
  // More events than the room keeps, the knights' dance broken by pawn moves (no repetition ends it).
  std::vector<std::string> moves;
  for (char file : std::string("abcdhg")) {
    moves.push_back(std::string(1, file) + "2" + file + "3");
    moves.push_back(std::string(1, file) + "7" + file + "6");
    for (const char* knight : {"g1f3", "g8f6", "f3g1", "f6g8"}) moves.push_back(knight);
  }
  const auto plies = static_cast<std::int64_t>(moves.size());
  REQUIRE(plies > static_cast<std::int64_t>(Room::kResumableEvents));
  for (std::int64_t ply = 0; ply < plies; ++ply) {
    const auto& mover = ply % 2 == 0 ? seated.white : seated.black;
    play(harness, *room, mover, moves[static_cast<std::size_t>(ply)], ply, seated.spectator);
  }
  auto back = std::make_shared<RecordingWatcher>();
  room->attach(back, kWhiteToken, 1);  // missed more than the room keeps
  harness.run_until([&] { return !back->sent().empty(); });
  CHECK(back->sent().front()["t"] == "state");
  CHECK(back->sent().front()["v"] == plies + 1);
  CHECK(back->of_type("move").empty());

  auto recent = std::make_shared<RecordingWatcher>();
  room->attach(recent, kBlackToken, plies);  // missed the last move alone
  harness.run_until([&] { return !recent->of_type("resumed").empty(); });
  CHECK(recent->of_type("move").size() == 1);
}

TEST_CASE("a seat's last connection going tells the others its presence; a spectator coming is counted") {
  RoomHarness harness;
  auto room = harness.open_game();
  Seated seated = attach_all(harness, *room);
  CHECK(room->spectators() == 1);
  const auto before = seated.white->of_type("presence").size();
  room->detach(seated.black);
  harness.run_until([&] { return seated.white->of_type("presence").size() == before + 1; });
  CHECK(seated.white->of_type("presence").back()["black"] == false);

  const auto told = seated.white->of_type("spectators").size();
  auto second = std::make_shared<RecordingWatcher>();
  room->attach(second, "", std::nullopt);
  harness.run_until([&] { return seated.white->of_type("spectators").size() == told + 1; });
  CHECK(seated.white->of_type("spectators").back()["count"] == 2);
  CHECK(room->spectators() == 2);
}

TEST_CASE("chat is stored, then sent to its channel's readers; a burst past its bound is refused") {
  RoomHarness harness;
  auto room = harness.open_game();
  Seated seated = attach_all(harness, *room);
  room->chat(seated.white, "good luck", "");
  harness.run_until([&] { return seated.black->of_type("chat").size() == 1; });
  harness.run_until([&] { return seated.white->of_type("chat").size() == 1; });
  CHECK(seated.black->of_type("chat").front()["text"] == "good luck");
  CHECK(seated.black->of_type("chat").front()["name"] == "Wanda");
  harness.run_ready();
  CHECK(seated.spectator->of_type("chat").empty());  // the players' channel

  // Five lines at once are let through (the one above was the first), the sixth refused.
  for (int line = 0; line < 5; ++line) room->chat(seated.white, "line " + std::to_string(line), "");
  harness.run_until([&] { return !seated.white->of_type("error").empty(); });
  CHECK(seated.white->of_type("error").front()["code"] == "rate_limited");
  harness.run_until([&] { return seated.black->of_type("chat").size() == 5; });
  CHECK(harness.store().load_game(room->id())->chat.size() == 5);
}

TEST_CASE("a room loaded again from the store holds the same game, chat included") {
  RoomHarness harness;
  auto room = harness.open_game();
  Seated seated = attach_all(harness, *room);
  play(harness, *room, seated.white, "e2e4", 0, seated.black);
  room->chat(seated.black, "hello", "");
  harness.run_until([&] { return seated.white->of_type("chat").size() == 1; });

  auto again = harness.load(room->id());
  auto watcher = std::make_shared<RecordingWatcher>();
  again->attach(watcher, kBlackToken, std::nullopt);
  harness.run_until([&] { return !watcher->sent().empty(); });
  const auto state = watcher->sent().front();
  CHECK(state["t"] == "state");
  CHECK(state["v"] == 2);
  CHECK(state["chat"].dump().find("hello") != std::string::npos);
}

TEST_CASE("closing a room's watchers closes each connection and leaves the room idle") {
  RoomHarness harness;
  auto room = harness.open_game();
  Seated seated = attach_all(harness, *room);
  play(harness, *room, seated.white, "e2e4", 0, seated.black);
  room->command(seated.white, match::ResignCommand{});
  harness.run_until([&] { return !seated.black->of_type("end").empty(); });
  CHECK_FALSE(room->idle());  // watched
  room->close_watchers();
  harness.run_until([&] { return seated.white->closed() && seated.black->closed() && seated.spectator->closed(); });
  CHECK(room->idle());
}

TEST_CASE("the computer's seat answers a move with its own, stored and sent like a person's") {
  RoomHarness harness;
  ComputerPool computers(harness.io(), 1, std::chrono::seconds(30));  // gone before the harness's io_context
  harness.use_computers(&computers);
  auto room = harness.open_game("g1", computer_seat_mark(1));
  auto white = std::make_shared<RecordingWatcher>();
  room->attach(white, kWhiteToken, std::nullopt);
  room->command(white, match::MoveCommand{"e2e4", 0});
  harness.run_until([&] { return white->of_type("move").size() == 2; });
  const auto reply = white->of_type("move")[1];
  CHECK(reply["v"] == 3);
  auto stored = harness.store().load_game(room->id());
  REQUIRE(stored->events.size() == 3);
  CHECK(stored->events[2].type == "moved");
}

TEST_CASE("a move sent again is answered again from what was sent, not played twice") {
  RoomHarness harness;
  auto room = harness.open_game();
  Seated seated = attach_all(harness, *room);
  play(harness, *room, seated.white, "e2e4", 0, seated.white);
  room->command(seated.white, match::MoveCommand{"e2e4", 0});  // its answer lost, say
  harness.run_until([&] { return seated.white->of_type("move").size() == 2; });
  CHECK(seated.white->of_type("move")[1] == seated.white->of_type("move")[0]);
  harness.run_ready();
  CHECK(seated.black->of_type("move").size() == 1);
  CHECK(harness.store().load_game(room->id())->events.size() == 2);
}
