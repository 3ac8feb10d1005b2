// Registry (server/rooms/registry.h) without a socket, on a real store and a clock moved by hand:
// it creates games and finds their rooms, drops the idle ones and loads them again, ends
// invitations nobody took, and after a restart charges the side to move exactly the time it
// thought while the server was up, never the downtime.
#include "server/rooms/registry.h"

#include <doctest/doctest.h>

#include "room_harness.h"
#include "test_loop.h"

using namespace arbiter;
using namespace arbiter::room_test;
using namespace std::chrono_literals;

namespace {

constexpr std::int64_t kInitialMs = 60000;

// One run of the server on a store file, as `arbiter serve` runs: the registry restored first,
// then a heartbeat marking the server alive (the next ones are the test's to make).
class ServerRun {
 public:
  ServerRun(const std::string& path, ManualClock& clock, match::Waits waits = {})
      : clock_(clock), store_(storage::Store::open(path)), registry_(loop_.io(), *store_, waits, nullptr, nullptr, clock) {
    resumed_ = registry_.restore();
    heartbeat();
  }
  // Stops: what was queued is stored, nothing more (a crash after the last heartbeat).
  ~ServerRun() {
    loop_.release();
    store_->close();
  }

  Registry& registry() { return registry_; }
  storage::Store& store() { return *store_; }
  std::size_t resumed() const { return resumed_; }
  void heartbeat() { store_->mark_alive(clock_.wall_ms(), nullptr); }

  template <class Done>
  void run_until(Done done) { loop_.run_until(done); }
  void run_ready() { loop_.run_ready(); }

  // A game between two people, timed, both seats given (as the lobby pairs them).
  std::string paired_game(std::optional<match::ClockSetting> clock) {
    protocol::CreateGameRequest request;
    request.clock = clock;
    std::optional<std::optional<std::string>> made;
    registry_.create_paired(request,
                            {{"white", security::sha256_hex(kWhiteToken), "Wanda"}, {"black", security::sha256_hex(kBlackToken), "Bert"}},
                            [&made](std::optional<std::string> id) { made = std::move(id); });
    run_until([&] { return made.has_value(); });
    REQUIRE(made->has_value());
    return **made;
  }
  // An invitation made by White.
  CreateOutcome invitation() {
    protocol::CreateGameRequest request;
    request.color = protocol::ColorChoice::White;
    std::optional<CreateOutcome> outcome;
    registry_.create(request, std::nullopt, [&outcome](CreateOutcome made) { outcome = std::move(made); });
    run_until([&] { return outcome.has_value(); });
    REQUIRE(outcome->ok);
    return *outcome;
  }
  std::shared_ptr<RecordingWatcher> attach(const std::string& id, const std::string& token) {
    auto room = registry_.find(id);
    REQUIRE(room);
    auto watcher = std::make_shared<RecordingWatcher>();
    room->attach(watcher, token, std::nullopt);
    run_until([&] { return !watcher->of_type("state").empty(); });
    return watcher;
  }
  void play(const std::string& id, const std::shared_ptr<RecordingWatcher>& mover, std::string move, std::int64_t ply) {
    const auto before = mover->of_type("move").size();
    registry_.find(id)->command(mover, match::MoveCommand{std::move(move), ply});
    run_until([&] { return mover->of_type("move").size() == before + 1; });
  }
  // The clock as a player connecting now is shown it.
  nlohmann::json clock_shown(const std::string& id) { return attach(id, kWhiteToken)->of_type("state").front()["clock"]; }

 private:
  ManualClock& clock_;
  std::unique_ptr<storage::Store> store_;
  testing::TestLoop loop_;
  Registry registry_;
  std::size_t resumed_ = 0;
};

// A clock for the run after `before`, `down` later on the wall clock; its steady clock starts
// elsewhere, as a new process's does.
ManualClock after_downtime(const ManualClock& before, std::chrono::milliseconds down) {
  return ManualClock(before.wall_ms() + down.count(), ManualClock::Time{} + 100h);
}

}  // namespace

TEST_CASE("the registry stores an invitation and opens its room; the invited player joins it") {
  TempDatabase file;
  ManualClock clock;
  ServerRun server(file.path(), clock);
  const auto created = server.invitation();
  CHECK(created.color == "white");
  CHECK_FALSE(created.invite.empty());
  auto room = server.registry().find(created.id);
  REQUIRE(room);
  CHECK(server.registry().find(created.id) == room);
  CHECK(server.registry().open_room(created.id) == room);
  CHECK(server.registry().rooms_resident() == 1);
  CHECK(server.registry().find("no-such-game") == nullptr);
  CHECK(server.registry().find("../not a key") == nullptr);
  CHECK(server.registry().find_invitation(created.invite) == room);
  CHECK(server.store().load_game(created.id)->game.created_at_ms == clock.wall_ms());

  std::optional<JoinOutcome> joined, again;
  CHECK(server.registry().join(created.invite, "Bea", std::nullopt, [&](JoinOutcome outcome) { joined = outcome; }));
  server.run_until([&] { return joined.has_value(); });
  CHECK(joined->status == JoinOutcome::Status::Joined);
  CHECK(joined->color == "black");
  CHECK(server.registry().join(created.invite, "Cy", std::nullopt, [&](JoinOutcome outcome) { again = outcome; }));
  server.run_until([&] { return again.has_value(); });
  CHECK(again->status == JoinOutcome::Status::Taken);
  CHECK_FALSE(server.registry().join("unknown-code", "Cy", std::nullopt, [](JoinOutcome) {}));
  CHECK(server.registry().games_in_play() == 1);
  CHECK(server.store().load_game(created.id)->game.status == "playing");
}

