#include <doctest/doctest.h>
#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <future>
#include <latch>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "rules/variant.h"
#include "storage/game_variant.h"
#include "storage/schema.h"
#include "storage/sqlite.h"
#include "storage/store.h"
#include "tests/support/temp_database.h"

using namespace arbiter::storage;

namespace {

using arbiter::testing::TempDatabase;

// Collects the outcome of one write; get() waits for its callback.
class Outcome {
 public:
  Store::Done done() {
    return [this](bool ok, const std::string& error) { promise_.set_value({ok, error}); };
  }
  std::pair<bool, std::string> get() { return future_.get(); }
  bool ok() { return get().first; }

 private:
  std::promise<std::pair<bool, std::string>> promise_;
  std::future<std::pair<bool, std::string>> future_ = promise_.get_future();
};

GameRecord make_game(const std::string& id, const std::string& invite_hash = "") {
  GameRecord game;
  game.id = id;
  name_rules(game, *arbiter::rules::find_variant("chess"));
  game.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  game.initial_ms = 300000;
  game.increment_ms = 2000;
  game.local = invite_hash.empty();
  game.invite_hash = invite_hash;
  game.created_at_ms = 1000;
  return game;
}

EventRecord make_event(std::int64_t v, const std::string& payload = "{}") {
  return {v, "move", payload, 1000 + v};
}

GameRecord finished(const std::string& id, std::int64_t ended_at_ms) {
  GameRecord update = make_game(id);
  update.status = "finished";
  update.result = "1-0";
  update.reason = "checkmate";
  update.ended_at_ms = ended_at_ms;
  return update;
}

bool create(Store& store, GameRecord game, std::vector<SeatRecord> seats = {}) {
  Outcome outcome;
  store.create_game(std::move(game), std::move(seats), outcome.done());
  return outcome.ok();
}

std::string create_error(Store& store, GameRecord game) {
  Outcome outcome;
  store.create_game(std::move(game), {}, outcome.done());
  return outcome.get().second;
}

bool append(Store& store, const std::string& game_id, EventRecord event,
            std::optional<GameRecord> status_update = std::nullopt) {
  Outcome outcome;
  store.append_event(game_id, std::move(event), std::move(status_update), outcome.done());
  return outcome.ok();
}

struct VersionRow {
  std::int64_t version, applied_at_ms;
  bool operator==(const VersionRow&) const = default;
};

std::vector<VersionRow> version_rows(const std::string& path) {
  Connection db(path, Connection::Access::read_only);
  Statement select(db, "SELECT version, applied_at_ms FROM schema_version ORDER BY version");
  std::vector<VersionRow> rows;
  while (select.step()) rows.push_back({select.column_int(0), select.column_int(1)});
  return rows;
}

// SQLite's schema cookie: changes whenever any table or index is created or altered.
std::string schema_cookie(const std::string& path) {
  Connection db(path, Connection::Access::read_only);
  return db.query_text("PRAGMA schema_version");
}

}  // namespace

TEST_CASE("a new database gets the schema, WAL mode and its version recorded") {
  TempDatabase file;
  Store::open(file.path())->close();

  const auto rows = version_rows(file.path());
  REQUIRE(rows.size() == static_cast<std::size_t>(latest_schema_version()));
  CHECK(rows.back().version == latest_schema_version());

  Connection db(file.path(), Connection::Access::read_only);
  CHECK(db.query_text("PRAGMA journal_mode") == "wal");
  for (const char* table : {"games", "seats", "events"}) {
    CHECK(db.query_text(("SELECT name FROM sqlite_schema WHERE type = 'table' AND name = '" +
                         std::string(table) + "'")
                            .c_str()) == table);
  }
  for (const char* index : {"games_unfinished", "games_finished_by_end", "games_by_invite"}) {
    CHECK(db.query_text(("SELECT name FROM sqlite_schema WHERE type = 'index' AND name = '" +
                         std::string(index) + "'")
                            .c_str()) == index);
  }
}

