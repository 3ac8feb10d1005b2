#pragma once
// Thin RAII wrappers over the SQLite C API used inside the storage library. Every failure
// becomes a SqliteError carrying SQLite's own message.
#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace arbiter::storage {

class SqliteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Connection {
 public:
  enum class Access { read_write_create, read_only };

  Connection(const std::string& path, Access access);
  Connection(Connection&& other) noexcept : db_(std::exchange(other.db_, nullptr)) {}
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  Connection& operator=(Connection&&) = delete;

  sqlite3* handle() const { return db_; }
  // Runs SQL that returns no rows (may hold several statements).
  void exec(const char* sql);
  // Runs a PRAGMA (or any query) and returns the first column of its first row as text.
  std::string query_text(const char* sql);
  std::string error_message() const { return sqlite3_errmsg(db_); }
  // SQLite leaves a transaction on its own after some errors (I/O, disk full); this tells.
  bool in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }

 private:
  sqlite3* db_ = nullptr;
};

// A second process (backup, sqlite3 shell) may hold a lock for a moment: the connection then
// waits (up to 5 s) rather than fails.
void wait_for_locks(Connection& db);

// A statement prepared once and reused; bind, step, then reset (see ResetOnExit).
class Statement {
 public:
  Statement(Connection& connection, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void bind(int index, std::int64_t value);
  void bind(int index, const std::optional<std::int64_t>& value);
  void bind(int index, std::string_view text);
  // Binds text without copying it: it must stay unchanged until the statement is reset.
  void bind_borrowed(int index, std::string_view text);
  void bind_null(int index);

  // True when a row is ready, false when the statement has finished. Throws on error.
  bool step();
  // Steps a statement that returns no rows, and resets it.
  void run();
  void reset();

  std::int64_t column_int(int index) const;
  std::optional<std::int64_t> column_optional_int(int index) const;
  std::string column_text(int index) const;

 private:
  Connection& connection_;
  sqlite3_stmt* statement_ = nullptr;
};

// Resets a statement when leaving scope, on success or error, so that it neither keeps a read
// snapshot open nor blocks a COMMIT.
class ResetOnExit {
 public:
  explicit ResetOnExit(Statement& statement) : statement_(statement) {}
  ~ResetOnExit() { statement_.reset(); }
  ResetOnExit(const ResetOnExit&) = delete;
  ResetOnExit& operator=(const ResetOnExit&) = delete;

 private:
  Statement& statement_;
};

}  // namespace arbiter::storage
