// The read connection's queries: whole games (one snapshot each), the game lists and the server's records.
#include "storage/store_reader.h"

#include <iostream>

namespace arbiter::storage {

Reader::Reader(const std::string& path)
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

std::optional<StoredGame> Reader::load_game(const std::string& id) {
  ReadTransaction transaction(*this);
  ResetOnExit reset(select_game_);
  select_game_.bind(1, id);
  if (!select_game_.step()) return std::nullopt;
  return load_rest(game_from_row(select_game_));
}

std::vector<StoredGame> Reader::load_in_play() {
  ReadTransaction transaction(*this);
  ResetOnExit reset(select_in_play_);
  std::vector<StoredGame> games;
  while (select_in_play_.step()) games.push_back(load_rest(game_from_row(select_in_play_)));
  return games;
}

std::optional<std::int64_t> Reader::alive_until() {
  ResetOnExit reset(select_alive_);
  if (!select_alive_.step()) return std::nullopt;
  return select_alive_.column_int(0);
}

std::vector<DowntimeRecord> Reader::downtimes() {
  ResetOnExit reset(select_downtimes_);
  std::vector<DowntimeRecord> spans;
  while (select_downtimes_.step()) spans.push_back({select_downtimes_.column_int(0), select_downtimes_.column_int(1)});
  return spans;
}

std::optional<std::string> Reader::game_by_invite(const std::string& invite_hash) {
  if (invite_hash.empty()) return std::nullopt;  // local games have no invite
  ResetOnExit reset(select_by_invite_);
  select_by_invite_.bind(1, invite_hash);
  if (!select_by_invite_.step()) return std::nullopt;
  return select_by_invite_.column_text(0);
}

std::optional<std::string> Reader::load_analysis(const std::string& game_id) {
  ResetOnExit reset(select_analysis_);
  select_analysis_.bind(1, game_id);
  if (!select_analysis_.step()) return std::nullopt;
  return select_analysis_.column_text(0);
}

std::vector<std::string> Reader::expired_waiting(std::int64_t created_before_ms, std::size_t limit) {
  ResetOnExit reset(select_expired_waiting_);
  select_expired_waiting_.bind(1, created_before_ms);
  select_expired_waiting_.bind(2, static_cast<std::int64_t>(limit));
  std::vector<std::string> ids;
  while (select_expired_waiting_.step()) ids.push_back(select_expired_waiting_.column_text(0));
  return ids;
}

std::vector<std::pair<std::string, std::int64_t>> Reader::games_by_status() {
  ResetOnExit reset(count_by_status_);
  std::vector<std::pair<std::string, std::int64_t>> counts;
  while (count_by_status_.step()) counts.emplace_back(count_by_status_.column_text(0), count_by_status_.column_int(1));
  return counts;
}

std::vector<GameSummary> Reader::list_games(const GameQuery& query) {
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

// ?1 variant or NULL, ?2 before (time) or NULL, ?3 before's id, ?4 limit. Newest first; ties
// on the time go by id so that a page boundary never skips or repeats a game.
std::string Reader::list_query(const std::string& status, const std::string& time) {
  std::string seat_name = "(SELECT name FROM seats s WHERE s.game_id = games.id AND s.color = ";
  return "SELECT " + game_columns + ", COALESCE(" + seat_name + "'white'), ''), COALESCE(" + seat_name +
         "'black'), '') FROM games WHERE status = '" + status + "'" +
         (status == "finished" ? " AND NOT (reason IN ('abort', 'expired') AND plies = 0)" : "") +
         " AND (?1 IS NULL OR variant = ?1)"
         " AND (?2 IS NULL OR " + time + " < ?2 OR (" + time + " = ?2 AND id < ?3))"
         " ORDER BY " + time + " DESC, id DESC LIMIT ?4";
}

Connection Reader::open_read_only(const std::string& path) {
  Connection db(path, Connection::Access::read_only);
  wait_for_locks(db);
  return db;
}

GameRecord Reader::game_from_row(const Statement& row) {
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

StoredGame Reader::load_rest(GameRecord game) {
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

}  // namespace arbiter::storage
