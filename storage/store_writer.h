#pragma once
// The writer connection: runs each batch of queued writes in one transaction (group commit),
// each write atomic on its own. Used by the store's writer thread only (and by Store::open
// before that thread starts).
#include <array>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "storage/sqlite.h"
#include "storage/store.h"

namespace arbiter::storage {

// The writes a caller queues, one kind per Store method.
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

class Writer {
 public:
  // Opens (or creates) the database for writing, in WAL mode, and migrates its schema.
  explicit Writer(const std::string& path);

  // Runs the batch in one transaction, each write atomic on its own (in a savepoint, or as one
  // statement), and returns one error per write (empty: committed), valid until the next run.
  // Events of distinct games that follow each other in the batch are inserted together by one
  // statement. Never throws: errors are reported, not raised.
  const std::vector<std::string>& run(const std::vector<PendingWrite>& batch);

  std::uint64_t transactions() const { return transactions_; }
  std::uint64_t shared_inserts() const { return shared_inserts_; }

 private:
  // The most events one statement inserts (a power of two; 5 parameters each).
  static constexpr std::size_t kMaxEventsPerStatement = 256;

  struct EventStatements {
    EventStatements(Connection& db, const std::string& gaps_sql, const std::string& insert_sql)
        : gaps(db, gaps_sql), insert(db, insert_sql) {}
    Statement gaps;  // how many of the events do not follow their game's last
    Statement insert;
  };

  static Connection open_and_migrate(const std::string& path);
  void run_in_transaction(const std::vector<PendingWrite>& batch, std::vector<std::string>& errors);
  bool run_one(const std::vector<PendingWrite>& batch, std::size_t i, std::vector<std::string>& errors);
  std::size_t plain_events_from(const std::vector<PendingWrite>& batch, std::size_t first);
  static std::size_t events_statement_rows(std::size_t events);
  void insert_events(const std::vector<PendingWrite>& batch, std::size_t first, std::size_t rows);
  EventStatements& event_statements(std::size_t rows);
  static bool is_one_statement(const Operation& operation);
  void apply(const CreateGame& write);
  void apply(const AddSeat& write);
  void apply(const AddChat& write);
  void apply(const AppendEvent& write);
  void apply(const MarkAlive& write);
  void apply(const AddDowntime& write);
  void apply(const SaveAnalysis& write);
  void insert_definition(const GameRecord& game);
  void insert_seat(const std::string& game_id, const SeatRecord& seat);
  bool undo_savepoint();
  void abandon_transaction();
  static void fail_all(std::vector<std::string>& errors, const std::string& reason);

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

}  // namespace arbiter::storage
