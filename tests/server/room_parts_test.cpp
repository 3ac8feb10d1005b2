// The pieces a Room is made of, each alone: the loader (room_loader.h), the commit queue
// (commit_queue.h), the sent log (sent_log.h) and the audience (audience.h).
#include <doctest/doctest.h>

#include <stdexcept>

#include "room_harness.h"
#include "server/rooms/audience.h"
#include "server/rooms/commit_queue.h"
#include "server/rooms/room_loader.h"
#include "server/rooms/sent_log.h"
#include "storage/event_codec.h"
#include "storage/wall_clock.h"

using namespace arbiter;
using namespace arbiter::room_test;
using match::Viewer;

namespace {

// A chess game as stored with both seats, joined, and `moves` played.
storage::StoredGame stored_game(const std::vector<std::string>& moves) {
  const rules::Variant& chess = *rules::find_variant("chess");
  storage::StoredGame stored;
  stored.game.id = "g1";
  storage::name_rules(stored.game, chess);
  stored.game.start_fen = chess.start_fen;
  stored.game.status = "playing";
  stored.game.result = "*";
  stored.game.created_at_ms = wall_clock_ms();
  stored.seats = {{"white", "hash-w", "Wanda"}, {"black", "hash-b", "Bert"}};
  auto add = [&](const match::Event& event) {
    auto encoded = storage::encode_event(event);
    stored.events.push_back({static_cast<std::int64_t>(stored.events.size()) + 1, encoded.type, encoded.payload, wall_clock_ms()});
  };
  add(match::Joined{rules::Color::Black, "Bert", std::nullopt});
  for (std::size_t ply = 0; ply < moves.size(); ++ply) add(match::Moved{moves[ply], static_cast<int>(ply), std::nullopt});
  return stored;
}

protocol::ViewerTexts texts(const std::string& tag) {
  return {std::make_shared<const std::string>(tag + ":white"), std::make_shared<const std::string>(tag + ":black"),
          std::make_shared<const std::string>(tag + ":spectator")};
}

// A watcher that keeps the raw texts it is sent (the audience sends whatever it is given).
class TextWatcher : public Watcher {
 public:
  void send(std::shared_ptr<const std::string> text) override { texts.push_back(*text); }
  const std::string& client() const override { return client_; }
  void close_going_away() override { closed = true; }
  std::vector<std::string> texts;
  bool closed = false;

 private:
  std::string client_ = "198.51.100.8";
};

}  // namespace

TEST_CASE("the loader replays the stored events and keeps the seats' hashes and the chat") {
  auto stored = stored_game({"e2e4", "e7e5"});
  stored.chat = {{1, "players", "white", "Wanda", "hi", 5}, {2, "spectators", "spectator", "Sam", "go", 6}};
  LoadedGame loaded = load_game(stored, match::Waits{}, {});
  CHECK(loaded.match.v() == 3);
  CHECK(loaded.match.ply() == 2);
  CHECK(loaded.match.status() == match::Status::Playing);
  CHECK(loaded.seat_hash[0] == "hash-w");
  CHECK(loaded.seat_hash[1] == "hash-b");
  REQUIRE(loaded.chat.size() == 2);
  CHECK(loaded.chat[1].from == Viewer::Spectator);
  CHECK(loaded.chat_seq == 2);
  CHECK(loaded.record.variant_definition.empty());  // the running variant's: kept once, by storage
}

TEST_CASE("the loader charges the side to move its thinking up to the alive mark, as the stored wall times say") {
  // A minute each; Black's reply (which starts the clocks) stored at t0, the server reloading at t0 + 7 s.
  const std::int64_t t0 = ManualClock::kStartMs;
  auto stored = stored_game({"e2e4", "e7e5"});
  stored.game.initial_ms = 60000;
  stored.game.increment_ms = 0;
  stored.game.created_at_ms = t0 - 5000;
  for (auto& event : stored.events) event.at_ms = t0;
  struct Case {
    std::vector<match::Downtime> downtimes;
    std::int64_t charged_ms;
  };
  const std::vector<Case> cases{
      {{{t0 + 3000, t0 + 7000}}, 3000},                            // alive until t0 + 3 s, then down
      {{{t0 + 1000, t0 + 2000}, {t0 + 3000, t0 + 7000}}, 2000},    // an earlier restart since the reply
      {{{t0 - 4000, t0 - 2000}, {t0 + 3000, t0 + 7000}}, 3000},    // one before the reply: nothing to refund
      {{}, 7000}};                                                 // no downtime known: all of it
  for (const auto& [downtimes, charged_ms] : cases) {
    CAPTURE(charged_ms);
    ManualClock clock(t0 + 7000, ManualClock::Time{} + std::chrono::hours(50));
    LoadedGame loaded = load_game(stored, match::Waits{}, downtimes, clock);
    auto times = loaded.match.clock(clock.now());
    REQUIRE(times);
    CHECK(times->remaining.white_ms == 60000 - charged_ms);
    CHECK(times->remaining.black_ms == 60000);
    clock.advance(std::chrono::milliseconds(500));  // and on from there, as the clock runs
    CHECK(loaded.match.clock(clock.now())->remaining.white_ms == 60000 - charged_ms - 500);
  }
}