TEST_CASE("reopening keeps the data and does not migrate again") {
  TempDatabase file;
  {
    auto store = Store::open(file.path());
    REQUIRE(create(*store, make_game("g1")));
  }
  const auto rows_before = version_rows(file.path());
  const auto cookie_before = schema_cookie(file.path());

  auto store = Store::open(file.path());
  CHECK(store->load_game("g1").has_value());
  store->close();
  CHECK(version_rows(file.path()) == rows_before);
  CHECK(schema_cookie(file.path()) == cookie_before);
}

TEST_CASE("version 4 gives the games finished before it their moves from their plies") {
  TempDatabase file;
  {
    // A database as version 3 left it, which had no moves.
    Connection db(file.path(), Connection::Access::read_write_create);
    migrate(db, 3);
    db.exec("INSERT INTO games (id, variant, start_fen, initial_ms, increment_ms, local, status, result, reason,"
            " created_at_ms, ended_at_ms, plies) VALUES"
            " ('g1', 'chess', 'x', NULL, 0, 1, 'finished', '1-0', 'checkmate', 1000, 5000, 7)");
  }
  auto store = Store::open(file.path());
  CHECK(store->load_game("g1")->game.moves == 4);
}

TEST_CASE("a game's analysis is stored once and read back") {
  TempDatabase file;
  auto store = Store::open(file.path());
  REQUIRE(create(*store, make_game("g1")));
  CHECK_FALSE(store->load_analysis("g1"));
  Outcome first, second, unknown;
  store->save_analysis("g1", R"({"plies":0})", 5000, first.done());
  CHECK(first.ok());
  CHECK(store->load_analysis("g1") == std::optional<std::string>(R"({"plies":0})"));
  store->save_analysis("g1", R"({"plies":1})", 6000, second.done());
  CHECK_FALSE(second.ok());  // computed once: the first stands
  CHECK(store->load_analysis("g1") == std::optional<std::string>(R"({"plies":0})"));
  store->save_analysis("nope", "{}", 6000, unknown.done());
  CHECK_FALSE(unknown.ok());  // only a stored game has one
}

TEST_CASE("a database from a newer version is refused") {
  TempDatabase file;
  Store::open(file.path())->close();
  {
    Connection db(file.path(), Connection::Access::read_write_create);
    db.exec(("INSERT INTO schema_version (version, applied_at_ms) VALUES (" +
             std::to_string(latest_schema_version() + 1) + ", 0)")
                .c_str());
  }
  CHECK_THROWS_WITH_AS(Store::open(file.path()), doctest::Contains("newer"), std::runtime_error);
}

TEST_CASE("a game with its seats and events round-trips") {
  TempDatabase file;
  auto store = Store::open(file.path());
  GameRecord game = make_game("g1", "invitehash");
  game.initial_ms.reset();
  game.status = "playing";
  REQUIRE(create(*store, game, {{"white", "tokenW"}}));
  Outcome black_seat;
  store->add_seat("g1", {"black", "tokenB"}, black_seat.done());
  REQUIRE(black_seat.ok());
  REQUIRE(append(*store, "g1", make_event(1, R"({"uci":"e2e4"})")));
  REQUIRE(append(*store, "g1", make_event(2, R"({"uci":"e7e5"})")));

  const auto loaded = store->load_game("g1");
  REQUIRE(loaded);
  CHECK(loaded->game.id == "g1");
  CHECK(loaded->game.variant == game.variant);
  CHECK(loaded->game.variant_hash == game.variant_hash);
  CHECK(loaded->game.variant_definition == game.variant_definition);
  CHECK(loaded->game.start_fen == game.start_fen);
  CHECK_FALSE(loaded->game.initial_ms.has_value());
  CHECK(loaded->game.increment_ms == 2000);
  CHECK_FALSE(loaded->game.local);
  CHECK(loaded->game.invite_hash == "invitehash");
  CHECK(loaded->game.status == "playing");
  CHECK(loaded->game.result == "*");
  CHECK(loaded->game.created_at_ms == 1000);
  CHECK_FALSE(loaded->game.ended_at_ms.has_value());
  REQUIRE(loaded->seats.size() == 2);
  CHECK(loaded->seats[0].color == "white");
  CHECK(loaded->seats[0].token_hash == "tokenW");
  CHECK(loaded->seats[1].color == "black");
  CHECK(loaded->seats[1].token_hash == "tokenB");
  REQUIRE(loaded->events.size() == 2);
  CHECK(loaded->events[0].v == 1);
  CHECK(loaded->events[0].type == "move");
  CHECK(loaded->events[0].payload == R"({"uci":"e2e4"})");
  CHECK(loaded->events[0].at_ms == 1001);
  CHECK(loaded->events[1].v == 2);

  CHECK_FALSE(store->load_game("missing").has_value());
}

