#include "storage/schema.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/variant.h"
#include "storage/variant_codec.h"

namespace arbiter::storage {
namespace {

// Every game stored before version 5 was played under a built-in variant: it gets the definition
// of the built-in of its name. A game whose variant no longer exists keeps none, and its load says so.
void give_games_their_builtin_definitions(Connection& db) {
  std::vector<std::string> names;
  {
    Statement select(db, "SELECT DISTINCT variant FROM games WHERE variant_hash IS NULL");
    while (select.step()) names.push_back(select.column_text(0));
  }
  Statement insert(db, "INSERT INTO variant_definitions (hash, name, definition) VALUES (?1, ?2, ?3)"
                       " ON CONFLICT (hash) DO NOTHING");
  Statement name_games(db, "UPDATE games SET variant_hash = ?1 WHERE variant = ?2 AND variant_hash IS NULL");
  for (const std::string& name : names) {
    const rules::Variant* builtin = rules::find_variant(name);
    if (!builtin) continue;
    const VariantDefinition definition = definition_of(*builtin);
    insert.bind(1, definition.hash);
    insert.bind(2, name);
    insert.bind(3, definition.encoding);
    insert.run();
    name_games.bind(1, definition.hash);
    name_games.bind(2, name);
    name_games.run();
  }
}

// Append new steps at the end; never edit a step that has shipped.
constexpr std::array migration_steps{
    // 1: initial schema.
    R"sql(
CREATE TABLE schema_version (
  version       INTEGER PRIMARY KEY,
  applied_at_ms INTEGER NOT NULL
);

CREATE TABLE games (
  id            TEXT PRIMARY KEY NOT NULL,
  variant       TEXT NOT NULL,
  start_fen     TEXT NOT NULL,
  initial_ms    INTEGER,                  -- NULL: untimed
  increment_ms  INTEGER NOT NULL,
  local         INTEGER NOT NULL CHECK (local IN (0, 1)),
  invite_hash   TEXT,                     -- NULL for local games
  status        TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'finished')),
  result        TEXT NOT NULL,
  reason        TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  ended_at_ms   INTEGER,
  -- the finished list is ordered by end time, so a finished game must have one
  CHECK (status <> 'finished' OR ended_at_ms IS NOT NULL)
);

CREATE TABLE seats (
  game_id    TEXT NOT NULL REFERENCES games (id),
  color      TEXT NOT NULL CHECK (color IN ('white', 'black')),
  token_hash TEXT NOT NULL,
  UNIQUE (game_id, color)
);

CREATE TABLE events (
  game_id TEXT NOT NULL REFERENCES games (id),
  v       INTEGER NOT NULL CHECK (v >= 1),
  type    TEXT NOT NULL,
  payload TEXT NOT NULL,
  at_ms   INTEGER NOT NULL,
  PRIMARY KEY (game_id, v)
) WITHOUT ROWID;

CREATE INDEX games_unfinished ON games (created_at_ms) WHERE status <> 'finished';
CREATE INDEX games_finished_by_end ON games (ended_at_ms DESC) WHERE status = 'finished';
CREATE UNIQUE INDEX games_by_invite ON games (invite_hash) WHERE invite_hash IS NOT NULL;
)sql",
    // 2: players' names, the length of finished games, chat, and the list of games in play.
    R"sql(
ALTER TABLE seats ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;  -- moves played, set at the end
UPDATE games SET plies =
  (SELECT COUNT(*) FROM events e WHERE e.game_id = games.id
     AND (e.type = 'move' OR (e.type = 'umpire' AND json_extract(e.payload, '$.say') = 'moved')))
  - (SELECT COALESCE(SUM(json_extract(e.payload, '$.plies')), 0) FROM events e
     WHERE e.game_id = games.id AND e.type = 'takeback')
  WHERE status = 'finished';

CREATE TABLE chat (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq     INTEGER NOT NULL CHECK (seq >= 1),
  channel TEXT NOT NULL CHECK (channel IN ('players', 'spectators')),
  author  TEXT NOT NULL CHECK (author IN ('white', 'black', 'spectator')),
  name    TEXT NOT NULL,
  text    TEXT NOT NULL,
  at_ms   INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE INDEX games_playing ON games (created_at_ms DESC) WHERE status = 'playing';
)sql",
    // 3: the last moment the server was known to be alive (one row once written), and each
    // restart's downtime (from that mark to the restart), so that a restart charges thinking
    // time while the server was up and refunds only the downtimes.
    R"sql(
CREATE TABLE alive (
  id       INTEGER PRIMARY KEY CHECK (id = 1),
  until_ms INTEGER NOT NULL
);

CREATE TABLE downtimes (
  from_ms INTEGER NOT NULL,
  to_ms   INTEGER NOT NULL
);
)sql",
    // 4: a finished game's length as its move list numbers it (a two-move turn counts once). Games
    // finished before are given it from their plies, two to a move, as they were shown.
    R"sql(
ALTER TABLE games ADD COLUMN moves INTEGER NOT NULL DEFAULT 0;
UPDATE games SET moves = (plies + 1) / 2 WHERE status = 'finished';
)sql",
    // 5: games keep their rules: each names the definition of its variant (storage/variant_codec.h),
    // kept once per SHA-256; games from before are given their built-in's (after_step). Events get
    // storage's own encoding (storage/event_codec.h) in place of the wire's JSON; a payload that is
    // not JSON is left for the load to refuse, naming it.
    R"sql(
