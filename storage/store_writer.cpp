// The writer connection: runs each batch of queued writes in one transaction (group commit).
#include "storage/store_writer.h"

#include <algorithm>
#include <iostream>
#include <stdexcept>

#include "storage/schema.h"
#include "storage/variant_codec.h"

namespace arbiter::storage {
namespace {

void configure_writer(Connection& db) {
  wait_for_locks(db);
  if (db.query_text("PRAGMA journal_mode = WAL") != "wal") {
    throw SqliteError("the database cannot use WAL journal mode");
  }
  // A write is acknowledged to players once its transaction commits, so the commit must survive
  // power loss: FULL syncs the WAL at every commit; NORMAL in WAL mode would only sync at
  // checkpoints and could lose the last acknowledged moves.
  db.exec("PRAGMA synchronous = FULL");
  // Copies the WAL into the database every 8,000 pages (32 MiB at 4 KiB), not 1,000: a game's
  // page is written to the WAL at each of its moves, to the database once per checkpoint, so a
  // longer WAL copies each page once for more moves (durability is the WAL's sync, unchanged).
  db.exec("PRAGMA wal_autocheckpoint = 8000");
  db.exec("PRAGMA foreign_keys = ON");
  // A statement inserting several events keeps what it changes aside until it ends, to undo
  // itself if it fails: in memory, not in a temporary file written page by page.
  db.exec("PRAGMA temp_store = MEMORY");
}

}  // namespace

Writer::Writer(const std::string& path)
    : db_(open_and_migrate(path)),
      begin_(db_, "BEGIN IMMEDIATE"),
      commit_(db_, "COMMIT"),
      rollback_(db_, "ROLLBACK"),
      savepoint_(db_, "SAVEPOINT write"),
      release_(db_, "RELEASE write"),
      rollback_to_savepoint_(db_, "ROLLBACK TO write"),
      insert_game_(db_,
                   "INSERT INTO games (id, variant, start_fen, initial_ms, increment_ms, local,"
                   " invite_hash, status, result, reason, created_at_ms, ended_at_ms, variant_hash)"
                   " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"),
      insert_definition_(db_,
                         "INSERT INTO variant_definitions (hash, name, definition) VALUES (?1, ?2, ?3)"
                         " ON CONFLICT (hash) DO NOTHING"),
      insert_seat_(db_, "INSERT INTO seats (game_id, color, token_hash, name) VALUES (?1, ?2, ?3, ?4)"),
      insert_chat_(db_,
                   "INSERT INTO chat (game_id, seq, channel, author, name, text, at_ms)"
                   " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
      // One statement: inserted only where it follows the game's last event (or repeats one,
      // which the primary key then refuses with SQLite's own constraint error).
      insert_event_(db_,
                    "INSERT INTO events (game_id, v, type, payload, at_ms)"
                    " SELECT ?1, ?2, ?3, ?4, ?5"
                    " WHERE (SELECT COALESCE(MAX(v), 0) FROM events WHERE game_id = ?1) >= ?2 - 1"),
      previous_event_(db_,
                      "SELECT COALESCE(MAX(v), 0) FROM events WHERE game_id = ?1 AND v < ?2"),
      update_status_(db_,
                     "UPDATE games SET status = ?2, result = ?3, reason = ?4, ended_at_ms = ?5, plies = ?6,"
                     " moves = ?7"
                     " WHERE id = ?1"),
      mark_alive_(db_,
                  "INSERT INTO alive (id, until_ms) VALUES (1, ?1)"
                  " ON CONFLICT (id) DO UPDATE SET until_ms = excluded.until_ms"),
      insert_downtime_(db_, "INSERT INTO downtimes (from_ms, to_ms) VALUES (?1, ?2)"),
      insert_analysis_(db_, "INSERT INTO analyses (game_id, body, created_at_ms) VALUES (?1, ?2, ?3)") {}

const std::vector<std::string>& Writer::run(const std::vector<PendingWrite>& batch) {
  errors_.assign(batch.size(), std::string());
  try {
    run_in_transaction(batch, errors_);
  } catch (const std::exception& error) {  // not from SQLite: out of memory and the like
    abandon_transaction();
    fail_all(errors_, "write failed: " + std::string(error.what()));
  }
  return errors_;
}

Connection Writer::open_and_migrate(const std::string& path) {
  Connection db(path, Connection::Access::read_write_create);
  configure_writer(db);
  migrate(db);
  return db;
}

void Writer::run_in_transaction(const std::vector<PendingWrite>& batch,
                        std::vector<std::string>& errors) {
  try {
    begin_.run();
  } catch (const std::exception& error) {
    fail_all(errors, "cannot begin transaction: " + std::string(error.what()));
    return;
  }
  for (std::size_t i = 0; i < batch.size();) {
    const std::size_t rows = events_statement_rows(plain_events_from(batch, i));
    if (rows < 2) {
      if (!run_one(batch, i, errors)) return;
      ++i;
      continue;
    }
    try {
      insert_events(batch, i, rows);
      shared_inserts_ += rows;
    } catch (const std::exception& error) {
      // The statement undid itself; each write on its own then finds which failed, and why.
      if (!db_.in_transaction()) {
        fail_all(errors, "transaction aborted: " + std::string(error.what()));
        return;
      }
      for (std::size_t j = i; j < i + rows; ++j)
        if (!run_one(batch, j, errors)) return;
    }
    i += rows;
  }
  try {
    commit_.run();
    ++transactions_;
  } catch (const std::exception& error) {
    abandon_transaction();
    fail_all(errors, "commit failed: " + std::string(error.what()));
  }
}

// Runs one write; false when its failure lost the whole transaction (errors then filled in).
bool Writer::run_one(const std::vector<PendingWrite>& batch, std::size_t i, std::vector<std::string>& errors) {
  // A write of one statement needs no savepoint: SQLite undoes a failed statement by itself.
  const bool one_statement = is_one_statement(batch[i].operation);
  try {
    if (!one_statement) savepoint_.run();
    std::visit([this](const auto& operation) { apply(operation); }, batch[i].operation);
    if (!one_statement) release_.run();
  } catch (const std::exception& error) {
    errors[i] = error.what();
    if (one_statement ? !db_.in_transaction() : !undo_savepoint()) {
      fail_all(errors, "transaction aborted: " + errors[i]);
      return false;
    }
  }
  return true;
}

// How many writes from `first` on are events without a status update, each of another game:
// those can be inserted by one statement (a game's second event must see its first stored).
std::size_t Writer::plain_events_from(const std::vector<PendingWrite>& batch, std::size_t first) {
  games_seen_.clear();
  std::size_t end = first;
  for (; end < batch.size() && end - first < kMaxEventsPerStatement; ++end) {
    const auto* event = std::get_if<AppendEvent>(&batch[end].operation);
    if (!event || event->status_update || std::ranges::find(games_seen_, event->game_id) != games_seen_.end()) break;
    games_seen_.push_back(event->game_id);
  }
  return end - first;
}

// The statements come in sizes of powers of two (few to prepare): the largest that fits.
std::size_t Writer::events_statement_rows(std::size_t events) { return events < 2 ? events : std::bit_floor(events); }

// Inserts batch[first, first + rows) by one statement, all or none, once a query has found no
// gap before any of them (a repeat fails on the primary key, and the statement undoes itself).
// One statement could do both, but reading the table it inserts into, SQLite would first copy
// the rows aside.
void Writer::insert_events(const std::vector<PendingWrite>& batch, std::size_t first, std::size_t rows) {
  EventStatements& statements = event_statements(rows);
  {
    ResetOnExit reset(statements.gaps);
    for (std::size_t row = 0; row < rows; ++row) {
      const auto& write = std::get<AppendEvent>(batch[first + row].operation);
      statements.gaps.bind_borrowed(static_cast<int>(row * 2 + 1), write.game_id);
      statements.gaps.bind(static_cast<int>(row * 2 + 2), write.event.v);
    }
    statements.gaps.step();
    if (statements.gaps.column_int(0) != 0) throw SqliteError("an event does not follow its game's last");
  }
  ResetOnExit reset(statements.insert);
  for (std::size_t row = 0; row < rows; ++row) {
    const auto& write = std::get<AppendEvent>(batch[first + row].operation);
    const int column = static_cast<int>(row * 5);
    statements.insert.bind_borrowed(column + 1, write.game_id);
    statements.insert.bind(column + 2, write.event.v);
    statements.insert.bind_borrowed(column + 3, write.event.type);
    statements.insert.bind_borrowed(column + 4, write.event.payload);
    statements.insert.bind(column + 5, write.event.at_ms);
  }
  statements.insert.step();
}

Writer::EventStatements& Writer::event_statements(std::size_t rows) {
  auto& statements = event_statements_[std::countr_zero(rows)];
  if (!statements) {
    std::string pairs, rows_of_five;
    for (std::size_t row = 0; row < rows; ++row) {
      pairs += row ? ", (?, ?)" : "(?, ?)";
      rows_of_five += row ? ", (?, ?, ?, ?, ?)" : "(?, ?, ?, ?, ?)";
    }
    statements = std::make_unique<EventStatements>(
        db_,
        "SELECT COUNT(*) FROM (VALUES " + pairs + ") AS batch"
        " WHERE (SELECT COALESCE(MAX(v), 0) FROM events WHERE game_id = batch.column1) < batch.column2 - 1",
        "INSERT INTO events (game_id, v, type, payload, at_ms) VALUES " + rows_of_five);
  }
  return *statements;
}

void Writer::apply(const CreateGame& write) {
  const GameRecord& game = write.game;
  insert_definition(game);
  ResetOnExit reset(insert_game_);
  insert_game_.bind(1, game.id);
  insert_game_.bind(2, game.variant);
  insert_game_.bind(3, game.start_fen);
  insert_game_.bind(4, game.initial_ms);
  insert_game_.bind(5, game.increment_ms);
  insert_game_.bind(6, std::int64_t{game.local ? 1 : 0});
  if (game.invite_hash.empty()) {
    insert_game_.bind_null(7);
  } else {
    insert_game_.bind(7, game.invite_hash);
  }
  insert_game_.bind(8, game.status);
  insert_game_.bind(9, game.result);
  insert_game_.bind(10, game.reason);
  insert_game_.bind(11, game.created_at_ms);
  insert_game_.bind(12, game.ended_at_ms);
  insert_game_.bind(13, game.variant_hash);
  insert_game_.step();
  for (const SeatRecord& seat : write.seats) insert_seat(game.id, seat);
}

// A game is stored with the rules it is played under, the definition once per hash.
void Writer::insert_definition(const GameRecord& game) {
  if (game.variant_hash.empty() || game.variant_definition.empty())
    throw std::runtime_error("game " + game.id + ": no variant definition given");
  if (sha256_hex(game.variant_definition) != game.variant_hash)
    throw std::runtime_error("game " + game.id + ": the variant definition does not match its hash");
  ResetOnExit reset(insert_definition_);
  insert_definition_.bind(1, game.variant_hash);
  insert_definition_.bind(2, game.variant);
  insert_definition_.bind(3, game.variant_definition);
  insert_definition_.step();
}

void Writer::apply(const AddSeat& write) { insert_seat(write.game_id, write.seat); }

void Writer::apply(const AddChat& write) {
  const ChatRecord& chat = write.chat;
  ResetOnExit reset(insert_chat_);
  insert_chat_.bind(1, write.game_id);
  insert_chat_.bind(2, chat.seq);
  insert_chat_.bind(3, chat.channel);
  insert_chat_.bind(4, chat.author);
  insert_chat_.bind(5, chat.name);
  insert_chat_.bind(6, chat.text);
  insert_chat_.bind(7, chat.at_ms);
  insert_chat_.step();
}

// SQL statements a write runs: one (the usual event, a chat line) needs no savepoint.
bool Writer::is_one_statement(const Operation& operation) {
  if (const auto* event = std::get_if<AppendEvent>(&operation)) return !event->status_update;
  return !std::holds_alternative<CreateGame>(operation);
}

void Writer::apply(const AppendEvent& write) {
  const EventRecord& event = write.event;
  {
    ResetOnExit reset(insert_event_);
    insert_event_.bind(1, write.game_id);
    insert_event_.bind(2, event.v);
    insert_event_.bind(3, event.type);
    insert_event_.bind(4, event.payload);
    insert_event_.bind(5, event.at_ms);
    insert_event_.step();
  }
  if (sqlite3_changes(db_.handle()) == 0) {  // a gap: nothing inserted; said as it was
    ResetOnExit reset(previous_event_);
    previous_event_.bind(1, write.game_id);
    previous_event_.bind(2, event.v);
    previous_event_.step();
    throw SqliteError("event v " + std::to_string(event.v) + " of game " + write.game_id +
                      " does not follow the last stored v " + std::to_string(previous_event_.column_int(0)));
  }
  if (write.status_update) {
    const GameRecord& update = *write.status_update;
    ResetOnExit reset(update_status_);
    update_status_.bind(1, write.game_id);
    update_status_.bind(2, update.status);
    update_status_.bind(3, update.result);
    update_status_.bind(4, update.reason);
    update_status_.bind(5, update.ended_at_ms);
    update_status_.bind(6, std::int64_t{update.plies});
    update_status_.bind(7, std::int64_t{update.moves});
    update_status_.step();
  }
}

void Writer::apply(const MarkAlive& write) {
  ResetOnExit reset(mark_alive_);
  mark_alive_.bind(1, write.at_ms);
  mark_alive_.step();
}

void Writer::apply(const AddDowntime& write) {
  ResetOnExit reset(insert_downtime_);
  insert_downtime_.bind(1, write.downtime.from_ms);
  insert_downtime_.bind(2, write.downtime.to_ms);
  insert_downtime_.step();
}

void Writer::apply(const SaveAnalysis& write) {
  ResetOnExit reset(insert_analysis_);
  insert_analysis_.bind(1, write.game_id);
  insert_analysis_.bind(2, write.body);
  insert_analysis_.bind(3, write.at_ms);
  insert_analysis_.step();
}

void Writer::insert_seat(const std::string& game_id, const SeatRecord& seat) {
  ResetOnExit reset(insert_seat_);
  insert_seat_.bind(1, game_id);
  insert_seat_.bind(2, seat.color);
  insert_seat_.bind(3, seat.token_hash);
  insert_seat_.bind(4, seat.name);
  insert_seat_.step();
}

// Rolls back the failed write alone; false when the whole transaction is lost (SQLite rolls
// it back by itself after I/O errors, disk full and the like).
bool Writer::undo_savepoint() {
  if (!db_.in_transaction()) return false;
  try {
    rollback_to_savepoint_.run();
    release_.run();
    return true;
  } catch (const std::exception&) {
    abandon_transaction();
    return false;
  }
}

void Writer::abandon_transaction() {
  if (!db_.in_transaction()) return;
  try {
    rollback_.run();
  } catch (const std::exception& error) {
    // Nothing more can be done here; the next BEGIN will report the broken connection.
    std::cerr << "storage: rollback failed: " << error.what() << '\n';
  }
}

// Writes that had not failed on their own get `reason`.
void Writer::fail_all(std::vector<std::string>& errors, const std::string& reason) {
  for (std::string& error : errors) {
    if (error.empty()) error = reason;
  }
}

}  // namespace arbiter::storage