TEST_CASE("an event with a status update ends the game in the same write") {
  TempDatabase file;
  auto store = Store::open(file.path());
  REQUIRE(create(*store, make_game("g1")));
  REQUIRE(append(*store, "g1", make_event(1)));
  REQUIRE(append(*store, "g1", make_event(2), finished("g1", 5000)));

  const auto loaded = store->load_game("g1");
  REQUIRE(loaded);
  CHECK(loaded->events.size() == 2);
  CHECK(loaded->game.status == "finished");
  CHECK(loaded->game.result == "1-0");
  CHECK(loaded->game.reason == "checkmate");
  CHECK(loaded->game.ended_at_ms == 5000);
}

TEST_CASE("a seat for a colour already taken fails and changes nothing") {
  TempDatabase file;
  auto store = Store::open(file.path());
  REQUIRE(create(*store, make_game("g1"), {{"white", "first"}}));

  Outcome second;
  store->add_seat("g1", {"white", "second"}, second.done());
  const auto [ok, error] = second.get();
  CHECK_FALSE(ok);
  CHECK(error.find("UNIQUE constraint failed") != std::string::npos);

  const auto loaded = store->load_game("g1");
  REQUIRE(loaded);
  REQUIRE(loaded->seats.size() == 1);
  CHECK(loaded->seats[0].token_hash == "first");
}

TEST_CASE("invalid writes fail without touching the database") {
  TempDatabase file;
  auto store = Store::open(file.path());
  REQUIRE(create(*store, make_game("g1")));

  CHECK_FALSE(create(*store, make_game("g1")));        // same id again
  CHECK_FALSE(append(*store, "nope", make_event(1)));  // no such game
  CHECK_FALSE(append(*store, "g1", make_event(2)));    // gap: v 1 is missing
  GameRecord finished_without_end = finished("g1", 0);
  finished_without_end.ended_at_ms.reset();
  CHECK_FALSE(append(*store, "g1", make_event(1), finished_without_end));
  GameRecord without_rules = make_game("g2");
  without_rules.variant_definition.clear();
  CHECK(create_error(*store, without_rules) == "game g2: no variant definition given");
  GameRecord other_rules = make_game("g3");
  other_rules.variant_definition = make_game("x", "").variant_definition + " ";
  CHECK(create_error(*store, other_rules) == "game g3: the variant definition does not match its hash");
  const auto loaded = store->load_game("g1");
  REQUIRE(loaded);
  CHECK(loaded->events.empty());
  CHECK(loaded->game.status == "waiting");
  CHECK_FALSE(store->load_game("g2"));
  CHECK_FALSE(store->load_game("g3"));
}

namespace {

// Holds the writer inside the callback of `game`'s first event, so that the writes made until
// release() queue up and go in one transaction.
class WriterHeld {
 public:
  WriterHeld(Store& store, const std::string& game) {
    store.append_event(game, make_event(1), std::nullopt, [this](bool, const std::string&) {
      held_.count_down();
      released_.wait();
    });
    held_.wait();
  }
  void release() { released_.count_down(); }

 private:
  std::latch held_{1}, released_{1};
};

}  // namespace

