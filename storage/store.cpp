#include "storage/store.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <iostream>
#include <iterator>
#include <mutex>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <variant>

#include "storage/schema.h"
#include "storage/sqlite.h"
#include "storage/variant_codec.h"

namespace arbiter::storage {
namespace {

// Bounds a transaction, so one commit never holds callers back for long.
constexpr std::size_t max_writes_per_transaction = 512;
// The most events one statement inserts (a power of two; 5 parameters each).
constexpr std::size_t kMaxEventsPerStatement = 256;
// A second process (backup, sqlite3 shell) may hold a lock for a moment; wait rather than fail.
constexpr int busy_timeout_ms = 5000;

void configure(Connection& db) {
  if (sqlite3_busy_timeout(db.handle(), busy_timeout_ms) != SQLITE_OK) {
    throw SqliteError(db.error_message());
  }
}

void configure_writer(Connection& db) {
  configure(db);
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

struct CreateGame {
  GameRecord game;
  std::vector<SeatRecord> seats;
};

struct AddSeat {
  std::string game_id;
  SeatRecord seat;
};

struct AddChat {
  std::string game_id;
  ChatRecord chat;
};

struct AppendEvent {
  std::string game_id;
  EventRecord event;
  std::optional<GameRecord> status_update;
};

struct MarkAlive {
  std::int64_t at_ms;
};

struct AddDowntime {
  DowntimeRecord downtime;
};

struct SaveAnalysis {
  std::string game_id;
  std::string body;
  std::int64_t at_ms;
};

using Operation = std::variant<CreateGame, AddSeat, AddChat, AppendEvent, MarkAlive, AddDowntime, SaveAnalysis>;

struct PendingWrite {
  Operation operation;
  Store::Done done;
  std::chrono::steady_clock::time_point queued = std::chrono::steady_clock::now();
};

// The writer connection and its statements; used by the writer thread only (and by open()
// before that thread starts).
class Writer {
 public:
  explicit Writer(const std::string& path)
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

  // Runs the batch in one transaction, each write atomic on its own (in a savepoint, or as one
  // statement), and returns one error per write (empty: committed), valid until the next run.
  // Events of distinct games that follow each other in the batch are inserted together by one
  // statement. Never throws: errors are reported, not raised.
  const std::vector<std::string>& run(const std::vector<PendingWrite>& batch) {
    errors_.assign(batch.size(), std::string());
    try {
      run_in_transaction(batch, errors_);
    } catch (const std::exception& error) {  // not from SQLite: out of memory and the like
      abandon_transaction();
      fail_all(errors_, "write failed: " + std::string(error.what()));
    }
    return errors_;
  }

  std::uint64_t transactions() const { return transactions_; }
  std::uint64_t shared_inserts() const { return shared_inserts_; }

 private:
  static Connection open_and_migrate(const std::string& path) {
    Connection db(path, Connection::Access::read_write_create);
    configure_writer(db);
    migrate(db);
    return db;
  }

  void run_in_transaction(const std::vector<PendingWrite>& batch,
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
  bool run_one(const std::vector<PendingWrite>& batch, std::size_t i, std::vector<std::string>& errors) {
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
  std::size_t plain_events_from(const std::vector<PendingWrite>& batch, std::size_t first) {
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
  static std::size_t events_statement_rows(std::size_t events) { return events < 2 ? events : std::bit_floor(events); }

  // Inserts batch[first, first + rows) by one statement, all or none, once a query has found no
  // gap before any of them (a repeat fails on the primary key, and the statement undoes itself).
  // One statement could do both, but reading the table it inserts into, SQLite would first copy
  // the rows aside.
  void insert_events(const std::vector<PendingWrite>& batch, std::size_t first, std::size_t rows) {
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

  struct EventStatements {
    EventStatements(Connection& db, const std::string& gaps_sql, const std::string& insert_sql)
        : gaps(db, gaps_sql), insert(db, insert_sql) {}
    Statement gaps;  // how many of the events do not follow their game's last
    Statement insert;
  };

  EventStatements& event_statements(std::size_t rows) {
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

  void apply(const CreateGame& write) {
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
  void insert_definition(const GameRecord& game) {
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

  void apply(const AddSeat& write) { insert_seat(write.game_id, write.seat); }

  void apply(const AddChat& write) {
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
  static bool is_one_statement(const Operation& operation) {
    if (const auto* event = std::get_if<AppendEvent>(&operation)) return !event->status_update;
    return !std::holds_alternative<CreateGame>(operation);
  }

  void apply(const AppendEvent& write) {
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

  void apply(const MarkAlive& write) {
    ResetOnExit reset(mark_alive_);
    mark_alive_.bind(1, write.at_ms);
    mark_alive_.step();
  }

  void apply(const AddDowntime& write) {
    ResetOnExit reset(insert_downtime_);
    insert_downtime_.bind(1, write.downtime.from_ms);
    insert_downtime_.bind(2, write.downtime.to_ms);
    insert_downtime_.step();
  }

  void apply(const SaveAnalysis& write) {
    ResetOnExit reset(insert_analysis_);
    insert_analysis_.bind(1, write.game_id);
    insert_analysis_.bind(2, write.body);
    insert_analysis_.bind(3, write.at_ms);
    insert_analysis_.step();
  }

  void insert_seat(const std::string& game_id, const SeatRecord& seat) {
    ResetOnExit reset(insert_seat_);
    insert_seat_.bind(1, game_id);
    insert_seat_.bind(2, seat.color);
    insert_seat_.bind(3, seat.token_hash);
    insert_seat_.bind(4, seat.name);
    insert_seat_.step();
  }

  // Rolls back the failed write alone; false when the whole transaction is lost (SQLite rolls
  // it back by itself after I/O errors, disk full and the like).
  bool undo_savepoint() {
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

  void abandon_transaction() {
    if (!db_.in_transaction()) return;
    try {
      rollback_.run();
    } catch (const std::exception& error) {
      // Nothing more can be done here; the next BEGIN will report the broken connection.
      std::cerr << "storage: rollback failed: " << error.what() << '\n';
    }
  }

  // Writes that had not failed on their own get `reason`.
  static void fail_all(std::vector<std::string>& errors, const std::string& reason) {
    for (std::string& error : errors) {
      if (error.empty()) error = reason;
    }
  }

  Connection db_;
  Statement begin_, commit_, rollback_;
  Statement savepoint_, release_, rollback_to_savepoint_;
  Statement insert_game_, insert_definition_, insert_seat_, insert_chat_, insert_event_, previous_event_, update_status_;
  Statement mark_alive_, insert_downtime_, insert_analysis_;
  // event_statements_[k]: those of 2^k events (prepared when first needed).
  std::array<std::unique_ptr<EventStatements>, std::bit_width(kMaxEventsPerStatement)> event_statements_;
  std::vector<std::string_view> games_seen_;  // plain_events_from()'s, kept for its capacity
  std::vector<std::string> errors_;  // run()'s, kept for its capacity
  std::uint64_t transactions_ = 0;
  std::uint64_t shared_inserts_ = 0;  // counted even if the commit then fails
};

// The read connection and its statements; callers hold `mutex`.
class Reader {
 public:
  explicit Reader(const std::string& path)
      : db_(open_read_only(path)),
        begin_(db_, "BEGIN"),
        end_(db_, "COMMIT"),
        select_game_(db_, "SELECT " + game_columns + " FROM games WHERE id = ?1"),
        select_in_play_(db_, "SELECT " + game_columns +
                                 " FROM games WHERE status <> 'finished' AND (status = 'playing'"
                                 " OR (SELECT COUNT(*) FROM seats s WHERE s.game_id = games.id) = 2)"
                                 " ORDER BY created_at_ms"),
        select_alive_(db_, "SELECT until_ms FROM alive WHERE id = 1"),
        select_downtimes_(db_, "SELECT from_ms, to_ms FROM downtimes ORDER BY rowid"),
        select_seats_(db_,
                      "SELECT color, token_hash, name FROM seats WHERE game_id = ?1"
                      " ORDER BY CASE color WHEN 'white' THEN 0 ELSE 1 END"),
        select_events_(db_,
                       "SELECT v, type, payload, at_ms FROM events WHERE game_id = ?1 ORDER BY v"),
        select_chat_(db_,
                     "SELECT seq, channel, author, name, text, at_ms FROM"
                     " (SELECT * FROM chat WHERE game_id = ?1 ORDER BY seq DESC LIMIT ?2) ORDER BY seq"),
        select_by_invite_(db_, "SELECT id FROM games WHERE invite_hash = ?1"),
        select_analysis_(db_, "SELECT body FROM analyses WHERE game_id = ?1"),
        count_by_status_(db_, "SELECT status, COUNT(*) FROM games GROUP BY status"),
        // `status <> 'finished'` lets SQLite use the index of unfinished games by creation.
        select_expired_waiting_(db_,
                                "SELECT id FROM games WHERE status <> 'finished' AND status = 'waiting'"
                                " AND created_at_ms < ?1 AND local = 0"
                                " AND (SELECT COUNT(*) FROM seats s WHERE s.game_id = games.id) < 2"
                                " ORDER BY created_at_ms LIMIT ?2"),
        select_playing_(db_, list_query("playing", "created_at_ms")),
        select_finished_(db_, list_query("finished", "ended_at_ms")),
        select_definition_(db_, "SELECT definition FROM variant_definitions WHERE hash = ?1") {}

  std::mutex mutex;

  std::optional<StoredGame> load_game(const std::string& id) {
    ReadTransaction transaction(*this);
    ResetOnExit reset(select_game_);
    select_game_.bind(1, id);
    if (!select_game_.step()) return std::nullopt;
    return load_rest(game_from_row(select_game_));
  }

  std::vector<StoredGame> load_in_play() {
    ReadTransaction transaction(*this);
    ResetOnExit reset(select_in_play_);
    std::vector<StoredGame> games;
    while (select_in_play_.step()) games.push_back(load_rest(game_from_row(select_in_play_)));
    return games;
  }

  std::optional<std::int64_t> alive_until() {
    ResetOnExit reset(select_alive_);
    if (!select_alive_.step()) return std::nullopt;
    return select_alive_.column_int(0);
  }

  std::vector<DowntimeRecord> downtimes() {
    ResetOnExit reset(select_downtimes_);
    std::vector<DowntimeRecord> spans;
    while (select_downtimes_.step()) spans.push_back({select_downtimes_.column_int(0), select_downtimes_.column_int(1)});
    return spans;
  }

  std::optional<std::string> game_by_invite(const std::string& invite_hash) {
    if (invite_hash.empty()) return std::nullopt;  // local games have no invite
    ResetOnExit reset(select_by_invite_);
    select_by_invite_.bind(1, invite_hash);
    if (!select_by_invite_.step()) return std::nullopt;
    return select_by_invite_.column_text(0);
  }

  std::optional<std::string> load_analysis(const std::string& game_id) {
    ResetOnExit reset(select_analysis_);
    select_analysis_.bind(1, game_id);
    if (!select_analysis_.step()) return std::nullopt;
    return select_analysis_.column_text(0);
  }

  std::vector<std::string> expired_waiting(std::int64_t created_before_ms, std::size_t limit) {
    ResetOnExit reset(select_expired_waiting_);
    select_expired_waiting_.bind(1, created_before_ms);
    select_expired_waiting_.bind(2, static_cast<std::int64_t>(limit));
    std::vector<std::string> ids;
    while (select_expired_waiting_.step()) ids.push_back(select_expired_waiting_.column_text(0));
    return ids;
  }

  std::vector<std::pair<std::string, std::int64_t>> games_by_status() {
    ResetOnExit reset(count_by_status_);
    std::vector<std::pair<std::string, std::int64_t>> counts;
    while (count_by_status_.step()) counts.emplace_back(count_by_status_.column_text(0), count_by_status_.column_int(1));
    return counts;
  }

  std::vector<GameSummary> list_games(const GameQuery& query) {
    std::vector<GameSummary> games;
    if (query.limit <= 0) return games;  // SQLite reads a negative LIMIT as "no limit"
    Statement& select = query.status == "playing" ? select_playing_ : select_finished_;
    ResetOnExit reset(select);
    if (query.variant.empty()) select.bind_null(1);
    else select.bind(1, query.variant);
    select.bind(2, query.before_ms);
    select.bind(3, query.before_id);
    select.bind(4, std::int64_t{query.limit});
    while (select.step()) {
      GameSummary summary{game_from_row(select), select.column_text(15), select.column_text(16)};
      games.push_back(std::move(summary));
    }
    return games;
  }

 private:
  // One snapshot for a game's row, seats and events together.
  class ReadTransaction {
   public:
    explicit ReadTransaction(Reader& reader) : reader_(reader) { reader_.begin_.run(); }
    ~ReadTransaction() {
      try {
        reader_.end_.run();
      } catch (const std::exception& error) {
        std::cerr << "storage: ending a read transaction failed: " << error.what() << '\n';
      }
    }
    ReadTransaction(const ReadTransaction&) = delete;
    ReadTransaction& operator=(const ReadTransaction&) = delete;

   private:
    Reader& reader_;
  };

  static inline const std::string game_columns =
      "id, variant, start_fen, initial_ms, increment_ms, local, invite_hash, status, result,"
      " reason, created_at_ms, ended_at_ms, plies, moves, variant_hash";

  // ?1 variant or NULL, ?2 before (time) or NULL, ?3 before's id, ?4 limit. Newest first; ties
  // on the time go by id so that a page boundary never skips or repeats a game.
  static std::string list_query(const std::string& status, const std::string& time) {
    std::string seat_name = "(SELECT name FROM seats s WHERE s.game_id = games.id AND s.color = ";
    return "SELECT " + game_columns + ", COALESCE(" + seat_name + "'white'), ''), COALESCE(" + seat_name +
           "'black'), '') FROM games WHERE status = '" + status + "'" +
           (status == "finished" ? " AND NOT (reason IN ('abort', 'expired') AND plies = 0)" : "") +
           " AND (?1 IS NULL OR variant = ?1)"
           " AND (?2 IS NULL OR " + time + " < ?2 OR (" + time + " = ?2 AND id < ?3))"
           " ORDER BY " + time + " DESC, id DESC LIMIT ?4";
  }

  static Connection open_read_only(const std::string& path) {
    Connection db(path, Connection::Access::read_only);
    configure(db);
    return db;
  }

  static GameRecord game_from_row(const Statement& row) {
    GameRecord game;
    game.id = row.column_text(0);
    game.variant = row.column_text(1);
    game.start_fen = row.column_text(2);
    game.initial_ms = row.column_optional_int(3);
    game.increment_ms = row.column_int(4);
    game.local = row.column_int(5) != 0;
    game.invite_hash = row.column_text(6);
    game.status = row.column_text(7);
    game.result = row.column_text(8);
    game.reason = row.column_text(9);
    game.created_at_ms = row.column_int(10);
    game.ended_at_ms = row.column_optional_int(11);
    game.plies = static_cast<int>(row.column_int(12));
    game.moves = static_cast<int>(row.column_int(13));
    game.variant_hash = row.column_text(14);
    return game;
  }

  StoredGame load_rest(GameRecord game) {
    StoredGame stored{std::move(game), {}, {}};
    if (!stored.game.variant_hash.empty()) {
      ResetOnExit reset(select_definition_);
      select_definition_.bind(1, stored.game.variant_hash);
      if (select_definition_.step()) stored.game.variant_definition = select_definition_.column_text(0);
    }
    {
      ResetOnExit reset(select_seats_);
      select_seats_.bind(1, stored.game.id);
      while (select_seats_.step()) {
        stored.seats.push_back({select_seats_.column_text(0), select_seats_.column_text(1), select_seats_.column_text(2)});
      }
    }
    {
      ResetOnExit reset(select_chat_);
      select_chat_.bind(1, stored.game.id);
      select_chat_.bind(2, std::int64_t{kChatKept} * kChatChannels);
      while (select_chat_.step()) {
        stored.chat.push_back({select_chat_.column_int(0), select_chat_.column_text(1), select_chat_.column_text(2),
                               select_chat_.column_text(3), select_chat_.column_text(4), select_chat_.column_int(5)});
      }
    }
    ResetOnExit reset(select_events_);
    select_events_.bind(1, stored.game.id);
    while (select_events_.step()) {
      stored.events.push_back({select_events_.column_int(0), select_events_.column_text(1),
                               select_events_.column_text(2), select_events_.column_int(3)});
    }
    return stored;
  }

  Connection db_;
  Statement begin_, end_;
  Statement select_game_, select_in_play_, select_alive_, select_downtimes_, select_seats_, select_events_,
      select_chat_;
  Statement select_by_invite_, select_analysis_, count_by_status_, select_expired_waiting_, select_playing_, select_finished_;
  Statement select_definition_;
};

class SqliteStore final : public Store {
 public:
  // The writer connection comes first: it creates the file, switches it to WAL and migrates,
  // all before the read-only connection opens.
  explicit SqliteStore(const std::string& path)
      : writer_(path), reader_(path), writer_thread_([this] { write_loop(); }) {}

  ~SqliteStore() override { close(); }

  void create_game(GameRecord game, std::vector<SeatRecord> seats, Done done) override {
    enqueue({CreateGame{std::move(game), std::move(seats)}, std::move(done)});
  }

  void add_seat(std::string game_id, SeatRecord seat, Done done) override {
    enqueue({AddSeat{std::move(game_id), std::move(seat)}, std::move(done)});
  }

  void add_chat(std::string game_id, ChatRecord chat, Done done) override {
    enqueue({AddChat{std::move(game_id), std::move(chat)}, std::move(done)});
  }

  void append_event(std::string game_id, EventRecord event,
                    std::optional<GameRecord> status_update, Done done) override {
    enqueue({AppendEvent{std::move(game_id), std::move(event), std::move(status_update)},
             std::move(done)});
  }

  void mark_alive(std::int64_t at_ms, Done done) override { enqueue({MarkAlive{at_ms}, std::move(done)}); }

  void add_downtime(DowntimeRecord downtime, Done done) override { enqueue({AddDowntime{downtime}, std::move(done)}); }

  void save_analysis(std::string game_id, std::string body, std::int64_t at_ms, Done done) override {
    enqueue({SaveAnalysis{std::move(game_id), std::move(body), at_ms}, std::move(done)});
  }

  std::optional<std::string> load_analysis(const std::string& game_id) override {
    std::lock_guard lock(reader_.mutex);
    return reader_.load_analysis(game_id);
  }

  std::vector<DowntimeRecord> downtimes() override {
    std::lock_guard lock(reader_.mutex);
    return reader_.downtimes();
  }

  std::vector<std::string> expired_waiting(std::int64_t created_before_ms, std::size_t limit) override {
    std::lock_guard lock(reader_.mutex);
    return reader_.expired_waiting(created_before_ms, limit);
  }

  std::vector<StoredGame> load_in_play() override {
    std::lock_guard lock(reader_.mutex);
    return reader_.load_in_play();
  }

  std::optional<std::int64_t> alive_until() override {
    std::lock_guard lock(reader_.mutex);
    return reader_.alive_until();
  }

  std::optional<StoredGame> load_game(const std::string& id) override {
    std::lock_guard lock(reader_.mutex);
    return reader_.load_game(id);
  }

  std::optional<std::string> game_by_invite(const std::string& invite_hash) override {
    std::lock_guard lock(reader_.mutex);
    return reader_.game_by_invite(invite_hash);
  }

  std::vector<GameSummary> list_games(const GameQuery& query) override {
    std::lock_guard lock(reader_.mutex);
    return reader_.list_games(query);
  }

  std::vector<std::pair<std::string, std::int64_t>> games_by_status() override {
    std::lock_guard lock(reader_.mutex);
    return reader_.games_by_status();
  }

  void on_commit(std::function<void(const CommitReport&)> observer) override {
    std::lock_guard lock(queue_mutex_);
    commit_observer_ = std::make_shared<const std::function<void(const CommitReport&)>>(std::move(observer));
  }

  void close() override {
    std::lock_guard close_lock(close_mutex_);
    {
      std::lock_guard lock(queue_mutex_);
      closing_ = true;
    }
    queue_changed_.notify_one();
    if (writer_thread_.joinable()) writer_thread_.join();
  }

  WriteStats write_stats() const override {
    return {writes_done_.load(), transactions_done_.load(), shared_inserts_done_.load()};
  }

 private:
  void enqueue(PendingWrite write) {
    bool first = false;
    bool closed = false;
    {
      std::lock_guard lock(queue_mutex_);
      closed = closing_;
      if (!closed) {
        first = queue_.empty();
        queue_.push_back(std::move(write));
      }
    }
    if (closed) return report(write.done, "store is closed");  // not under the lock: it may write again
    // Only the first write of a batch wakes the writer: with writes queued it is awake or woken
    // already. Woken after the unlock, it does not wait at once for the lock held here.
    if (first) queue_changed_.notify_one();
  }

  void write_loop() {
    std::vector<PendingWrite> batch;
    for (;;) {
      std::shared_ptr<const std::function<void(const CommitReport&)>> observer;
      {
        std::unique_lock lock(queue_mutex_);
        queue_changed_.wait(lock, [this] { return !queue_.empty() || closing_; });
        if (queue_.empty()) return;  // closing, and everything is written
        // Read after the wait: an observer set while this thread slept sees this batch too.
        observer = commit_observer_;
        if (queue_.size() <= max_writes_per_transaction) {
          batch.swap(queue_);
        } else {
          const auto end = queue_.begin() + static_cast<std::ptrdiff_t>(max_writes_per_transaction);
          batch.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(end));
          queue_.erase(queue_.begin(), end);
        }
      }
      const std::vector<std::string>& errors = writer_.run(batch);
      transactions_done_.store(writer_.transactions());
      shared_inserts_done_.store(writer_.shared_inserts());
      if (observer && *observer) report_commit(*observer, batch, report_);
      for (std::size_t i = 0; i < batch.size(); ++i) {
        ++writes_done_;
        report(batch[i].done, errors[i]);
      }
      batch.clear();
    }
  }

  // `report`: the writer's, reused for its capacity.
  static void report_commit(const std::function<void(const CommitReport&)>& observer,
                            const std::vector<PendingWrite>& batch, CommitReport& report) {
    const auto committed = std::chrono::steady_clock::now();
    report.writes = batch.size();
    report.waits.clear();
    for (const PendingWrite& write : batch) report.waits.push_back(committed - write.queued);
    try {
      observer(report);
    } catch (const std::exception& exception) {
      std::cerr << "storage: the commit observer threw: " << exception.what() << '\n';
    }
  }

  // Calls `done`; an exception from a caller's callback must not kill the writer thread.
  static void report(const Done& done, const std::string& error) {
    if (!done) return;
    try {
      done(error.empty(), error);
    } catch (const std::exception& exception) {
      std::cerr << "storage: a write callback threw: " << exception.what() << '\n';
    } catch (...) {
      std::cerr << "storage: a write callback threw\n";
    }
  }

  Writer writer_;
  Reader reader_;

  std::mutex queue_mutex_;
  std::condition_variable queue_changed_;
  std::vector<PendingWrite> queue_;  // swapped with the writer's batch: neither allocates once grown
  bool closing_ = false;
  std::shared_ptr<const std::function<void(const CommitReport&)>> commit_observer_;
  CommitReport report_;  // the writer thread's

  std::mutex close_mutex_;
  std::atomic<std::uint64_t> writes_done_{0};
  std::atomic<std::uint64_t> transactions_done_{0};
  std::atomic<std::uint64_t> shared_inserts_done_{0};

  // Last member: the thread starts once everything it uses is constructed.
  std::thread writer_thread_;
};

}  // namespace

std::unique_ptr<Store> Store::open(const std::string& path) {
  // Connections move between threads (open, writer, readers), which a single-thread build of
  // SQLite does not allow.
  if (sqlite3_threadsafe() == 0) {
    throw std::runtime_error("SQLite is built without thread support");
  }
  return std::make_unique<SqliteStore>(path);
}

}  // namespace arbiter::storage
