// The computer's Fog of War seat: what it reads from the `state` message a person in the seat is
// sent is exactly the seat's sight of every position, and its move depends on nothing else.
#include <doctest/doctest.h>

#include <atomic>

#include <nlohmann/json.hpp>

#include "engine/fog_view.h"
#include "protocol/views.h"
#include "server/players/computer_player.h"
#include "server/players/seat_views.h"
#include "tests/support/test_match.h"

using namespace arbiter;
using arbiter::testing::TestMatch;
using match::Viewer;
using rules::Color;

namespace {

nlohmann::json seat_view(const TestMatch& game, Color seat) {
  return protocol::state_message(*game, game.now, match::viewer_of(seat));
}

// The sights the engine's own seam builds from the real game (engine/fog_player.h): the start's
// and every later position's, with the seat's own move where it made one.
std::vector<engine::FogSight> real_sights(const rules::Game& game, Color seat) {
  std::vector<engine::FogSight> sights;
  auto position = game.start();
  sights.push_back(engine::fog_sight(position, seat));
  for (const auto& move : game.moves()) {
    const std::string own = position.side_to_move() == seat ? position.uci(move) : std::string();
    position.play(move);
    sights.push_back(engine::fog_sight(position, seat, own));
  }
  return sights;
}

std::optional<match::Command> computer_move(const TestMatch& game, Color seat, std::uint64_t seed) {
  ComputerPlayer computer(3, seed);
  engine::Searcher searcher;
  const std::atomic<bool> stop{false};
  return computer.decide(game->game().start().variant(), seat_view(game, seat), searcher, stop);
}

std::string uci_of(const std::optional<match::Command>& command) {
  REQUIRE(command);
  const auto* move = std::get_if<match::MoveCommand>(&*command);
  REQUIRE(move);
  return move->move;
}

TestMatch joined(const char* variant) {
  TestMatch game(variant);
  REQUIRE(game.join(Color::Black).accepted());
  return game;
}

}  // namespace

TEST_CASE("fog seat, every fog variant: the view a seat is sent reads as that seat's sight of every position") {
  for (const rules::Variant* variant : rules::all_variants()) {
    if (variant->visibility != rules::Visibility::Fog) continue;
    CAPTURE(variant->name);
    auto game = joined(variant->name.c_str());
    for (int ply = 0; ply < 30 && game->status() == match::Status::Playing; ++ply) {
      CAPTURE(ply);
      for (Color seat : {Color::White, Color::Black}) {
        auto view = fog_view_of(*variant, seat_view(game, seat));
        REQUIRE_MESSAGE(view.ok(), view.error());
        CHECK(view->me() == seat);
        CHECK(view->sights() == real_sights(game->game(), seat));
      }
      const auto& moves = game->game().legal_moves();
      REQUIRE_FALSE(moves.empty());
      const auto& position = game->game().position();
      const std::string uci = position.uci(moves[(static_cast<std::size_t>(ply) * 5 + 1) % moves.size()]);
      REQUIRE(game.send(match::viewer_of(position.side_to_move()), match::MoveCommand{uci, ply}).accepted());
    }
  }
}

TEST_CASE("fog seat: a view that is not a whole seat's view is refused with its reason") {
  auto game = joined("fog-chess");
  game.play({"e2e4", "e7e5"});
  const rules::Variant& variant = game->game().start().variant();
  CHECK_FALSE(fog_view_of(variant, protocol::state_message(*game, game.now, Viewer::Spectator)).ok());
  auto view = seat_view(game, Color::White);
  auto short_of_a_position = view;
  short_of_a_position["positions"].erase(short_of_a_position["positions"].size() - 1);
  CHECK(fog_view_of(variant, short_of_a_position).error() == "the view has not one sight per position");
  auto without_its_move = view;
  without_its_move["moves"] = nlohmann::json::array();
  CHECK(fog_view_of(variant, without_its_move).error() == "the view lacks one of the seat's moves");
  auto off_the_board = view;
  off_the_board["sight"]["white"][1].push_back("z9");
  CHECK(fog_view_of(variant, off_the_board).error() == "position 1: its sight names \"z9\", not a square of this board");
  CHECK(fog_view_of(variant, view).ok());
}

TEST_CASE("fog computer: two games that differ only behind its fog get the same move from the same seed") {
  // Black's knight goes where White's men do not reach, a different square in each game.
  auto knight_h6 = joined("fog-chess"), knight_f6 = joined("fog-chess");
  knight_h6.play({"e2e4", "g8h6", "b1c3", "a7a6"});
  knight_f6.play({"e2e4", "g8f6", "b1c3", "a7a6"});
  REQUIRE(knight_h6->game().position().fen() != knight_f6->game().position().fen());
  REQUIRE(seat_view(knight_h6, Color::White) == seat_view(knight_f6, Color::White));
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    CAPTURE(seed);
    const std::string move = uci_of(computer_move(knight_h6, Color::White, seed));
    CHECK(move == uci_of(computer_move(knight_f6, Color::White, seed)));
    CHECK(knight_h6->game().position().parse_uci(move).ok());
  }
}

TEST_CASE("fog computer: it moves first as White, and as Black after White's first move, with moves the match accepts") {
  for (const char* variant : {"fog-chess", "fog-circular"}) {
    CAPTURE(variant);
    auto game = joined(variant);
    for (int ply = 0; ply < 6; ++ply) {
      const Color seat = game->turn();
      const std::string move = uci_of(computer_move(game, seat, 7));
      CAPTURE(move);
      REQUIRE(game.send(match::viewer_of(seat), match::MoveCommand{move, ply}).accepted());
    }
  }
}

TEST_CASE("fog computer: one that starts afresh mid-game (a restart) plays as the one that followed the game") {
  auto game = joined("fog-chess");
  ComputerPlayer followed(4, 11);
  engine::Searcher searcher;
  const std::atomic<bool> stop{false};
  const rules::Variant& variant = game->game().start().variant();
  for (int ply = 0; ply < 12; ++ply) {
    const Color seat = game->turn();
    std::string move;
    if (seat == Color::White) {
      move = uci_of(followed.decide(variant, seat_view(game, seat), searcher, stop));
    } else {
      const auto& moves = game->game().legal_moves();
      move = game->game().position().uci(moves[(static_cast<std::size_t>(ply) * 3 + 2) % moves.size()]);
    }
    REQUIRE(game.send(match::viewer_of(seat), match::MoveCommand{move, ply}).accepted());
  }
  REQUIRE(game->turn() == Color::White);
  ComputerPlayer restarted(4, 11);
  CHECK(uci_of(restarted.decide(variant, seat_view(game, Color::White), searcher, stop)) ==
        uci_of(followed.decide(variant, seat_view(game, Color::White), searcher, stop)));
}
