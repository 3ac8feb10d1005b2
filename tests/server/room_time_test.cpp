// Room (server/rooms/room.h) on a clock moved by hand: what falls due falls exactly when the
// clock says (a flag, a computer's claim, a connection's chat budget), and each watcher is sent
// what it may see, after the store has it.
#include <doctest/doctest.h>

#include "room_harness.h"

using namespace arbiter;
using namespace arbiter::room_test;
using namespace std::chrono_literals;

namespace {

const match::ClockSetting kMinute{60000, 0};

// Reads the store each time it is sent a move: the event it is told of must be stored already.
class StoreReadingWatcher : public RecordingWatcher {
 public:
  StoreReadingWatcher(storage::Store& store, std::string game) : store_(store), game_(std::move(game)) {}
  void send(std::shared_ptr<const std::string> text) override {
    RecordingWatcher::send(text);
    const auto message = nlohmann::json::parse(*text);
    if (message.value("t", "") != "move") return;
    auto stored = store_.load_game(game_);
    std::lock_guard lock(mutex_);
    stored_when_sent_.push_back({message["v"].get<std::int64_t>(), stored ? static_cast<std::int64_t>(stored->events.size()) : 0});
  }
  // For each move it was sent: its v, and how many events the store held then.
  std::vector<std::pair<std::int64_t, std::int64_t>> stored_when_sent() const {
    std::lock_guard lock(mutex_);
    return stored_when_sent_;
  }

 private:
  storage::Store& store_;
  std::string game_;
  mutable std::mutex mutex_;
  std::vector<std::pair<std::int64_t, std::int64_t>> stored_when_sent_;
};

std::shared_ptr<RecordingWatcher> attach(RoomHarness& harness, Room& room, const std::string& token) {
  auto watcher = std::make_shared<RecordingWatcher>();
  room.attach(watcher, token, std::nullopt);
  harness.run_until([&] { return !watcher->of_type("state").empty(); });
  return watcher;
}

// The game as the room describes it once what it is committing is done (a decision made by a
// timer that fell due is stored before this answers).
nlohmann::json described(RoomHarness& harness, Room& room) {
  std::optional<nlohmann::json> resource;
  room.describe("", [&resource](nlohmann::json answer) { resource = std::move(answer); });
  harness.run_until([&] { return resource.has_value(); });
  return *resource;
}

// Plays `move` and runs until `mover` has been sent it.
void play(RoomHarness& harness, Room& room, const std::shared_ptr<RecordingWatcher>& mover, std::string move, std::int64_t ply) {
  const auto before = mover->of_type("move").size();
  room.command(mover, match::MoveCommand{std::move(move), ply});
  harness.run_until([&] { return mover->of_type("move").size() == before + 1; });
}

}  // namespace

TEST_CASE("every move reaches its watchers only once the store holds it") {
  RoomHarness harness;
  auto room = harness.open_game();
  auto white = std::make_shared<StoreReadingWatcher>(harness.store(), room->id());
  auto black = std::make_shared<StoreReadingWatcher>(harness.store(), room->id());
  room->attach(white, kWhiteToken, std::nullopt);
  room->attach(black, kBlackToken, std::nullopt);
  play(harness, *room, white, "e2e4", 0);
  play(harness, *room, black, "e7e5", 1);
  play(harness, *room, white, "g1f3", 2);
  harness.run_until([&] { return black->stored_when_sent().size() == 3; });
  for (const auto& watcher : {white, black}) {
    const auto seen = watcher->stored_when_sent();
    REQUIRE(seen.size() == 3);
    for (const auto& [v, stored] : seen) {
      CAPTURE(v);
      CHECK(stored >= v);
    }
  }
}

