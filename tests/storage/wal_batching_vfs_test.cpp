#include <doctest/doctest.h>
#include <sqlite3.h>

#include <string>

#include "storage/sqlite.h"
#include "tests/support/temp_database.h"

using namespace arbiter::storage;

namespace {

using arbiter::testing::TempDatabase;

// Opened as the store opens its writer: WAL, synced at every commit, no checkpoint by itself.
Connection open_writer(const std::string& path) {
  Connection db(path, Connection::Access::read_write_create);
  REQUIRE(db.query_text("PRAGMA journal_mode = WAL") == "wal");
  db.exec("PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 0");
  return db;
}

// A query's first column through a connection of SQLite's own default VFS, not ours: it reads
// the WAL from the file, so it sees only what was written there.
std::string read_through_default_vfs(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(statement) == SQLITE_ROW);
  std::string value = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return value;
}

}  // namespace

TEST_CASE("a commit gathered for the WAL, larger than one system write, is all there for another connection") {
  const TempDatabase database("large");
  const std::string& path = database.path();
  Connection db = open_writer(path);
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB NOT NULL)");
  // About 1 MiB in one commit: past 128 KiB, the most the system VFS writes in one call.
  db.exec("BEGIN; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 128)"
          " INSERT INTO t SELECT i, randomblob(8100) FROM n; COMMIT");
  CHECK(read_through_default_vfs(path, "SELECT count(*) || ':' || sum(length(body)) FROM t") == "128:1036800");
  CHECK(read_through_default_vfs(path, "PRAGMA integrity_check") == "ok");
}

TEST_CASE("a transaction that spills, rereads and rewrites its own pages in the WAL commits what it says") {
  const TempDatabase database("spill");
  const std::string& path = database.path();
  {
    Connection db = open_writer(path);
    // A cache of 10 pages: the transaction's pages go to the WAL before its commit and come
    // back from it, and a page written twice has its frame rewritten.
    db.exec("PRAGMA cache_size = 10; CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, pad BLOB)");
    db.exec("BEGIN; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)"
            " INSERT INTO t SELECT i, 0, zeroblob(200) FROM n;"
            " UPDATE t SET n = n + 1; UPDATE t SET n = n + id WHERE id % 3 = 0; COMMIT");
    db.exec("BEGIN; UPDATE t SET n = n * 2 WHERE id <= 1000; SAVEPOINT s; UPDATE t SET n = -1;"
            " ROLLBACK TO s; RELEASE s; COMMIT");
    // A page kept in the cache and changed again after it was spilled (the counter, bumped by
    // each insert) has its frame rewritten.
    db.exec("CREATE TABLE counter (n INTEGER NOT NULL); INSERT INTO counter VALUES (0);"
            " CREATE TABLE log (body BLOB NOT NULL);"
            " CREATE TRIGGER count AFTER INSERT ON log BEGIN UPDATE counter SET n = n + 1; END;"
            " BEGIN; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)"
            " INSERT INTO log SELECT randomblob(300) FROM n; COMMIT");
    CHECK(read_through_default_vfs(path, "SELECT n FROM counter") == "3000");
    // (1 + id where id % 3 = 0, else 1), doubled for the first thousand
    const std::string expected = "2000:" + std::to_string([] {
      long long sum = 0;
      for (long long id = 1; id <= 2000; ++id) sum += (1 + (id % 3 == 0 ? id : 0)) * (id <= 1000 ? 2 : 1);
      return sum;
    }());
    CHECK(read_through_default_vfs(path, "SELECT count(*) || ':' || sum(n) FROM t") == expected);
    CHECK(read_through_default_vfs(path, "PRAGMA integrity_check") == "ok");
  }
  {
    Connection reopened = open_writer(path);
    CHECK(reopened.query_text("SELECT count(*) FROM t WHERE n < 0") == "0");
    CHECK(reopened.query_text("PRAGMA integrity_check") == "ok");
  }
}