TEST_CASE("the loader refuses rows that do not replay") {
  SUBCASE("a gap in v") {
    auto stored = stored_game({"e2e4", "e7e5"});
    stored.events.erase(stored.events.begin() + 1);
    CHECK_THROWS_AS(load_game(stored, match::Waits{}, {}), std::runtime_error);
  }
  SUBCASE("an illegal move") {
    CHECK_THROWS_AS(load_game(stored_game({"e2e5"}), match::Waits{}, {}), std::runtime_error);
  }
  SUBCASE("a seat of no colour") {
    auto stored = stored_game({});
    stored.seats[1].color = "green";
    CHECK_THROWS_AS(load_game(stored, match::Waits{}, {}), std::runtime_error);
  }
  SUBCASE("a chat line by nobody") {
    auto stored = stored_game({});
    stored.chat = {{1, "players", "referee", "X", "hi", 5}};
    CHECK_THROWS_AS(load_game(stored, match::Waits{}, {}), std::runtime_error);
  }
}

TEST_CASE("the commit queue runs tasks at once, or in order once what is being stored is done") {
  CommitQueue queue;
  std::vector<int> ran;
  queue.run([&] { ran.push_back(1); });
  CHECK(ran == std::vector<int>{1});
  queue.hold();
  queue.run([&] { ran.push_back(2); });
  queue.run([&] { ran.push_back(3); });
  queue.drain();  // still held: nothing runs
  CHECK(ran == std::vector<int>{1});
  queue.release();
  queue.drain();
  CHECK(ran == std::vector<int>{1, 2, 3});

  // A task that starts another commit holds the rest back again.
  queue.hold();
  queue.run([&] {
    ran.push_back(4);
    queue.hold();
  });
  queue.run([&] { ran.push_back(5); });
  queue.release();
  queue.drain();
  CHECK(ran == std::vector<int>{1, 2, 3, 4});
  CHECK(queue.busy());
  queue.release();
  queue.drain();
  CHECK(ran == std::vector<int>{1, 2, 3, 4, 5});
}

TEST_CASE("the sent log answers resends and resumes from the events it still keeps") {
  SentLog log(3);
  for (std::int64_t v = 1; v <= 5; ++v) log.add(v, texts("v" + std::to_string(v)));
  CHECK(log.find(1, Viewer::White) == nullptr);  // gone: only the last three are kept
  REQUIRE(log.find(4, Viewer::Black));
  CHECK(*log.find(4, Viewer::Black) == "v4:black");
  CHECK(log.can_resume(2, 5));   // holds up to v2: v3..v5 are kept
  CHECK_FALSE(log.can_resume(1, 5));  // v2 is gone
  CHECK(log.can_resume(5, 5));   // missed nothing
  CHECK_FALSE(log.can_resume(6, 5));  // ahead of the game
  std::vector<std::string> missed;
  log.for_each_after(3, Viewer::Spectator, [&](const SentLog::Message& m) { missed.push_back(*m); });
  CHECK(missed == std::vector<std::string>{"v4:spectator", "v5:spectator"});

  SentLog empty(3);
  CHECK(empty.can_resume(7, 7));
  CHECK_FALSE(empty.can_resume(6, 7));
}

TEST_CASE("the audience sends each watcher its viewer's text and counts seats and spectators") {
  Audience audience;
  auto white = std::make_shared<TextWatcher>(), black = std::make_shared<TextWatcher>();
  auto spectator = std::make_shared<TextWatcher>(), second_white = std::make_shared<TextWatcher>();
  audience.add(white, Viewer::White, true);
  CHECK(audience.seat_changed(rules::Color::White, +1));
  audience.add(second_white, Viewer::White, true);
  CHECK_FALSE(audience.seat_changed(rules::Color::White, +1));  // already present
  audience.add(black, Viewer::Black, true);
  audience.add(spectator, Viewer::Spectator, true);

  audience.send(texts("e"), std::nullopt, second_white.get());
  CHECK(white->texts == std::vector<std::string>{"e:white"});
  CHECK(second_white->texts.empty());
  CHECK(black->texts == std::vector<std::string>{"e:black"});
  CHECK(spectator->texts == std::vector<std::string>{"e:spectator"});
  audience.send_to_seat(rules::Color::Black, std::make_shared<const std::string>("premove"));
  CHECK(black->texts.back() == "premove");
  CHECK(white->texts.size() == 1);

  CHECK(audience.spectators_to_tell(false) == 1);
  CHECK_FALSE(audience.spectators_to_tell(false));  // unchanged: nothing to tell
  CHECK_FALSE(audience.spectators_to_tell(true));   // sealed: told to nobody
  CHECK(audience.spectators() == 0);
  CHECK(audience.spectators_to_tell(false) == 1);  // unsealed: told again

  CHECK(audience.remove(spectator) == Viewer::Spectator);
  CHECK_FALSE(audience.remove(spectator));
  CHECK_FALSE(audience.seat_changed(rules::Color::White, -1));  // one connection left
  CHECK(audience.seat_changed(rules::Color::White, -1));
  audience.close_all();
  CHECK(white->closed);
  CHECK(black->closed);
  CHECK(audience.empty());
}