TEST_CASE("in Kriegspiel each watcher is sent its own view of a move: only the mover sees it") {
  RoomHarness harness;
  auto room = harness.open_game(NewGame{"k1", "kriegspiel"});
  auto white = attach(harness, *room, kWhiteToken);
  auto black = attach(harness, *room, kBlackToken);
  auto spectator = attach(harness, *room, "");
  const auto before = [](const RecordingWatcher& w) { return w.sent().size(); };
  const auto white_before = before(*white), black_before = before(*black), spectator_before = before(*spectator);
  room->command(white, match::MoveCommand{"e2e4", 0});
  harness.run_until([&] {
    return !white->of_type("umpire").empty() && !black->of_type("umpire").empty() && !spectator->of_type("umpire").empty();
  });
  auto since = [](const RecordingWatcher& w, std::size_t from) {
    std::string text;
    const auto sent = w.sent();
    for (std::size_t i = from; i < sent.size(); ++i) text += sent[i].dump();
    return text;
  };
  CHECK(since(*white, white_before).find("e2e4") != std::string::npos);
  CHECK(since(*black, black_before).find("e2e4") == std::string::npos);
  CHECK(since(*spectator, spectator_before).find("e2e4") == std::string::npos);
  // Each is told the same number of the event all the same.
  CHECK(white->of_type("umpire").back()["v"] == black->of_type("umpire").back()["v"]);
  CHECK(black->of_type("umpire").back()["v"] == spectator->of_type("umpire").back()["v"]);
}

TEST_CASE("the side to move runs out of time exactly when the room's clock says: the game ends, stored") {
  RoomHarness harness;
  auto room = harness.open_game(NewGame{"t1", "chess", security::sha256_hex(kBlackToken), kMinute});
  auto white = attach(harness, *room, kWhiteToken);
  auto black = attach(harness, *room, kBlackToken);
  play(harness, *room, white, "e2e4", 0);
  play(harness, *room, black, "e7e5", 1);  // White's clock runs from here

  harness.clock().advance(30000ms);
  auto spectator = attach(harness, *room, "");
  const auto clock = spectator->of_type("state").front()["clock"];
  CHECK(clock["white"] == 30000);
  CHECK(clock["black"] == 60000);

  harness.clock().advance(29999ms);
  CHECK(described(harness, *room)["status"] == "playing");
  CHECK(white->of_type("end").empty());

  harness.clock().advance(2ms);
  harness.run_until([&] { return !white->of_type("end").empty() && !spectator->of_type("end").empty(); });
  const auto end = white->of_type("end").front();
  CHECK(end["reason"] == "timeout");
  CHECK(end["result"] == "0-1");
  const auto stored = harness.store().load_game(room->id());
  REQUIRE(stored);
  CHECK(stored->events.back().type == "ended");
  CHECK(stored->game.status == "finished");
  CHECK(stored->game.ended_at_ms == harness.clock().wall_ms());
}

TEST_CASE("a connection's chat budget refills on the room's clock, not before") {
  RoomHarness harness;
  auto room = harness.open_game();
  auto white = attach(harness, *room, kWhiteToken);
  auto black = attach(harness, *room, kBlackToken);
  for (int line = 0; line < 5; ++line) room->chat(white, "line " + std::to_string(line), "");
  room->chat(white, "one too many", "");
  harness.run_until([&] { return white->of_type("error").size() == 1 && black->of_type("chat").size() == 5; });

  harness.clock().advance(1500ms);  // three quarters of a line
  room->chat(white, "still too soon", "");
  harness.run_until([&] { return white->of_type("error").size() == 2; });
  harness.clock().advance(1000ms);
  room->chat(white, "now", "");
  room->chat(white, "and again", "");
  harness.run_until([&] { return white->of_type("error").size() == 3 && black->of_type("chat").size() == 6; });
  CHECK(black->of_type("chat").back()["text"] == "now");
  for (const auto& error : white->of_type("error")) CHECK(error["code"] == "rate_limited");
  CHECK(harness.store().load_game(room->id())->chat.size() == 6);
}

TEST_CASE("the computer claims a game its person left, once they have been gone the whole wait") {
  match::Waits waits;
  waits.abandon = 10000ms;
  RoomHarness harness(waits);  // no pool: the computer never thinks, and White is to move
  auto room = harness.open_game(NewGame{"c1", "chess", computer_seat_mark(1)});
  auto white = attach(harness, *room, kWhiteToken);
  harness.clock().advance(5000ms);
  room->detach(white);
  harness.run_ready();

  harness.clock().advance(5001ms);  // the wait from the room's start has passed, not the one from the leaving
  CHECK(described(harness, *room)["status"] == "playing");

  harness.clock().advance(5000ms);
  const auto resource = described(harness, *room);
  CHECK(resource["status"] == "finished");
  CHECK(resource["reason"] == "abandoned");
  CHECK(resource["result"] == "0-1");
  CHECK(harness.store().load_game(room->id())->game.status == "finished");
}
