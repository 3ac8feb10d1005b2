// The seam: every view of an open game, a Kriegspiel game and a Fog of War game, for each viewer, during play and
// after the end, through the one ViewPolicy interface and no socket.
#include <doctest/doctest.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "protocol/variants_json.h"
#include "protocol/view_policy.h"
#include "tests/support/test_match.h"

using namespace arbiter;
using namespace arbiter::protocol;
using arbiter::testing::TestMatch;
using nlohmann::json;

namespace {

constexpr rules::Color White = rules::Color::White, Black = rules::Color::Black;
constexpr Viewer kViewers[] = {Viewer::White, Viewer::Black, Viewer::Spectator};

TestMatch joined(const char* variant) {
  TestMatch game(variant);
  REQUIRE(game.join(Black).accepted());
  return game;
}

json board(const match::Match& match, Viewer viewer) {
  json out = json::object();
  view_policy(match).put_board(out, match, viewer);
  return out;
}

// The fields the policy gives `act` (the last event applied) for `viewer`.
json act_fields(TestMatch& game, Viewer viewer) {
  JsonText out;
  view_policy(*game).put_act(out, game.log().back().event, *game, viewer);
  return json::parse(out.text());
}

json end_fields(const match::Match& match, Viewer viewer) {
  JsonText out;
  view_policy(match).put_end(out, match, viewer);
  return json::parse(out.text());
}

json legal(const match::Match& match, Viewer viewer) { return json::parse(view_policy(match).legal_text(match, viewer)); }

}  // namespace

TEST_CASE("open game: everyone sees the board and hears every move alike; the player to move gets their moves") {
  auto game = joined("chess");
  game.play({"e2e4", "e7e5"});
  const ViewPolicy& policy = view_policy(*game);
  CHECK(&policy == &open_view());
  CHECK(policy.heard_alike());
  CHECK(policy.board_public(*game));
  const std::string real_fen = game->game().position().fen();
  const std::size_t moves_now = game->game().legal_moves().size();
  REQUIRE(moves_now > 0);
  for (Viewer viewer : kViewers) {
    CAPTURE(viewer_name(viewer));
    const json seen = board(*game, viewer);
    CHECK(seen["fen"] == real_fen);
    CHECK(seen["moves"] == json{"e2e4", "e7e5"});
    CHECK(seen["sans"] == json{"e4", "e5"});
    CHECK(seen["positions"].size() == 2);
    CHECK_FALSE(seen.contains("umpire"));
    const bool mine = viewer == Viewer::White;
    CHECK(seen["legal"].size() == (mine ? moves_now : 0u));
    CHECK(seen["legal_san"].size() == seen["legal"].size());
    CHECK(legal(*game, viewer) == seen["legal"]);

    const json heard = act_fields(game, viewer);
    CHECK(heard["move"] == "e7e5");
    CHECK(heard["san"] == "e5");
    CHECK(heard["fen"] == real_fen);
    CHECK(heard["legal"].size() == (mine ? moves_now : 0u));
  }
  REQUIRE(game.send(Viewer::White, match::ResignCommand{}).accepted());
  for (Viewer viewer : kViewers) CHECK(end_fields(*game, viewer) == json::object());  // nothing was hidden
  CHECK_FALSE(policy.pgn_comments(*game));
}

