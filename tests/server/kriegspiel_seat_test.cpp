// The computer's Kriegspiel seat passes the pool's stop on to the player: a stopped computer
// decides from the few samples the stop leaves it (engine/work_budget.h), and what it sends is
// still a command the match accepts.
#include <doctest/doctest.h>

#include <atomic>

#include <nlohmann/json.hpp>

#include "protocol/views.h"
#include "server/players/computer_player.h"
#include "tests/support/test_match.h"

using namespace arbiter;
using arbiter::testing::TestMatch;
using rules::Color;

namespace {

std::optional<match::Command> computer_command(const TestMatch& game, Color seat, bool stopped) {
  ComputerPlayer computer(8, 21);
  engine::Searcher searcher;
  const std::atomic<bool> stop{stopped};
  return computer.decide(game->game().start().variant(),
                         protocol::state_message(*game, game.now, match::viewer_of(seat)), searcher, stop);
}

// A try's move, or "any" for the question.
std::string said(const match::Command& command) {
  if (const auto* move = std::get_if<match::MoveCommand>(&command)) return move->move;
  REQUIRE(std::holds_alternative<match::AnyCommand>(command));
  return "any";
}

}  // namespace

TEST_CASE("Kriegspiel computer: a stopped one decides from what the stop leaves it, and the match accepts it") {
  TestMatch game("kriegspiel");
  REQUIRE(game.join(Color::Black).accepted());
  // Legal moves from both seats (each a try the umpire plays), chosen by a fixed rule.
  for (int ply = 0; ply < 24; ++ply) {
    const rules::Position& position = game->game().position();
    const auto moves = position.legal_moves();
    REQUIRE(!moves.empty());
    const std::string uci = position.uci(moves[std::size_t(ply * 7) % moves.size()]);
    REQUIRE(game.send(match::viewer_of(position.side_to_move()), match::MoveCommand{uci, ply}).accepted());
  }
  const Color seat = game->game().position().side_to_move();
  const auto whole = computer_command(game, seat, false), stopped = computer_command(game, seat, true);
  REQUIRE(whole);
  REQUIRE(stopped);
  // In this game the few samples a stop leaves choose otherwise than the whole belief: were the
  // stop not passed on, the two would be the same command.
  CHECK(said(*stopped) != said(*whole));
  CHECK(game.send(match::viewer_of(seat), *stopped).accepted());
}