TEST_CASE("a duplicate event fails alone while the rest of its transaction commits") {
  TempDatabase file;
  auto store = Store::open(file.path());
  REQUIRE(create(*store, make_game("g1")));
  REQUIRE(create(*store, make_game("g2")));
  REQUIRE(append(*store, "g1", make_event(1)));

  WriterHeld held(*store, "g2");
  const auto transactions_before = store->write_stats().transactions;

  Outcome before, duplicate, after, seat;
  store->append_event("g1", make_event(2, "kept"), std::nullopt, before.done());
  store->append_event("g1", make_event(2, "duplicate"), std::nullopt, duplicate.done());
  store->append_event("g1", make_event(3, "kept"), std::nullopt, after.done());
  store->add_seat("g2", {"black", "token"}, seat.done());
  held.release();

  CHECK(before.ok());
  const auto [duplicate_ok, duplicate_error] = duplicate.get();
  CHECK_FALSE(duplicate_ok);
  CHECK(duplicate_error.find("UNIQUE constraint failed") != std::string::npos);
  CHECK(after.ok());
  CHECK(seat.ok());
  CHECK(store->write_stats().transactions == transactions_before + 1);

  const auto loaded = store->load_game("g1");
  REQUIRE(loaded);
  REQUIRE(loaded->events.size() == 3);
  CHECK(loaded->events[1].payload == "kept");
  CHECK(loaded->events[2].v == 3);
  CHECK(store->load_game("g2")->seats.size() == 1);
}

TEST_CASE("an event after a gap fails alone, said so, while the rest of its transaction commits") {
  // An event is one statement (no savepoint of its own): its failure must not take the others.
  TempDatabase file;
  auto store = Store::open(file.path());
  REQUIRE(create(*store, make_game("g1")));
  REQUIRE(create(*store, make_game("g2")));

  WriterHeld held(*store, "g2");
  const auto transactions_before = store->write_stats().transactions;

  Outcome first, gap, second, ended;
  store->append_event("g1", make_event(1, "kept"), std::nullopt, first.done());
  store->append_event("g1", make_event(3, "gap"), std::nullopt, gap.done());
  store->append_event("g1", make_event(2, "kept"), std::nullopt, second.done());
  store->append_event("g2", make_event(2, "end"), finished("g2", 1), ended.done());
  held.release();

  CHECK(first.ok());
  const auto [gap_ok, gap_error] = gap.get();
  CHECK_FALSE(gap_ok);
  CHECK(gap_error.find("does not follow the last stored v 1") != std::string::npos);
  CHECK(second.ok());
  CHECK(ended.ok());
  CHECK(store->write_stats().transactions == transactions_before + 1);
  const auto loaded = store->load_game("g1");
  REQUIRE(loaded);
  REQUIRE(loaded->events.size() == 2);
  CHECK(loaded->events[1].v == 2);
  CHECK(store->load_game("g2")->game.status == "finished");
}

TEST_CASE("events of distinct games queued together are inserted by shared statements, each as given") {
  TempDatabase file;
  auto store = Store::open(file.path());
  // More games than one statement takes (256), in no power of two: statements of several sizes.
  const int games = 300;
  for (int game = 0; game < games; ++game) REQUIRE(create(*store, make_game("g" + std::to_string(game))));
  REQUIRE(create(*store, make_game("held")));

  WriterHeld held(*store, "held");
  const auto before = store->write_stats();
  std::vector<Outcome> outcomes(games);
  for (int game = 0; game < games; ++game)
    store->append_event("g" + std::to_string(game), {1, "moved", "payload " + std::to_string(game), 5000 + game}, std::nullopt,
                        outcomes[game].done());
  held.release();

  for (auto& outcome : outcomes) CHECK(outcome.ok());
  const auto after = store->write_stats();
  CHECK(after.transactions == before.transactions + 1);
  CHECK(after.shared_inserts == before.shared_inserts + games);
  for (int game : {0, 1, 255, 256, 299}) {
    const auto loaded = store->load_game("g" + std::to_string(game));
    REQUIRE(loaded);
    REQUIRE(loaded->events.size() == 1);
    CHECK(loaded->events[0].v == 1);
    CHECK(loaded->events[0].type == "moved");
    CHECK(loaded->events[0].payload == "payload " + std::to_string(game));
    CHECK(loaded->events[0].at_ms == 5000 + game);
  }
}