TEST_CASE("Kriegspiel: a player sees their own men and tries, a spectator the announcements, everyone all at the end") {
  auto game = joined("kriegspiel");
  game.play({"e2e4", "e7e5"});
  REQUIRE(testing::as<match::Tried>(game.send(Viewer::White, match::MoveCommand{"e4e5", 2}).events.at(0)).accepted == false);
  const ViewPolicy& policy = view_policy(*game);
  CHECK(&policy == &kriegspiel_view());
  CHECK_FALSE(policy.heard_alike());
  CHECK_FALSE(policy.board_public(*game));

  const json white = board(*game, Viewer::White), black = board(*game, Viewer::Black),
             spectator = board(*game, Viewer::Spectator);
  CHECK(white["fen"] == rules::own_fen(game->game().position(), White));
  CHECK(black["fen"] == rules::own_fen(game->game().position(), Black));
  CHECK(spectator["fen"].is_null());
  CHECK(white["moves"] == json{"e2e4"});
  CHECK(black["moves"] == json{"e7e5"});
  CHECK(spectator["moves"] == json::array());
  CHECK(white["positions"].size() == 2);
  CHECK(spectator["positions"] == json::array());
  for (const json* seen : {&white, &black, &spectator}) {
    CHECK((*seen)["sans"] == json::array());
    CHECK_FALSE(seen->contains("legal_san"));  // a try's SAN would tell what it takes or checks
    REQUIRE((*seen)["umpire"].size() == 3);
    CHECK((*seen)["umpire"][2]["say"] == "illegal");
  }
  // The refused try is White's to know, not Black's nor a spectator's.
  CHECK(white["umpire"][2]["move"] == "e4e5");
  CHECK_FALSE(black["umpire"][2].contains("move"));
  CHECK_FALSE(spectator["umpire"][2].contains("move"));

  // White, to move, may try on their own board what the real one refuses.
  CHECK(legal(*game, Viewer::White) == white["legal"]);
  CHECK_FALSE(white["legal"].empty());
  CHECK(legal(*game, Viewer::Black) == json::array());
  CHECK(legal(*game, Viewer::Spectator) == json::array());

  const json white_heard = act_fields(game, Viewer::White), black_heard = act_fields(game, Viewer::Black);
  CHECK(white_heard["say"] == "illegal");
  CHECK(white_heard["move"] == "e4e5");
  CHECK(white_heard["legal"] == white["legal"]);
  CHECK(black_heard["say"] == "illegal");
  CHECK_FALSE(black_heard.contains("move"));
  CHECK_FALSE(black_heard.contains("legal"));
  CHECK(act_fields(game, Viewer::Spectator) == black_heard);

  REQUIRE(game.send(Viewer::Black, match::ResignCommand{}).accepted());
  CHECK(policy.board_public(*game));
  for (Viewer viewer : kViewers) {
    CAPTURE(viewer_name(viewer));
    const json end = end_fields(*game, viewer);
    CHECK(end["moves"] == json{"e2e4", "e7e5"});
    CHECK(end["tries"][2]["move"] == "e4e5");  // every try, now public
    const json seen = board(*game, viewer);
    CHECK(seen["fen"] == game->game().position().fen());
    CHECK(seen["sans"] == json{"e4", "e5"});
    CHECK(seen["umpire"][2]["move"] == "e4e5");
  }
  const auto comments = policy.pgn_comments(*game);
  REQUIRE(comments);
  CHECK(comments->before.at(2) == "e4e5: No");
}

TEST_CASE("Fog of War: a player sees their men and the squares they could move to, a spectator nothing, everyone all at the end") {
  auto game = joined("fog-chess");
  game.play({"e2e4", "d7d5"});  // each pawn sees the other, which it could take
  const ViewPolicy& policy = view_policy(*game);
  CHECK(&policy == &fog_view());
  CHECK_FALSE(policy.heard_alike());
  CHECK_FALSE(policy.board_public(*game));
  CHECK_FALSE(policy.pgn_comments(*game));

  const json white = board(*game, Viewer::White), black = board(*game, Viewer::Black),
             spectator = board(*game, Viewer::Spectator);
  // Their own men and the enemy pawn they could take; their own castling rights alone.
  CHECK(white["fen"] == "8/8/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQ - 0 2");
  CHECK(black["fen"] == "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/8/8 w kq - 0 2");
  CHECK(spectator["fen"].is_null());
  CHECK(white["moves"] == json{"e2e4"});
  CHECK(black["moves"] == json{"d7d5"});
  CHECK(spectator["moves"] == json::array());
  CHECK(white["positions"] == json{"8/8/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQ - 0 1", white["fen"]});
  CHECK(spectator["positions"] == json::array());
  for (const json* seen : {&white, &black, &spectator}) CHECK((*seen)["sans"] == json::array());
  // What each side saw at the start and after each move, its own sight only.
  REQUIRE(white["sight"]["white"].size() == 3);
  CHECK_FALSE(white["sight"].contains("black"));
  CHECK_FALSE(black["sight"].contains("white"));
  CHECK(spectator["sight"] == json::object());
  const json white_now = white["sight"]["white"][2];
  const auto sees = [](const json& squares, const char* square) {
    return std::find(squares.begin(), squares.end(), json(square)) != squares.end();
  };
  CHECK(sees(white_now, "d5"));  // the pawn it could take
  CHECK(sees(white_now, "e5"));  // where its pawn could go
  CHECK(sees(white_now, "e1"));  // its own men
  CHECK_FALSE(sees(white_now, "d7"));
  CHECK_FALSE(sees(white["sight"]["white"][1], "d5"));  // before Black's move, d5 was empty and unseen

  // White, to move, is told every move of their men, none of which needs the squares they cannot see.
  CHECK(legal(*game, Viewer::White) == white["legal"]);
  CHECK(white["legal"].size() == game->game().legal_moves().size());
  CHECK(legal(*game, Viewer::Black) == json::array());
  CHECK(legal(*game, Viewer::Spectator) == json::array());

  // Black's move: Black is told it, White only the board after it, a spectator that it was made.
  const json white_heard = act_fields(game, Viewer::White), black_heard = act_fields(game, Viewer::Black),
             spectator_heard = act_fields(game, Viewer::Spectator);
  CHECK_FALSE(white_heard.contains("move"));
  CHECK(white_heard["fen"] == white["fen"]);
  CHECK(white_heard["visible"] == white_now);
  CHECK(white_heard["legal"] == white["legal"]);
  CHECK(black_heard["move"] == "d7d5");
  CHECK(black_heard["fen"] == black["fen"]);
  CHECK(black_heard["legal"] == json::array());
  CHECK(spectator_heard == json{{"ply", 1}, {"turn", "white"}, {"legal", json::array()}});

  REQUIRE(game.send(Viewer::Black, match::ResignCommand{}).accepted());
  CHECK(policy.board_public(*game));
  for (Viewer viewer : kViewers) {
    CAPTURE(viewer_name(viewer));
    const json seen = board(*game, viewer);
    CHECK(seen["fen"] == game->game().position().fen());
    CHECK(seen["moves"] == json{"e2e4", "d7d5"});
    CHECK(seen["sans"] == json{"e4", "d5"});
    CHECK(seen["sight"]["white"] == white["sight"]["white"]);
    CHECK(seen["sight"]["black"] == black["sight"]["black"]);
    const json end = end_fields(*game, viewer);
    CHECK(end["fen"] == seen["fen"]);
    CHECK(end["moves"] == seen["moves"]);
    CHECK(end["positions"] == seen["positions"]);
    CHECK(end["sight"] == seen["sight"]);
  }
}

