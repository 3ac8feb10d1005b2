// The store's bound on chat (storage/store.h kChatKept): each channel of a game keeps its latest
// lines, the older dropped as new ones are stored; a database from before has its excess dropped
// as it migrates, and keeps working.
#include <doctest/doctest.h>

#include <future>
#include <string>

#include "rules/variant.h"
#include "storage/game_variant.h"
#include "storage/schema.h"
#include "storage/sqlite.h"
#include "storage/store.h"
#include "tests/support/temp_database.h"

using namespace arbiter::storage;

namespace {

using arbiter::testing::TempDatabase;

// Waits for one write's answer.
bool written(const std::function<void(Store::Done)>& write) {
  std::promise<bool> answer;
  write([&answer](bool ok, const std::string&) { answer.set_value(ok); });
  return answer.get_future().get();
}

GameRecord make_game(const std::string& id) {
  GameRecord game;
  game.id = id;
  name_rules(game, *arbiter::rules::find_variant("chess"));
  game.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  game.increment_ms = 0;
  game.local = true;
  game.created_at_ms = 1000;
  return game;
}

ChatRecord line(std::int64_t seq, const std::string& channel) {
  return {seq, channel, channel == "players" ? "white" : "spectator", "n", "line " + std::to_string(seq), seq};
}

// Rows in the file for one game's channel: "count:oldest:newest".
std::string rows(const std::string& path, const std::string& game, const std::string& channel) {
  Connection db(path, Connection::Access::read_only);
  const std::string sql = "SELECT count(*) || ':' || coalesce(min(seq), 0) || ':' || coalesce(max(seq), 0) FROM chat"
                          " WHERE game_id = '" + game + "' AND channel = '" + channel + "'";
  return db.query_text(sql.c_str());
}

}  // namespace

TEST_CASE("each channel of a game keeps its latest kChatKept lines in the store, whatever the other says") {
  static_assert(kChatKept == 100, "schema step 7 names the bound; changing it takes a new step");
  TempDatabase file;
  auto store = Store::open(file.path());
  REQUIRE(written([&](Store::Done done) { store->create_game(make_game("g1"), {}, std::move(done)); }));
  REQUIRE(written([&](Store::Done done) { store->create_game(make_game("g2"), {}, std::move(done)); }));
  // The players speak first, then a crowd of spectators says far more.
  std::int64_t seq = 0;
  for (int i = 0; i < 20; ++i)
    REQUIRE(written([&](Store::Done done) { store->add_chat("g1", line(++seq, "players"), std::move(done)); }));
  for (int i = 0; i < kChatKept + 50; ++i) {
    REQUIRE(written([&](Store::Done done) { store->add_chat("g1", line(++seq, "spectators"), std::move(done)); }));
    if (i < 5) REQUIRE(written([&](Store::Done done) { store->add_chat("g2", line(i + 1, "spectators"), std::move(done)); }));
  }
  store->close();

  CHECK(rows(file.path(), "g1", "players") == "20:1:20");
  CHECK(rows(file.path(), "g1", "spectators") == "100:71:170");
  CHECK(rows(file.path(), "g2", "spectators") == "5:1:5");  // another game's lines are its own

  auto reopened = Store::open(file.path());
  const auto loaded = reopened->load_game("g1");
  REQUIRE(loaded);
  REQUIRE(loaded->chat.size() == 120u);
  CHECK(loaded->chat.front().text == "line 1");  // the players' lines outlive the spectators' flood
  CHECK(loaded->chat[19].seq == 20);
  CHECK(loaded->chat[20].seq == 71);
  CHECK(loaded->chat.back().seq == 170);
}

TEST_CASE("a database from before the bound has its excess chat dropped as it migrates, and keeps working") {
  TempDatabase file;
  {
    Connection db(file.path(), Connection::Access::read_write_create);
    migrate(db, 4);  // before even the games named their rules' definitions
    db.exec("INSERT INTO games (id, variant, start_fen, increment_ms, local, status, result, reason, created_at_ms)"
            " VALUES ('old', 'chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 0, 1, 'playing', '*', '', 1)");
    db.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)"
            " INSERT INTO chat (game_id, seq, channel, author, name, text, at_ms)"
            " SELECT 'old', i, CASE WHEN i % 5 = 0 THEN 'players' ELSE 'spectators' END,"
            " CASE WHEN i % 5 = 0 THEN 'white' ELSE 'spectator' END, 'n', 'line ' || i, i FROM n");
  }
  CHECK(rows(file.path(), "old", "spectators") == "200:1:249");

  auto store = Store::open(file.path());
  CHECK(rows(file.path(), "old", "players") == "50:5:250");
  CHECK(rows(file.path(), "old", "spectators") == "100:126:249");
  REQUIRE(written([&](Store::Done done) { store->add_chat("old", line(251, "spectators"), std::move(done)); }));
  CHECK(rows(file.path(), "old", "spectators") == "100:127:251");
  const auto loaded = store->load_game("old");
  REQUIRE(loaded);
  CHECK(loaded->chat.size() == 150u);
  CHECK(loaded->chat.back().text == "line 251");
}
