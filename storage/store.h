#pragma once
// The only owner of the SQLite database. Writes go through one writer thread that commits
// whatever has queued up in one transaction (group commit) and only then reports each write
// durable; reads use their own connection (WAL lets them run beside the writer).
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::storage {

struct GameRecord {
  std::string id;                 // public game id (URL-safe)
  std::string variant;
  std::string start_fen;
  std::optional<std::int64_t> initial_ms;    // no value: untimed
  std::int64_t increment_ms = 0;
  bool local = false;
  std::string invite_hash;        // SHA-256 hex of the invite code; empty for local games
  std::string status = "waiting"; // waiting | playing | finished
  std::string result = "*";
  std::string reason;
  std::int64_t created_at_ms = 0;
  std::optional<std::int64_t> ended_at_ms;
};

struct SeatRecord {
  std::string color;       // white | black
  std::string token_hash;  // SHA-256 hex of the seat token
};

// One event of a game, numbered v = 1, 2, ... with no gaps; payload is JSON text that the
// server and protocol layers define (a move, a draw offer, an end, an umpire answer...).
struct EventRecord {
  std::int64_t v = 0;
  std::string type;
  std::string payload;
  std::int64_t at_ms = 0;
};

struct StoredGame {
  GameRecord game;
  std::vector<SeatRecord> seats;
  std::vector<EventRecord> events;
};

struct FinishedSummary {
  std::string id, variant, result, reason;
  std::int64_t ended_at_ms = 0;
};

// Counters of the writer thread, for benchmarks and metrics.
struct WriteStats {
  std::uint64_t writes = 0;        // writes handled, failed ones included
  std::uint64_t transactions = 0;  // transactions committed
};

// What the writer thread reports after each transaction (for metrics; storage knows no metrics
// library): how many writes it held and, for each, the time from being queued until its commit
// was synced to disk (or failed).
struct CommitReport {
  std::size_t writes = 0;
  std::vector<std::chrono::steady_clock::duration> waits;
};

class Store {
 public:
  using Done = std::function<void(bool ok, const std::string& error)>;

  // Opens or creates the database (WAL, schema migrations). Throws std::runtime_error.
  static std::unique_ptr<Store> open(const std::string& path);
  virtual ~Store() = default;

  // Asynchronous writes, applied in the order they are called. `done` runs on the writer
  // thread after the transaction holding the write has committed (or failed); callers post
  // from there to their own executor. Each call is atomic on its own: a failing write (say a
  // constraint violation) is rolled back alone and the others of its transaction commit.
  // `done` must not call close() nor destroy the Store. A write made after close() fails at
  // once, its `done` running on the calling thread.
  virtual void create_game(GameRecord game, std::vector<SeatRecord> seats, Done done) = 0;
  virtual void add_seat(std::string game_id, SeatRecord seat, Done done) = 0;
  // Appends an event; when `status_update` is given the game's row is updated in the same
  // transaction (status, result, reason, ended_at_ms).
  // The event must be the game's next one (v = last stored v + 1, or 1); anything else fails.
  virtual void append_event(std::string game_id, EventRecord event,
                            std::optional<GameRecord> status_update, Done done) = 0;

  // Synchronous reads (from any thread). Throw std::runtime_error on database errors.
  virtual std::optional<StoredGame> load_game(const std::string& id) = 0;
  virtual std::vector<StoredGame> load_unfinished() = 0;
  virtual std::optional<std::string> game_by_invite(const std::string& invite_hash) = 0;
  virtual std::vector<FinishedSummary> finished_games(int limit) = 0;

  // Waits until every queued write is committed, then stops the writer. Reads keep working.
  virtual void close() = 0;

  // Not pure so that test doubles need not implement it (they report zeros).
  virtual WriteStats write_stats() const { return {}; }
  // Called on the writer thread after every transaction; set it before the first write. It must
  // not block nor call back into the store.
  virtual void on_commit(std::function<void(const CommitReport&)> observer) { (void)observer; }
  // How many games have each status ("waiting", "playing", "finished"); read like the others.
  virtual std::vector<std::pair<std::string, std::int64_t>> games_by_status() { return {}; }
};

}  // namespace arbiter::storage
