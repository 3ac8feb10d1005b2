#pragma once
// The read connection: loads whole games (row, seats, chat and events in one snapshot), the game
// lists and the server's own records. Reads run beside the writer (WAL); callers hold `mutex`.
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/sqlite.h"
#include "storage/store.h"

namespace arbiter::storage {

class Reader {
 public:
  explicit Reader(const std::string& path);

  std::mutex mutex;

  std::optional<StoredGame> load_game(const std::string& id);
  std::vector<StoredGame> load_in_play();
  std::optional<std::int64_t> alive_until();
  std::vector<DowntimeRecord> downtimes();
  std::optional<std::string> game_by_invite(const std::string& invite_hash);
  std::optional<std::string> load_analysis(const std::string& game_id);
  std::vector<std::string> expired_waiting(std::int64_t created_before_ms, std::size_t limit);
  std::vector<std::pair<std::string, std::int64_t>> games_by_status();
  std::vector<GameSummary> list_games(const GameQuery& query);

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

  static std::string list_query(const std::string& status, const std::string& time);
  static Connection open_read_only(const std::string& path);
  static GameRecord game_from_row(const Statement& row);
  StoredGame load_rest(GameRecord game);

  Connection db_;
  Statement begin_, end_;
  Statement select_game_, select_in_play_, select_alive_, select_downtimes_, select_seats_, select_events_,
      select_chat_;
  Statement select_by_invite_, select_analysis_, count_by_status_, select_expired_waiting_, select_playing_, select_finished_;
  Statement select_definition_;
};

}  // namespace arbiter::storage
