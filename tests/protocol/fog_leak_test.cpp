// Fog of War leaks nothing through the views: two games that differ only in squares White cannot
// see give White and a spectator byte-identical `state` messages and event texts at every ply,
// until White's men see the difference.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "protocol/views.h"
#include "tests/support/test_match.h"

using namespace arbiter;
using namespace arbiter::protocol;
using arbiter::testing::TestMatch;

namespace {

struct Heard {
  std::string state;
  std::string resource;  // GET /api/games/<id>
  std::string events;    // every event text of the latest decision, one after another
};

// What `viewer` has of the game after its latest decision.
Heard heard(const TestMatch& game, const match::Decision& decision, Viewer viewer) {
  Heard out{state_message(*game, game.now, viewer).dump(), game_resource(*game, game.now, viewer).dump(), ""};
  for (const auto& event : decision.events) out.events += *event_texts(event, *game, game.now)[static_cast<std::size_t>(viewer)] + "\n";
  return out;
}

// Whether `player` (White unless told) and a spectator have the same of two games after a
// decision in each; a spectator must, as it sees no square at all.
bool alike_to_the_blind(const TestMatch& first, const match::Decision& in_first, const TestMatch& second,
                        const match::Decision& in_second, Viewer player = Viewer::White) {
  bool alike = true;
  for (Viewer viewer : {player, Viewer::Spectator}) {
    const Heard a = heard(first, in_first, viewer), b = heard(second, in_second, viewer);
    if (viewer == Viewer::Spectator) {
      CHECK(a.state == b.state);
      CHECK(a.resource == b.resource);
      CHECK(a.events == b.events);
    }
    alike = alike && a.state == b.state && a.resource == b.resource && a.events == b.events;
  }
  return alike;
}

match::Decision play(TestMatch& game, const char* uci) {
  auto decision = game.send(match::viewer_of(game->turn()), match::MoveCommand{uci, game->ply()});
  CAPTURE(uci);
  REQUIRE(decision.accepted());
  return decision;
}

// Plays `uci` in both games; true if `player` and a spectator hear both alike.
bool heard_alike(TestMatch& first, TestMatch& second, const char* uci, Viewer player = Viewer::White) {
  const auto in_first = play(first, uci), in_second = play(second, uci);
  return alike_to_the_blind(first, in_first, second, in_second, player);
}

TestMatch joined() {
  TestMatch game("fog-chess");
  REQUIRE(game.join(rules::Color::Black).accepted());
  return game;
}

}  // namespace

TEST_CASE("fog: two games that differ only where White cannot see are the same game to White and a spectator") {
  auto knight_h6 = joined(), knight_f6 = joined();
  CHECK(heard_alike(knight_h6, knight_f6, "e2e4"));
  // Black's knight goes where White's men do not reach, a different square in each game.
  const auto to_h6 = play(knight_h6, "g8h6"), to_f6 = play(knight_f6, "g8f6");
  CHECK(alike_to_the_blind(knight_h6, to_h6, knight_f6, to_f6));
  // Black, who knows, is told which.
  CHECK(state_message(*knight_h6, knight_h6.now, Viewer::Black).dump() !=
        state_message(*knight_f6, knight_f6.now, Viewer::Black).dump());
  for (const char* uci : {"b1c3", "a7a6", "g1f3", "b7b6", "h2h3", "c7c6"}) CHECK(heard_alike(knight_h6, knight_f6, uci));
  // The bishop let out sees h6: one knight shows, and White and the game hear it differently.
  CHECK_FALSE(heard_alike(knight_h6, knight_f6, "d2d3"));
  // After the end everything is public: the games differ for everyone.
  REQUIRE(knight_h6.send(Viewer::Black, match::ResignCommand{}).accepted());
  REQUIRE(knight_f6.send(Viewer::Black, match::ResignCommand{}).accepted());
  CHECK(state_message(*knight_h6, knight_h6.now, Viewer::Spectator).dump() !=
        state_message(*knight_f6, knight_f6.now, Viewer::Spectator).dump());
}

