// Games keep their rules (storage/game_variant.h): a game replays under the definition stored with
// it when the running variant of its name changed or is gone, fails loudly when that definition
// is missing or damaged, and a version-4 database migrates its games and events.
#include <doctest/doctest.h>

#include <functional>
#include <future>
#include <map>
#include <string>
#include <vector>

#include "rules/betza.h"
#include "rules/game.h"
#include "rules/variant_file.h"
#include "storage/event_codec.h"
#include "storage/game_variant.h"
#include "storage/schema.h"
#include "storage/sqlite.h"
#include "storage/store.h"
#include "tests/support/temp_database.h"

using namespace arbiter;
using namespace arbiter::storage;
using match::ClockTimes;
using match::EndReason;
using match::Event;
using match::Result;
using rules::Color;

namespace {

using arbiter::testing::TempDatabase;

std::string write(std::function<void(Store::Done)> call) {
  std::promise<std::string> outcome;
  call([&](bool ok, const std::string& error) { outcome.set_value(ok ? "" : error); });
  return outcome.get_future().get();
}

// Chess whose knights leap as camels (1,3): b1-c4 is a move under these rules and not under chess's.
rules::Variant camel_chess(const std::string& name) {
  rules::Variant v = *rules::find_variant("chess");
  v.name = name;
  v.kinds[v.kind_of('N')].legs = std::get<rules::BetzaMoves>(rules::parse_betza("L")).legs;  // the camel
  return v;
}

GameRecord game_under(const std::string& id, const rules::Variant& rules_played) {
  GameRecord game;
  game.id = id;
  game.variant = rules_played.name;
  const VariantDefinition definition = definition_of(rules_played);
  game.variant_hash = definition.hash;
  game.variant_definition = definition.encoding;
  game.start_fen = rules::find_variant("chess")->start_fen;
  game.local = true;
  game.status = "playing";
  game.created_at_ms = 1000;
  return game;
}

// Stores the game with its moves, closes the store, and loads the game from a new one.
StoredGame stored_and_reloaded(const std::string& path, const GameRecord& game, const std::vector<std::string>& moves) {
  {
    auto store = Store::open(path);
    REQUIRE(write([&](Store::Done done) { store->create_game(game, {}, done); }) == "");
    for (std::size_t ply = 0; ply < moves.size(); ++ply) {
      EncodedEvent encoded = encode_event(match::Moved{moves[ply], static_cast<int>(ply), std::nullopt});
      EventRecord event{static_cast<std::int64_t>(ply + 1), encoded.type, encoded.payload, 2000};
      REQUIRE(write([&](Store::Done done) { store->append_event(game.id, event, std::nullopt, done); }) == "");
    }
  }
  auto store = Store::open(path);
  auto loaded = store->load_game(game.id);
  REQUIRE(loaded);
  return *loaded;
}

// The game as its events replay under the rules it was stored with.
rules::Result<rules::Game> replay(const StoredGame& stored) {
  std::vector<std::string> moves;
  for (const EventRecord& record : stored.events) {
    auto event = decode_event(record.type, record.payload);
    REQUIRE(event);
    if (const auto* moved = std::get_if<match::Moved>(&*event)) moves.push_back(moved->move);
  }
  return rules::Game::from(variant_of(stored.game), stored.game.start_fen, moves);
}

std::string load_error(const GameRecord& game) {
  try {
    variant_of(game);
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "loaded";
}

}  // namespace

TEST_CASE("a game played under other rules than the running variant of its name replays under its own") {
  TempDatabase file;
  const rules::Variant* running = rules::find_variant("chess");
  const std::vector<std::string> moves{"b1c4", "g8f5", "e2e4"};
  REQUIRE_FALSE(rules::Game::from(*running, running->start_fen, moves));  // chess's knights cannot

  const StoredGame stored = stored_and_reloaded(file.path(), game_under("g1", camel_chess("chess")), moves);
  CHECK(stored.game.variant_hash == definition_of(camel_chess("chess")).hash);
  const rules::Variant& rules_played = variant_of(stored.game);
  CHECK(&rules_played != running);
  CHECK(rules_played.name == "chess");
  CHECK(&variant_of(stored.game) == &rules_played);  // decoded once, kept
  // Names and ratings are not stored: the running variant of the name gives them.
  CHECK(rules_played.pgn_variant == "Chess");
  CHECK(rules_played.level_ratings == running->level_ratings);
  auto game = replay(stored);
  REQUIRE_MESSAGE(game.ok(), (game.ok() ? std::string() : game.error()));
  CHECK(game->sans().size() == 3);
}

TEST_CASE("what is not rules is not in a definition: a drawing, the PGN name and ratings leave the hash") {
  rules::Variant v = *rules::find_variant("chess");
  const std::string hash = definition_of(v).hash;
  v.pgn_variant = "Other";
  v.level_ratings.assign(v.level_ratings.size(), 1234);
  v.kinds[0].drawing = "queen";
  CHECK(definition_of(v).hash == hash);
  v.kinds[0].name = "emperor";  // a stored field changes it
  CHECK(definition_of(v).hash != hash);
}

TEST_CASE("a game whose variant is gone replays under its stored definition") {
  TempDatabase file;
  REQUIRE_FALSE(rules::find_variant("camel"));
  const StoredGame stored = stored_and_reloaded(file.path(), game_under("g1", camel_chess("camel")), {"b1c4", "g8f5"});
  CHECK(variant_of(stored.game).name == "camel");
  CHECK(variant_of(stored.game).pgn_variant.empty());  // no running variant of the name to take it from
  auto game = replay(stored);
  REQUIRE_MESSAGE(game.ok(), (game.ok() ? std::string() : game.error()));
  CHECK(game->sans().size() == 2);
}

TEST_CASE("a game under an operator's variants file replays after the file changes (its variant then runs no more)") {
  TempDatabase file;
  const std::string camels = "[camels]\nparent = \"chess\"\n[[camels.pieces]]\nid = \"knight\"\nbetza = \"C\"\n";
  rules::VariantFile loaded = rules::load_variant_file(camels);
  REQUIRE(loaded.errors.empty());
  const rules::Variant& played = loaded.variants.at(0);
  GameRecord game = game_under("g1", played);
  const StoredGame stored = stored_and_reloaded(file.path(), game, {"b1c4", "g8f5", "c4d7"});
  const rules::VariantFile now = rules::load_variant_file("[camels]\nparent = \"chess\"\n");  // the file changed
  REQUIRE(now.errors.empty());
  CHECK(definition_of(now.variants.at(0)).hash != stored.game.variant_hash);
  const rules::Variant& rules_played = variant_of(stored.game);
  CHECK(rules_played.tables().quiet_leaps == played.tables().quiet_leaps);
  CHECK(rules_played.tables().capture_leaps == played.tables().capture_leaps);
  auto replayed = replay(stored);
  REQUIRE_MESSAGE(replayed.ok(), (replayed.ok() ? std::string() : replayed.error()));
  CHECK(replayed->sans().size() == 3);
  CHECK(replayed->position().fen() == rules::Game::from(played, played.start_fen, {"b1c4", "g8f5", "c4d7"})->position().fen());
}

TEST_CASE("a game under the running definition plays under the running variant itself") {
  TempDatabase file;
  GameRecord game = game_under("g1", *rules::find_variant("chess"));
  name_rules(game, *rules::find_variant("chess"));
  CHECK(game.variant_hash == definition_of(*rules::find_variant("chess")).hash);
  const StoredGame stored = stored_and_reloaded(file.path(), game, {"e2e4"});
  CHECK(&variant_of(stored.game) == rules::find_variant("chess"));
  CHECK(replay(stored));
}

TEST_CASE("a game whose definition is missing or damaged fails at load, naming the game and the hash") {
  TempDatabase file;
  rules::Variant missing_rules = camel_chess("chess");
  missing_rules.description = "a definition that will go missing";
  const GameRecord game = game_under("g1", missing_rules);
  {
    auto store = Store::open(file.path());
    REQUIRE(write([&](Store::Done done) { store->create_game(game, {}, done); }) == "");
  }
  {
    Connection db(file.path(), Connection::Access::read_write_create);
    db.exec("DELETE FROM variant_definitions");
  }
  auto store = Store::open(file.path());
  auto loaded = store->load_game("g1");
  REQUIRE(loaded);
  CHECK(loaded->game.variant_definition.empty());
  CHECK(load_error(loaded->game) ==
        "game g1 (variant chess): its variant definition " + game.variant_hash + " is missing from the store");

  GameRecord altered = game;
  altered.variant_definition += " ";
  CHECK(load_error(altered) == "game g1 (variant chess): its variant definition " + game.variant_hash +
                                   " does not match its hash");
  GameRecord unreadable = game;
  unreadable.variant_definition = R"({"name":"chess"})";
  unreadable.variant_hash = sha256_hex(unreadable.variant_definition);
  CHECK(load_error(unreadable) == "game g1 (variant chess): its variant definition " + unreadable.variant_hash +
                                      " cannot be read: board: missing");
  GameRecord other_variant = game_under("g2", camel_chess("camel"));
  other_variant.variant = "chess";
  CHECK(load_error(other_variant).ends_with(" is of another variant, camel"));
  GameRecord none = game;
  none.variant_hash.clear();
  CHECK(load_error(none) == "game g1 (variant chess): no variant definition is recorded for it");
}

TEST_CASE("a version-4 database migrates: its events decode as they were, its games get their built-in's rules") {
  TempDatabase file;
  struct Row {
    const char* game;
    const char* type;
    const char* payload;  // the wire's JSON, as version 4 stored it
    Event expected;
  };
  const ClockTimes clock{300000, 299000};
  const std::vector<Row> rows{
      {"g1", "joined", R"({"color":"black","name":"Bob","clock":{"white":300000,"black":299000}})",
       match::Joined{Color::Black, "Bob", clock}},
      {"g1", "move", R"({"move":"e2e4","ply":0,"clock":{"white":300000,"black":299000}})", match::Moved{"e2e4", 0, clock}},
      {"g1", "draw_offer", R"({"by":"white"})", match::DrawOffered{Color::White, std::nullopt}},
      {"g1", "draw_declined", R"({"by":"black","clock":{"white":300000,"black":299000}})",
       match::DrawDeclined{Color::Black, clock}},
      {"g1", "move", R"({"move":"e7e5","ply":1})", match::Moved{"e7e5", 1, std::nullopt}},
      {"g1", "takeback_offer", R"({"by":"black"})", match::TakebackOffered{Color::Black, std::nullopt}},
      {"g1", "takeback_declined", R"({"by":"white"})", match::TakebackDeclined{Color::White, std::nullopt}},
      {"g1", "takeback", R"({"by":"black","plies":1})", match::TakenBack{Color::Black, 1, std::nullopt}},
      {"g1", "end", R"({"result":"1-0","reason":"resign","clock":{"white":300000,"black":299000}})",
       match::Ended{Result::WhiteWins, EndReason::Resign, clock}},
      {"g1", "rematch_offer", R"({"by":"black"})", match::RematchOffered{Color::Black, std::nullopt}},
      {"g1", "rematch_declined", R"({"by":"white"})", match::RematchDeclined{Color::White, std::nullopt}},
      {"g1", "rematch", R"({"by":"black","game":"g9"})", match::Rematched{Color::Black, "g9", std::nullopt}},
      {"g2", "joined", R"({"color":"white"})", match::Joined{Color::White, "", std::nullopt}},
      {"g2", "umpire", R"({"say":"moved","by":"white","ply":0,"move":"e2e4","clock":{"white":300000,"black":299000}})",
       match::Tried{Color::White, "e2e4", 0, true, clock}},
      {"g2", "umpire", R"({"say":"illegal","by":"black","ply":1,"move":"d8d1"})",
       match::Tried{Color::Black, "d8d1", 1, false, std::nullopt}},
      {"g2", "umpire", R"({"say":"any","by":"black","ply":1,"answer":"no"})",
       match::Asked{Color::Black, 1, rules::AnyAnswer::No, std::nullopt}},
      {"g2", "umpire", R"({"say":"any","by":"white","ply":1,"answer":"try"})",
       match::Asked{Color::White, 1, rules::AnyAnswer::Try, std::nullopt}},
      {"g2", "end", R"({"result":"1/2-1/2","reason":"agreement"})", match::Ended{Result::Draw, EndReason::Agreement, std::nullopt}},
      {"g3", "end", R"({"result":"*","reason":"abort"})", match::Ended{Result::Aborted, EndReason::Abort, std::nullopt}},
      {"g3", "end", R"({"result":"0-1","reason":"timeout"})", match::Ended{Result::BlackWins, EndReason::Timeout, std::nullopt}},
  };
  {
    Connection db(file.path(), Connection::Access::read_write_create);
    migrate(db, 4);
    db.exec("INSERT INTO games (id, variant, start_fen, initial_ms, increment_ms, local, status, result, reason,"
            " created_at_ms) VALUES"
            " ('g1', 'chess', 'x', 300000, 0, 0, 'playing', '*', '', 1000),"
            " ('g2', 'kriegspiel', 'x', 300000, 0, 0, 'playing', '*', '', 1000),"
            " ('g3', 'nonesuch', 'x', NULL, 0, 1, 'playing', '*', '', 1000),"
            " ('g4', 'chess', 'x', NULL, 0, 1, 'playing', '*', '', 1000)");
    Statement insert(db, "INSERT INTO events (game_id, v, type, payload, at_ms) VALUES (?1, ?2, ?3, ?4, 5)");
    std::map<std::string, std::int64_t> last_v;
    for (const Row& row : rows) {
      insert.bind(1, std::string_view(row.game));
      insert.bind(2, ++last_v[row.game]);
      insert.bind(3, std::string_view(row.type));
      insert.bind(4, std::string_view(row.payload));
      insert.run();
    }
    db.exec("INSERT INTO events (game_id, v, type, payload, at_ms) VALUES ('g4', 1, 'move', 'not json', 5)");
  }
  auto store = Store::open(file.path());
  std::map<std::string, std::vector<Event>> expected;
  for (const Row& row : rows) expected[row.game].push_back(row.expected);
  for (const auto& entry : expected) {
    const std::string& id = entry.first;
    const std::vector<Event>& events = entry.second;
    CAPTURE(id);
    auto loaded = store->load_game(id);
    REQUIRE(loaded);
    REQUIRE(loaded->events.size() == events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
      CAPTURE(loaded->events[i].type);
      CAPTURE(loaded->events[i].payload);
      auto event = decode_event(loaded->events[i].type, loaded->events[i].payload);
      REQUIRE(event);
      CHECK(*event == events[i]);
    }
  }
  for (const char* id : {"g1", "g2", "g4"}) {
    auto loaded = store->load_game(id);
    CHECK(&variant_of(loaded->game) == rules::find_variant(loaded->game.variant));
    CHECK(loaded->game.variant_hash == running_definition(*rules::find_variant(loaded->game.variant)).hash);
  }
  CHECK(load_error(store->load_game("g3")->game) == "game g3 (variant nonesuch): no variant definition is recorded for it");
  // A payload that was not JSON is left as it was, for the load to refuse.
  CHECK(store->load_game("g4")->events.at(0).payload == "not json");
}
