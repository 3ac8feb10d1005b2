#include "storage/sqlite.h"

#include "storage/wal_batching_vfs.h"

namespace arbiter::storage {

Connection::Connection(const std::string& path, Access access) {
  const int flags = access == Access::read_only ? SQLITE_OPEN_READONLY
                                                : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, wal_batching_vfs());
  if (rc != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close_v2(db_);
    throw SqliteError("cannot open database " + path + ": " + message);
  }
  sqlite3_extended_result_codes(db_, 1);
}

Connection::~Connection() { sqlite3_close_v2(db_); }

void Connection::exec(const char* sql) {
  char* raw_message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &raw_message) != SQLITE_OK) {
    std::string message = raw_message ? raw_message : error_message();
    sqlite3_free(raw_message);
    throw SqliteError(message);
  }
}

std::string Connection::query_text(const char* sql) {
  Statement statement(*this, sql);
  ResetOnExit reset(statement);
  return statement.step() ? statement.column_text(0) : std::string();
}

void wait_for_locks(Connection& db) {
  constexpr int busy_timeout_ms = 5000;
  if (sqlite3_busy_timeout(db.handle(), busy_timeout_ms) != SQLITE_OK) {
    throw SqliteError(db.error_message());
  }
}

Statement::Statement(Connection& connection, std::string_view sql) : connection_(connection) {
  // PERSISTENT: these statements live as long as the connection, so SQLite may place them
  // outside its short-lived lookaside memory.
  if (sqlite3_prepare_v3(connection.handle(), sql.data(), static_cast<int>(sql.size()),
                         SQLITE_PREPARE_PERSISTENT, &statement_, nullptr) != SQLITE_OK) {
    throw SqliteError("cannot prepare \"" + std::string(sql) + "\": " + connection.error_message());
  }
}

Statement::~Statement() { sqlite3_finalize(statement_); }

void Statement::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(statement_, index, value) != SQLITE_OK) {
    throw SqliteError(connection_.error_message());
  }
}

void Statement::bind(int index, const std::optional<std::int64_t>& value) {
  if (value) {
    bind(index, *value);
  } else {
    bind_null(index);
  }
}

void Statement::bind(int index, std::string_view text) {
  if (sqlite3_bind_text64(statement_, index, text.data(), text.size(), SQLITE_TRANSIENT,
                          SQLITE_UTF8) != SQLITE_OK) {
    throw SqliteError(connection_.error_message());
  }
}

void Statement::bind_borrowed(int index, std::string_view text) {
  if (sqlite3_bind_text64(statement_, index, text.data(), text.size(), SQLITE_STATIC, SQLITE_UTF8) != SQLITE_OK) {
    throw SqliteError(connection_.error_message());
  }
}

void Statement::bind_null(int index) {
  if (sqlite3_bind_null(statement_, index) != SQLITE_OK) {
    throw SqliteError(connection_.error_message());
  }
}

bool Statement::step() {
  switch (sqlite3_step(statement_)) {
    case SQLITE_ROW:
      return true;
    case SQLITE_DONE:
      return false;
    default:
      throw SqliteError(connection_.error_message());
  }
}

void Statement::run() {
  ResetOnExit reset(*this);
  step();
}

void Statement::reset() {
  sqlite3_reset(statement_);
  sqlite3_clear_bindings(statement_);
}

std::int64_t Statement::column_int(int index) const {
  return sqlite3_column_int64(statement_, index);
}

std::optional<std::int64_t> Statement::column_optional_int(int index) const {
  if (sqlite3_column_type(statement_, index) == SQLITE_NULL) return std::nullopt;
  return column_int(index);
}

std::string Statement::column_text(int index) const {
  const auto* text = sqlite3_column_text(statement_, index);
  if (!text) return {};
  return std::string(reinterpret_cast<const char*>(text),
                     static_cast<std::size_t>(sqlite3_column_bytes(statement_, index)));
}

}  // namespace arbiter::storage