TEST_CASE("in a shared statement a repeat, a gap or an unknown game fails alone, said so, and the others commit") {
  TempDatabase file;
  auto store = Store::open(file.path());
  for (const char* id : {"a", "b", "c", "d"}) {
    REQUIRE(create(*store, make_game(id)));
    REQUIRE(append(*store, id, make_event(1)));
  }
  REQUIRE(create(*store, make_game("held")));
  // Four events of four games (one statement), the third bad: the statement fails as a whole.
  std::string bad_game = "c";
  EventRecord bad_event;
  std::string expected_error;
  SUBCASE("a repeat") {
    bad_event = make_event(1, "bad");
    expected_error = "UNIQUE constraint failed";
  }
  SUBCASE("a gap") {
    bad_event = make_event(3, "bad");
    expected_error = "does not follow the last stored v 1";
  }
  SUBCASE("an unknown game") {
    bad_game = "nowhere";
    bad_event = make_event(1, "bad");
    expected_error = "FOREIGN KEY constraint failed";
  }

  WriterHeld held(*store, "held");
  const auto before = store->write_stats();
  Outcome a, b, bad, d;
  store->append_event("a", make_event(2, "kept"), std::nullopt, a.done());
  store->append_event("b", make_event(2, "kept"), std::nullopt, b.done());
  store->append_event(bad_game, bad_event, std::nullopt, bad.done());
  store->append_event("d", make_event(2, "kept"), std::nullopt, d.done());
  held.release();

  for (Outcome* kept : {&a, &b, &d}) CHECK(kept->ok());
  const auto [bad_ok, bad_error] = bad.get();
  CHECK_FALSE(bad_ok);
  CHECK(bad_error.find(expected_error) != std::string::npos);
  CHECK(store->write_stats().transactions == before.transactions + 1);
  CHECK(store->write_stats().shared_inserts == before.shared_inserts);  // the shared statement failed
  for (const char* id : {"a", "b", "d"}) {
    const auto loaded = store->load_game(id);
    REQUIRE(loaded);
    REQUIRE(loaded->events.size() == 2);
    CHECK(loaded->events[1].payload == "kept");
  }
  const auto c = store->load_game("c");
  REQUIRE(c);
  REQUIRE(c->events.size() == 1);
  CHECK(c->events[0].payload == "{}");
  CHECK_FALSE(store->load_game("nowhere"));
}

TEST_CASE("finished list and invite lookup") {
  TempDatabase file;
  auto store = Store::open(file.path());
  REQUIRE(create(*store, make_game("open", "invite-open")));
  for (int i = 1; i <= 3; ++i) {
    const std::string id = "done" + std::to_string(i);
    REQUIRE(create(*store, make_game(id, "invite-" + id)));
    REQUIRE(append(*store, id, make_event(1), finished(id, 1000 * i)));
  }

  auto finished_page = [&](int limit) { return store->list_games({"finished", "", std::nullopt, "", limit}); };
  const auto newest_two = finished_page(2);
  REQUIRE(newest_two.size() == 2);
  CHECK(newest_two[0].game.id == "done3");
  CHECK(newest_two[0].game.ended_at_ms == 3000);
  CHECK(newest_two[0].game.result == "1-0");
  CHECK(newest_two[0].game.reason == "checkmate");
  CHECK(newest_two[0].game.variant == "chess");
  CHECK(newest_two[1].game.id == "done2");
  CHECK(finished_page(10).size() == 3);
  CHECK(finished_page(0).empty());

  CHECK(store->game_by_invite("invite-open") == "open");
  CHECK(store->game_by_invite("invite-done2") == "done2");
  CHECK_FALSE(store->game_by_invite("unknown").has_value());
  CHECK_FALSE(store->game_by_invite("").has_value());

  auto counts = store->games_by_status();
  std::sort(counts.begin(), counts.end());
  CHECK(counts == std::vector<std::pair<std::string, std::int64_t>>{{"finished", 3}, {"waiting", 1}});
}

