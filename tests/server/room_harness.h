#pragma once
// For the Room tests: a real store on a temporary file, a real io_context run on the test's
// thread until what a test waits for has come, a clock moved by hand, and watchers that keep what
// they are sent.
#include <doctest/doctest.h>

#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/variant.h"
#include "server/players/computer_player.h"
#include "server/players/computer_pool.h"
#include "server/rooms/room.h"
#include "server/rooms/security.h"
#include "storage/game_variant.h"
#include "storage/store.h"
#include "manual_clock.h"
#include "test_loop.h"
#include "tests/support/temp_database.h"

namespace arbiter::room_test {

using arbiter::testing::ManualClock;
using arbiter::testing::TempDatabase;

// A connection as the room sees it, keeping every message it is sent (parsed).
class RecordingWatcher : public Watcher {
 public:
  void send(std::shared_ptr<const std::string> text) override {
    std::lock_guard lock(mutex_);
    sent_.push_back(nlohmann::json::parse(*text));
  }
  const std::string& client() const override { return client_; }
  void close_going_away() override { closed_ = true; }

  std::vector<nlohmann::json> sent() const {
    std::lock_guard lock(mutex_);
    return sent_;
  }
  // The messages of type `t` it was sent.
  std::vector<nlohmann::json> of_type(const std::string& t) const {
    std::vector<nlohmann::json> found;
    for (const auto& message : sent())
      if (message.value("t", "") == t) found.push_back(message);
    return found;
  }
  bool closed() const { return closed_; }

 private:
  mutable std::mutex mutex_;
  std::vector<nlohmann::json> sent_;
  std::string client_ = "198.51.100.7";
  bool closed_ = false;
};

inline const std::string kWhiteToken = "white-seat-token";
inline const std::string kBlackToken = "black-seat-token";

// A game as the lobby stores it: by default chess between two people, both seats taken, untimed.
struct NewGame {
  std::string id = "g1";
  std::string variant = "chess";
  // Black's seat as stored: a token's hash, the computer's mark, or none (an invitation).
  std::optional<std::string> black = security::sha256_hex(kBlackToken);
  std::optional<match::ClockSetting> clock;
};

// Rooms on one store and one hand-moved clock (nothing falls due until the test moves it).
class RoomHarness {
 public:
  explicit RoomHarness(match::Waits waits = {}) : waits_(waits), store_(storage::Store::open(file_.path())) {}
  ~RoomHarness() {
    loop_.stop();
    store_->close();
  }

  storage::Store& store() { return *store_; }
  boost::asio::io_context& io() { return loop_.io(); }
  ManualClock& clock() { return clock_; }

  // Where the rooms loaded from now on have their computer seats think (none: they wait).
  void use_computers(ComputerPool* computers) { computers_ = computers; }

  // Stores the game (as the lobby does, both seats at once), then loads and starts its room
  // from what was stored. `black`: Black's seat as stored (a token's hash, or the computer's mark).
  std::shared_ptr<Room> open_game(const std::string& id = "g1", const std::string& black = security::sha256_hex(kBlackToken)) {
    return open_game(NewGame{id, "chess", black, std::nullopt});
  }
  std::shared_ptr<Room> open_game(const NewGame& game) {
    const rules::Variant* variant = rules::find_variant(game.variant);
    REQUIRE(variant);
    storage::GameRecord record;
    record.id = game.id;
    storage::name_rules(record, *variant);
    record.start_fen = variant->start_fen;
    if (game.clock) {
      record.initial_ms = game.clock->initial_ms;
      record.increment_ms = game.clock->increment_ms;
    }
    record.status = "waiting";
    record.result = "*";
    record.created_at_ms = clock_.wall_ms();
    std::vector<storage::SeatRecord> seats{{"white", security::sha256_hex(kWhiteToken), "Wanda"}};
    if (game.black) seats.push_back({"black", *game.black, "Bert"});
    std::promise<bool> created;
    store_->create_game(record, seats, [&created](bool ok, const std::string&) { created.set_value(ok); });
    REQUIRE(created.get_future().get());
    return load(game.id);
  }

  // Loads the stored game into a new room and starts it; returns once it has started.
  std::shared_ptr<Room> load(const std::string& id) {
    auto stored = store_->load_game(id);
    REQUIRE(stored);
    auto room = std::make_shared<Room>(loop_.io(), *store_, std::move(*stored), waits_, computers_, nullptr, GameMaker{},
                                       std::vector<match::Downtime>{}, std::nullopt, clock_);
    bool started = false;
    room->start([&started] { started = true; });
    run_until([&] { return started; });
    return room;
  }

  template <class Done>
  void run_until(Done done) { loop_.run_until(done); }
  void run_ready() { loop_.run_ready(); }

 private:
  match::Waits waits_;
  ManualClock clock_;  // before the store and the io_context: rooms' timers unregister from it
  TempDatabase file_;
  ComputerPool* computers_ = nullptr;
  std::unique_ptr<storage::Store> store_;
  testing::TestLoop loop_;
};

}  // namespace arbiter::room_test