TEST_CASE("the registry drops a room nobody holds that waits on nothing, and loads it again when asked") {
  TempDatabase file;
  ManualClock clock;
  ServerRun server(file.path(), clock);
  const auto created = server.invitation();
  {
    auto held = server.registry().find(created.id);
    server.run_ready();
    CHECK(server.registry().evict_idle() == 0);  // held: a request is being answered
    CHECK(server.registry().rooms_resident() == 1);
  }
  auto watcher = server.attach(created.id, created.token);
  CHECK(server.registry().evict_idle() == 0);  // watched
  server.registry().find(created.id)->detach(watcher);
  server.run_ready();
  CHECK(server.registry().evict_idle() == 1);
  CHECK(server.registry().rooms_resident() == 0);
  CHECK(server.registry().open_room(created.id) == nullptr);

  auto again = server.attach(created.id, created.token);  // loaded from the store
  CHECK(server.registry().rooms_resident() == 1);
  CHECK(again->of_type("state").front()["status"] == "waiting");
  CHECK(again->of_type("state").front()["you"] == "white");
}

TEST_CASE("an invitation nobody takes, not in memory, is ended by its match once its wait has passed") {
  TempDatabase file;
  ManualClock clock;
  match::Waits waits;
  waits.invitation = 1h;
  ServerRun server(file.path(), clock, waits);
  const auto created = server.invitation();
  server.run_ready();
  REQUIRE(server.registry().evict_idle() == 1);

  clock.advance(1h - 1s);
  server.registry().evict_idle();
  CHECK(server.registry().rooms_resident() == 0);  // not due: not loaded
  CHECK(server.store().load_game(created.id)->game.status == "waiting");

  clock.advance(2s);
  server.registry().evict_idle();
  server.run_until([&] { return server.store().load_game(created.id)->game.status == "finished"; });
  const auto stored = server.store().load_game(created.id);
  CHECK(stored->game.reason == "expired");
  CHECK(stored->events.back().type == "ended");
  std::optional<JoinOutcome> joined;
  server.registry().join(created.invite, "Late", std::nullopt, [&](JoinOutcome outcome) { joined = outcome; });
  server.run_until([&] { return joined.has_value(); });
  CHECK(joined->status == JoinOutcome::Status::Taken);
}

TEST_CASE("a restart charges the side to move its thinking up to the last alive mark, never the downtime") {
  TempDatabase file;
  ManualClock first;
  std::string id;
  bool clean = false;
  SUBCASE("a crash: what passed after the last heartbeat is lost with the downtime") { clean = false; }
  SUBCASE("a clean stop: marked alive as it stops") { clean = true; }
  {
    ServerRun server(file.path(), first);
    id = server.paired_game(match::ClockSetting{kInitialMs, 0});
    auto white = server.attach(id, kWhiteToken);
    auto black = server.attach(id, kBlackToken);
    server.play(id, white, "e2e4", 0);
    server.play(id, black, "e7e5", 1);  // White's clock runs from here
    first.advance(3000ms);
    server.heartbeat();
    first.advance(700ms);
    if (clean) server.heartbeat();
  }
  ManualClock second = after_downtime(first, 4000ms);
  ServerRun server(file.path(), second);
  CHECK(server.resumed() == 1);
  const std::int64_t thought = clean ? 3700 : 3000;
  auto clock = server.clock_shown(id);
  CHECK(clock["running"] == "white");
  CHECK(clock["white"] == kInitialMs - thought);
  CHECK(clock["black"] == kInitialMs);

  second.advance(1500ms);  // thinking again, charged as it goes
  CHECK(server.clock_shown(id)["white"] == kInitialMs - thought - 1500);
  auto white = server.attach(id, kWhiteToken);
  server.play(id, white, "g1f3", 2);  // the seats are kept: White's token still moves
  clock = server.clock_shown(id);
  CHECK(clock["running"] == "black");
  CHECK(clock["white"] == kInitialMs - thought - 1500);
}

TEST_CASE("two crashes before anyone moves: neither downtime is charged") {
  TempDatabase file;
  ManualClock first;
  std::string id;
  {
    ServerRun server(file.path(), first);
    id = server.paired_game(match::ClockSetting{kInitialMs, 0});
    auto white = server.attach(id, kWhiteToken);
    auto black = server.attach(id, kBlackToken);
    server.play(id, white, "e2e4", 0);
    server.play(id, black, "e7e5", 1);
    first.advance(2000ms);
    server.heartbeat();
  }
  ManualClock second = after_downtime(first, 3000ms);
  {
    ServerRun server(file.path(), second);  // up again, White still thinking, nobody connected
    CHECK(server.resumed() == 1);
    second.advance(1500ms);
    server.heartbeat();
  }
  ManualClock third = after_downtime(second, 3000ms);
  ServerRun server(file.path(), third);
  CHECK(server.resumed() == 1);
  CHECK(server.clock_shown(id)["white"] == kInitialMs - 2000 - 1500);
}