TEST_CASE("every transaction is reported to the commit observer with each write's wait") {
  TempDatabase file;
  auto store = Store::open(file.path());
  std::mutex mutex;
  std::size_t reports = 0, writes = 0, waits = 0;
  store->on_commit([&](const CommitReport& report) {
    std::lock_guard lock(mutex);
    ++reports;
    writes += report.writes;
    waits += report.waits.size();
    for (auto wait : report.waits) CHECK(wait.count() >= 0);
  });
  REQUIRE(create(*store, make_game("observed")));
  for (int v = 1; v <= 20; ++v) REQUIRE(append(*store, "observed", make_event(v)));
  store->close();
  std::lock_guard lock(mutex);
  CHECK(writes == 21);
  CHECK(waits == 21);
  CHECK(reports == store->write_stats().transactions);
}

TEST_CASE("events survive close and reopen") {
  TempDatabase file;
  {
    auto store = Store::open(file.path());
    store->create_game(make_game("g1"), {{"white", "w"}}, nullptr);
    for (int v = 1; v <= 50; ++v) store->append_event("g1", make_event(v), std::nullopt, nullptr);
    store->close();  // drains the queue without anyone waiting on callbacks
  }
  auto store = Store::open(file.path());
  const auto loaded = store->load_game("g1");
  REQUIRE(loaded);
  CHECK(loaded->seats.size() == 1);
  REQUIRE(loaded->events.size() == 50);
  CHECK(loaded->events.back().v == 50);
}

TEST_CASE("a write after close fails at once") {
  TempDatabase file;
  auto store = Store::open(file.path());
  store->close();
  Outcome late;
  store->create_game(make_game("g1"), {}, late.done());
  const auto [ok, error] = late.get();
  CHECK_FALSE(ok);
  CHECK(error == "store is closed");
  CHECK_FALSE(store->load_game("g1").has_value());
}