TEST_CASE("Fog of War: the move that ends the game is told to everyone in full, as a room sends it (before its end)") {
  auto game = joined("fog-chess");
  game.play({"e2e4", "e7e5", "d1h5", "a7a6", "h5f7", "a6a5"});
  auto decision = game.match().decide(Viewer::White, match::MoveCommand{"f7e8", game->ply()}, game.now);
  REQUIRE(decision.accepted());
  REQUIRE(decision.events.size() == 2);
  game.apply(decision.events.front(), game.now, 0);  // the move, not yet its end
  REQUIRE_FALSE(game->finished());
  for (Viewer viewer : kViewers) {
    CAPTURE(viewer_name(viewer));
    const json heard = act_fields(game, viewer);
    CHECK(heard["move"] == "f7e8");
    CHECK(heard["san"] == "Qxe8");
    CHECK(heard["fen"] == game->game().position().fen());
  }
}

TEST_CASE("each variant's view policy hides what its referee says is hidden") {
  for (const rules::Variant* variant : rules::all_variants()) {
    CAPTURE(variant->name);
    auto game = joined(variant->name.c_str());
    const match::Capabilities& can = game->referee().capabilities();
    CHECK(view_policy(*variant).board_public(*game) == !can.board_hidden);
    CHECK(view_policy(*variant).heard_alike() == !can.board_hidden);
  }
}

TEST_CASE("/api/variants carries each variant's capabilities as flags for the page") {
  const json variants = variants_json({})["variants"];
  REQUIRE(variants.size() == rules::all_variants().size());
  for (const json& entry : variants) {
    const rules::Variant* variant = rules::find_variant(entry["name"].get<std::string>());
    REQUIRE(variant);
    CAPTURE(variant->name);
    const match::Capabilities can = match::capabilities_of(*variant);
    CHECK(entry["board_hidden"] == can.board_hidden);
    CHECK(entry["tries"] == can.tries);
    CHECK(entry["any_question"] == can.any_question);
    CHECK(entry["takebacks"] == can.takebacks);
    CHECK(entry["premoves"] == can.premoves);
    CHECK(entry["players_chat"] == can.players_chat);
    CHECK(entry["spectators_sealed"] == can.seals_spectators);
    CHECK_FALSE(entry.contains("hidden"));  // board_hidden says it
  }
  const auto flags = [](const char* name) { return match::capabilities_of(*rules::find_variant(name)); };
  CHECK(flags("kriegspiel").board_hidden);
  CHECK(flags("kriegspiel").any_question);
  CHECK_FALSE(flags("kriegspiel").takebacks);
  CHECK_FALSE(flags("chess").board_hidden);
  CHECK(flags("chess").takebacks);
  CHECK(flags("chess").players_chat);
}