TEST_CASE("fog: the same for Black: White's knight where Black cannot see is the same game to Black") {
  auto knight_f3 = joined(), knight_h3 = joined();
  const auto to_f3 = play(knight_f3, "g1f3"), to_h3 = play(knight_h3, "g1h3");
  CHECK(alike_to_the_blind(knight_f3, to_f3, knight_h3, to_h3, Viewer::Black));
  CHECK_FALSE(alike_to_the_blind(knight_f3, to_f3, knight_h3, to_h3, Viewer::White));  // White knows
  for (const char* uci : {"e7e6", "b1c3", "a7a6", "a2a3"}) CHECK(heard_alike(knight_f3, knight_h3, uci, Viewer::Black));
  // The queen on h4 sees h3: the knight there, or nothing.
  CHECK_FALSE(heard_alike(knight_f3, knight_h3, "d8h4", Viewer::Black));
}

TEST_CASE("fog: an unseen double step and an unseen pawn move tell White nothing through the FEN's fields") {
  auto double_step = joined(), single_step = joined(), knight = joined();
  for (TestMatch* game : {&double_step, &single_step, &knight}) play(*game, "g1f3");
  // The three replies: an en-passant square, a halfmove clock reset or not; all beyond White's sight.
  const auto a5 = play(double_step, "a7a5"), a6 = play(single_step, "a7a6"), c6 = play(knight, "b8c6");
  REQUIRE(double_step->game().position().fen() != single_step->game().position().fen());
  REQUIRE(knight->game().position().fen() != single_step->game().position().fen());
  CHECK(alike_to_the_blind(double_step, a5, single_step, a6));
  CHECK(alike_to_the_blind(knight, c6, single_step, a6));
  for (const char* uci : {"f3g1", "h7h6", "g1f3"}) {
    const auto after_a5 = play(double_step, uci), after_a6 = play(single_step, uci), after_c6 = play(knight, uci);
    CHECK(alike_to_the_blind(double_step, after_a5, single_step, after_a6));
    CHECK(alike_to_the_blind(knight, after_c6, single_step, after_a6));
  }
}

TEST_CASE("fog, every variant: a player's board is the real one on the squares they see and holds nothing else but "
          "their men; their moves go only to squares they see") {
  for (const rules::Variant* variant : rules::all_variants()) {
    if (variant->visibility != rules::Visibility::Fog) continue;
    CAPTURE(variant->name);
    TestMatch game(variant->name);
    REQUIRE(game.join(rules::Color::Black).accepted());
    const rules::Geometry& geometry = variant->geometry;
    for (int ply = 0; ply < 40 && game->status() == match::Status::Playing; ++ply) {
      const rules::Position& real = game->game().position();
      for (rules::Color side : {rules::Color::White, rules::Color::Black}) {
        CAPTURE(ply);
        const nlohmann::json seen = state_message(*game, game.now, match::viewer_of(side));
        const auto board = rules::Position::from_fen(*variant, seen["fen"].get<std::string>());
        REQUIRE_MESSAGE(board.ok(), board.error());
        rules::Bitboard sight = 0;
        const auto& squares = seen["sight"][color_name(side)];
        REQUIRE(squares.size() == static_cast<std::size_t>(ply) + 1);
        for (const auto& name : squares.back()) sight |= rules::bit(geometry.parse(name.get<std::string>()));
        for (rules::Square square = 0; square < geometry.size(); ++square) {
          const auto shown = board.value().piece_at(square), there = real.piece_at(square);
          CAPTURE(geometry.name(square));
          if (sight & rules::bit(square)) {
            CHECK(shown.has_value() == there.has_value());
            if (shown && there) CHECK((shown->color == there->color && shown->kind == there->kind));
          } else {
            CHECK_FALSE(shown);
          }
          if (there && there->color == side) CHECK((sight & rules::bit(square)));
        }
        if (side == real.side_to_move())
          for (const rules::Move& move : game->game().legal_moves()) CHECK((sight & rules::bit(move.to)));
      }
      const auto& moves = game->game().legal_moves();
      REQUIRE_FALSE(moves.empty());
      const std::string uci = real.uci(moves[(static_cast<std::size_t>(ply) * 7 + 3) % moves.size()]);
      REQUIRE(game.send(match::viewer_of(real.side_to_move()), match::MoveCommand{uci, ply}).accepted());
    }
  }
}