CREATE TABLE variant_definitions (
  hash       TEXT PRIMARY KEY NOT NULL,  -- SHA-256 of definition, lower-case hex
  name       TEXT NOT NULL,
  definition TEXT NOT NULL
) WITHOUT ROWID;
ALTER TABLE games ADD COLUMN variant_hash TEXT REFERENCES variant_definitions (hash);

UPDATE events SET
  type = CASE type
    WHEN 'move' THEN 'moved'
    WHEN 'umpire' THEN CASE json_extract(payload, '$.say') WHEN 'any' THEN 'asked' ELSE 'tried' END
    WHEN 'draw_offer' THEN 'draw_offered'
    WHEN 'takeback_offer' THEN 'takeback_offered'
    WHEN 'takeback' THEN 'taken_back'
    WHEN 'end' THEN 'ended'
    WHEN 'rematch_offer' THEN 'rematch_offered'
    WHEN 'rematch' THEN 'rematched'
    ELSE type END,  -- joined, draw_declined, takeback_declined, rematch_declined are spelled alike
  -- json_patch leaves out the fields that are NULL: those the event's kind does not have.
  payload = json_patch('{}', json_object(
    'side', COALESCE(json_extract(payload, '$.by'), json_extract(payload, '$.color')),
    'move', json_extract(payload, '$.move'),
    'ply', json_extract(payload, '$.ply'),
    'plies', json_extract(payload, '$.plies'),
    'accepted', json(CASE json_extract(payload, '$.say') WHEN 'moved' THEN 'true' WHEN 'illegal' THEN 'false' END),
    'answer', json_extract(payload, '$.answer'),
    'result', CASE json_extract(payload, '$.result')
                WHEN '1-0' THEN 'white_wins' WHEN '0-1' THEN 'black_wins' WHEN '1/2-1/2' THEN 'draw'
                WHEN '*' THEN 'aborted' END,
    'reason', json_extract(payload, '$.reason'),
    'name', json_extract(payload, '$.name'),
    'game', json_extract(payload, '$.game'),
    'clock_ms', json(CASE WHEN json_type(payload, '$.clock') = 'object'
                       THEN json_array(json_extract(payload, '$.clock.white'), json_extract(payload, '$.clock.black')) END)))
  WHERE json_valid(payload);
)sql",
    // 6: a finished game's engine analysis (server/players/analysis_json.h), stored once it is complete.
    R"sql(
CREATE TABLE analyses (
  game_id       TEXT PRIMARY KEY NOT NULL REFERENCES games (id),
  body          TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL
) WITHOUT ROWID;
)sql",
    // 7: a game keeps the latest 100 chat lines of each channel (kChatKept, store.h): each line
    // stored drops the oldest past that, and the lines stored before beyond it are dropped now.
    R"sql(
CREATE INDEX chat_by_channel ON chat (game_id, channel, seq);

CREATE TRIGGER chat_keeps_latest AFTER INSERT ON chat BEGIN
  DELETE FROM chat WHERE game_id = NEW.game_id AND channel = NEW.channel AND seq <=
    (SELECT seq FROM chat WHERE game_id = NEW.game_id AND channel = NEW.channel ORDER BY seq DESC LIMIT 1 OFFSET 100);
END;

DELETE FROM chat WHERE seq <=
  (SELECT kept.seq FROM chat kept WHERE kept.game_id = chat.game_id AND kept.channel = chat.channel
   ORDER BY kept.seq DESC LIMIT 1 OFFSET 100);
)sql",
};

// What a step needs beyond SQL, run after its SQL in the same transaction.
void after_step(Connection& db, int version) {
  if (version == 5) give_games_their_builtin_definitions(db);
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

void refuse_if_newer(int recorded) {
  if (recorded > latest_schema_version()) {
    throw std::runtime_error("database schema version " + std::to_string(recorded) +
                             " is newer than this server supports (" +
                             std::to_string(latest_schema_version()) +
                             "); upgrade the server or use another database");
  }
}

}  // namespace

int latest_schema_version() { return static_cast<int>(migration_steps.size()); }

int recorded_schema_version(Connection& db) {
  const bool has_table = !db.query_text("SELECT name FROM sqlite_schema"
                                         " WHERE type = 'table' AND name = 'schema_version'")
                              .empty();
  if (!has_table) return 0;
  Statement highest(db, "SELECT COALESCE(MAX(version), 0) FROM schema_version");
  ResetOnExit reset(highest);
  highest.step();
  return static_cast<int>(highest.column_int(0));
}

void migrate(Connection& db) { migrate(db, latest_schema_version()); }

void migrate(Connection& db, int up_to_version) {
  refuse_if_newer(recorded_schema_version(db));
  up_to_version = std::min(up_to_version, latest_schema_version());
  for (int version = recorded_schema_version(db) + 1; version <= up_to_version; ++version) {
    // IMMEDIATE takes the write lock first, so a second process opening the same file at the
    // same moment waits (busy_timeout) and then sees the step as done.
    db.exec("BEGIN IMMEDIATE");
    try {
      const int recorded = recorded_schema_version(db);
      refuse_if_newer(recorded);
      if (recorded < version) {
        db.exec(migration_steps[static_cast<std::size_t>(version - 1)]);
        after_step(db, version);
        Statement record(db, "INSERT INTO schema_version (version, applied_at_ms) VALUES (?1, ?2)");
        record.bind(1, std::int64_t{version});
        record.bind(2, now_ms());
        record.run();
      }
      db.exec("COMMIT");
    } catch (const std::exception& error) {
      if (db.in_transaction()) db.exec("ROLLBACK");
      throw std::runtime_error("schema migration to version " + std::to_string(version) +
                               " failed: " + error.what());
    }
  }
}

}  // namespace arbiter::storage