TEST_CASE("concurrent appends from several threads all land, in order per game") {
  TempDatabase file;
  auto store = Store::open(file.path());
  constexpr int thread_count = 6, games_per_thread = 5, events_per_game = 40;
  auto game_id = [](int t, int g) { return "t" + std::to_string(t) + "g" + std::to_string(g); };

  std::atomic<int> succeeded{0}, failed{0};
  // Reads run beside the writer and must always see whole transactions: events 1..n, no gap.
  std::atomic<bool> writers_done{false};
  std::atomic<int> torn_reads{0};
  std::thread reader([&] {
    while (!writers_done) {
      for (int t = 0; t < thread_count; ++t)
        for (int g = 0; g < games_per_thread; ++g)
          if (const auto game = store->load_game(game_id(t, g)))
            for (std::size_t i = 0; i < game->events.size(); ++i)
              if (game->events[i].v != static_cast<std::int64_t>(i + 1)) ++torn_reads;
    }
  });
  std::vector<std::thread> threads;
  for (int t = 0; t < thread_count; ++t) {
    threads.emplace_back([&, t] {
      std::vector<std::string> ids;
      for (int g = 0; g < games_per_thread; ++g) {
        ids.push_back(game_id(t, g));
        store->create_game(make_game(ids.back()), {}, nullptr);
      }
      // No waiting between writes: ordering comes from the store's queue alone.
      for (int v = 1; v <= events_per_game; ++v) {
        for (const auto& id : ids) {
          store->append_event(id, make_event(v, id + ":" + std::to_string(v)), std::nullopt,
                              [&](bool ok, const std::string&) { ++(ok ? succeeded : failed); });
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  store->close();
  writers_done = true;
  reader.join();

  CHECK(torn_reads == 0);
  CHECK(failed == 0);
  CHECK(succeeded == thread_count * games_per_thread * events_per_game);
  CHECK(store->write_stats().writes ==
        static_cast<std::uint64_t>(thread_count * games_per_thread * (events_per_game + 1)));
  for (int t = 0; t < thread_count; ++t)
    for (int g = 0; g < games_per_thread; ++g) {
      const auto game = store->load_game(game_id(t, g));
      REQUIRE(game);
      REQUIRE(game->events.size() == static_cast<std::size_t>(events_per_game));
      for (int v = 1; v <= events_per_game; ++v) {
        const auto& event = game->events[static_cast<std::size_t>(v - 1)];
        CHECK(event.v == v);
        CHECK(event.payload == game->game.id + ":" + std::to_string(v));
      }
    }
}

TEST_CASE("game lists: names, filters, pages through equal times, aborted games without moves left out") {
  TempDatabase file;
  auto store = Store::open(file.path());
  // Five finished games ending at the same millisecond, one of another variant, one aborted
  // before any move, one aborted after a move; and two in play.
  for (const std::string id : {"a1", "a2", "a3", "a4", "a5"}) {
    REQUIRE(create(*store, make_game(id), {{"white", "w", "Ann " + id}, {"black", "b", "Bob"}}));
    auto end = finished(id, 5000);
    end.plies = 7;
    end.moves = 4;
    REQUIRE(append(*store, id, make_event(1), end));
  }
  auto other = make_game("c1");
  name_rules(other, *arbiter::rules::find_variant("capablanca"));
  REQUIRE(create(*store, other));
  REQUIRE(append(*store, "c1", make_event(1), [] { auto end = finished("c1", 6000); end.plies = 3; return end; }()));
  for (const auto& [id, plies] : {std::pair{"x0", 0}, std::pair{"x1", 1}}) {
    REQUIRE(create(*store, make_game(id)));
    auto end = finished(id, 7000);
    end.result = "*";
    end.reason = "abort";
    end.plies = plies;
    REQUIRE(append(*store, id, make_event(1), end));
  }
  for (const std::string id : {"p1", "p2"}) {
    auto game = make_game(id);
    game.status = "playing";
    game.created_at_ms = id == "p1" ? 100 : 200;
    REQUIRE(create(*store, game, {{"black", "b", "Carol"}}));
  }

  auto ids = [](const std::vector<GameSummary>& games) {
    std::vector<std::string> out;
    for (const auto& g : games) out.push_back(g.game.id);
    return out;
  };
  const auto all = store->list_games({"finished", "", std::nullopt, "", 100});
  CHECK(ids(all) == std::vector<std::string>{"x1", "c1", "a5", "a4", "a3", "a2", "a1"});
  CHECK(all[2].white_name == "Ann a5");
  CHECK(all[2].black_name == "Bob");
  CHECK(all[2].game.plies == 7);
  CHECK(all[2].game.moves == 4);
  CHECK(ids(store->list_games({"finished", "capablanca", std::nullopt, "", 100})) == std::vector<std::string>{"c1"});

  // Pages of two through the games that ended at the same millisecond: none skipped or repeated.
  std::vector<std::string> paged;
  std::optional<std::int64_t> before_ms;
  std::string before_id;
  for (;;) {
    auto page = store->list_games({"finished", "chess", before_ms, before_id, 2});
    if (page.empty()) break;
    for (const auto& g : page) paged.push_back(g.game.id);
    before_ms = page.back().game.ended_at_ms;
    before_id = page.back().game.id;
  }
  CHECK(paged == std::vector<std::string>{"x1", "a5", "a4", "a3", "a2", "a1"});

  const auto playing = store->list_games({"playing", "", std::nullopt, "", 10});
  CHECK(ids(playing) == std::vector<std::string>{"p2", "p1"});
  CHECK(playing[0].white_name.empty());
  CHECK(playing[0].black_name == "Carol");
}

TEST_CASE("chat lines are stored with their game and the latest of each channel come back, oldest first") {
  TempDatabase file;
  auto store = Store::open(file.path());
  REQUIRE(create(*store, make_game("g1"), {{"white", "w", "Ann"}}));
  const int total = kChatChannels * (kChatKept + 5);
  for (int seq = 1; seq <= total; ++seq) {
    Outcome outcome;
    store->add_chat("g1", {seq, seq % 2 ? "players" : "spectators", seq % 2 ? "white" : "spectator", "n", "line " + std::to_string(seq), seq}, outcome.done());
    REQUIRE(outcome.ok());
  }
  Outcome duplicate;
  store->add_chat("g1", {total, "players", "white", "n", "again", 0}, duplicate.done());
  CHECK_FALSE(duplicate.ok());
  Outcome bad_channel;
  store->add_chat("g1", {total + 1, "everyone", "white", "n", "x", 0}, bad_channel.done());
  CHECK_FALSE(bad_channel.ok());

  const auto loaded = store->load_game("g1");
  REQUIRE(loaded);
  REQUIRE(loaded->chat.size() == static_cast<std::size_t>(kChatChannels * kChatKept));
  CHECK(loaded->chat.front().seq == total - kChatChannels * kChatKept + 1);
  CHECK(loaded->chat.back().text == "line " + std::to_string(total));
  CHECK(loaded->seats.at(0).name == "Ann");
}

TEST_CASE("the alive mark: none at first, then the latest, across a reopen; downtimes in order") {
  TempDatabase file;
  {
    auto store = Store::open(file.path());
    CHECK_FALSE(store->alive_until().has_value());
    Outcome first, second;
    store->mark_alive(5000, first.done());
    REQUIRE(first.ok());
    CHECK(store->alive_until() == 5000);
    store->mark_alive(6000, second.done());
    REQUIRE(second.ok());
    store->close();
  }
  auto store = Store::open(file.path());
  CHECK(store->alive_until() == 6000);
  CHECK(store->downtimes().empty());
  Outcome first, second;
  store->add_downtime({6000, 9000}, first.done());
  store->add_downtime({9500, 12000}, second.done());
  REQUIRE(first.ok());
  REQUIRE(second.ok());
  const auto spans = store->downtimes();
  REQUIRE(spans.size() == 2);
  CHECK(spans[0].from_ms == 6000);
  CHECK(spans[0].to_ms == 9000);
  CHECK(spans[1].from_ms == 9500);
  CHECK(spans[1].to_ms == 12000);
}

TEST_CASE("expired invitations: the store finds the old games still waiting for their invited player, changing nothing") {
  TempDatabase file;
  auto store = Store::open(file.path());
  auto game = [](const std::string& id, std::int64_t created_at_ms) {
    GameRecord record = make_game(id, "invite-" + id);
    record.created_at_ms = created_at_ms;
    return record;
  };
  REQUIRE(create(*store, game("old", 1000), {{"white", "w"}}));
  REQUIRE(create(*store, game("young", 9000), {{"white", "w"}}));
  // Joined before the sweep: its seat and start committed first, so it stands.
  REQUIRE(create(*store, game("joined", 1000), {{"white", "w"}}));
  Outcome seat;
  store->add_seat("joined", {"black", "b"}, seat.done());
  REQUIRE(seat.ok());
  GameRecord playing = game("joined", 1000);
  playing.status = "playing";
  REQUIRE(append(*store, "joined", make_event(1), playing));
  // Both seats given, the start not yet recorded (a lobby pairing cut short): resumed, not expired.
  REQUIRE(create(*store, game("paired", 1000), {{"white", "w"}, {"black", "b"}}));
  GameRecord local = make_game("local");
  local.created_at_ms = 1000;
  REQUIRE(create(*store, local));

  // Found, not changed: the room loading each ends it with its own recorded event.
  CHECK(store->expired_waiting(5000, 10) == std::vector<std::string>{"old"});
  CHECK(store->expired_waiting(9001, 10) == std::vector<std::string>{"old", "young"});  // oldest first
  CHECK(store->expired_waiting(9001, 1) == std::vector<std::string>{"old"});
  CHECK(store->load_game("old")->game.status == "waiting");
  CHECK(store->load_game("joined")->game.status == "playing");
  CHECK(store->load_game("paired")->game.status == "waiting");
  CHECK(store->load_game("local")->game.status == "waiting");
  // Never listed: nothing was played.
  CHECK(store->list_games({"finished", "", std::nullopt, "", 10}).empty());

  std::vector<std::string> resumed;
  for (const auto& stored : store->load_in_play()) resumed.push_back(stored.game.id);
  std::sort(resumed.begin(), resumed.end());
  CHECK(resumed == std::vector<std::string>{"joined", "paired"});
}
