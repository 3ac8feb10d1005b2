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
  int plies = 0;                  // moves played; kept up to date at the end
  int moves = 0;                  // the same as the move list numbers them (a turn of two moves is one)
  // The rules the game is played under (storage/variant_codec.h): the SHA-256 of its variant's
  // definition, and the definition itself. create_game needs both and stores the definition once
  // per hash; the loads of whole games fill both (the lists only the hash). See variant_of().
  std::string variant_hash{};
  std::string variant_definition{};
};

struct SeatRecord {
  std::string color;       // white | black
  std::string token_hash;  // SHA-256 hex of the seat token
  std::string name{};      // the player's display name
};

// A chat message, numbered per game (seq = 1, 2, ...); not a game event.
struct ChatRecord {
  std::int64_t seq = 0;
  std::string channel;  // players | spectators
  std::string author;   // white | black | spectator
  std::string name;
  std::string text;
  std::int64_t at_ms = 0;
};

// One event of a game, numbered v = 1, 2, ... with no gaps; type and payload as
// storage/event_codec.h encodes a match::Event (the store itself keeps them as they come).
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
  std::vector<ChatRecord> chat{};  // the latest kChatKept of each channel, oldest first
};

// Chat lines a game keeps of each channel (players', spectators'); the store drops the older
// itself (schema step 7, which names the number: changing it takes a new step).
inline constexpr int kChatKept = 100;
inline constexpr int kChatChannels = 2;

// A span of wall-clock time the server was down: from its last alive mark to a restart.
struct DowntimeRecord {
  std::int64_t from_ms = 0;
  std::int64_t to_ms = 0;
};

// A page of a game list: games in play by start, finished ones by end, newest first.
struct GameQuery {
  std::string status;   // playing | finished
  std::string variant;  // empty: any
  // Only games older than this position (from the previous page's last game).
  std::optional<std::int64_t> before_ms;
  std::string before_id;  // with before_ms: ties on the time go by id, descending
  int limit = 20;
};

struct GameSummary {
  GameRecord game;
  std::string white_name, black_name;
};

// Counters of the writer thread, for benchmarks and metrics.
struct WriteStats {
  std::uint64_t writes = 0;        // writes handled, failed ones included
  std::uint64_t transactions = 0;  // transactions committed
  std::uint64_t shared_inserts = 0;  // events inserted by one statement together with others
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
  virtual void add_chat(std::string game_id, ChatRecord chat, Done done) = 0;
  // Appends an event; when `status_update` is given the game's row is updated in the same
  // transaction (status, result, reason, ended_at_ms, plies).
  // The event must be the game's next one (v = last stored v + 1, or 1); anything else fails.
  virtual void append_event(std::string game_id, EventRecord event,
                            std::optional<GameRecord> status_update, Done done) = 0;
  // Records that the server is alive at `at_ms` (wall clock): a heartbeat, or a clean shutdown.
  virtual void mark_alive(std::int64_t at_ms, Done done) = 0;
  // Records a span the server was down (its last mark to a restart).
  virtual void add_downtime(DowntimeRecord downtime, Done done) = 0;
  // Stores a finished game's analysis (JSON text); a game has one: a second fails.
  virtual void save_analysis(std::string game_id, std::string body, std::int64_t at_ms, Done done) = 0;

  // Synchronous reads (from any thread). Throw std::runtime_error on database errors.
  virtual std::optional<StoredGame> load_game(const std::string& id) = 0;
  // The games a restart resumes: those in play, and those whose two seats are given but whose
  // start was not recorded yet (a join, a lobby pairing or a rematch cut short).
  virtual std::vector<StoredGame> load_in_play() = 0;
  // The last mark_alive time; nullopt before the first.
  virtual std::optional<std::int64_t> alive_until() = 0;
  // The game's stored analysis (JSON text), if any.
  virtual std::optional<std::string> load_analysis(const std::string& game_id) = 0;
  // Every downtime recorded, oldest first.
  virtual std::vector<DowntimeRecord> downtimes() = 0;
  virtual std::optional<std::string> game_by_invite(const std::string& invite_hash) = 0;
  // The oldest `limit` games still waiting for their invited player (one seat, not local) created
  // before `created_before_ms`: the store only finds them; a room ends each through its match, so
  // the row and the event log say the same (and a join committed first stands: it has two seats).
  virtual std::vector<std::string> expired_waiting(std::int64_t created_before_ms, std::size_t limit) = 0;
  // Finished games aborted before any move are left out.
  virtual std::vector<GameSummary> list_games(const GameQuery& query) = 0;

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
