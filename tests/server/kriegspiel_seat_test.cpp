// The computer's Kriegspiel seat: what it reads from the `state` message a person in the seat is
// sent (server/players/seat_views.h) is the seat's own men and every act it heard, in order, and a
// view that tells more or does not hang together is refused; it passes the pool's stop on to the
// player: a stopped computer decides from the few samples the stop leaves it
// (engine/work_budget.h), and what it sends is still a command the match accepts.
#include <doctest/doctest.h>

#include <atomic>

#include <nlohmann/json.hpp>

#include "match/referee.h"
#include "protocol/views.h"
#include "server/players/computer_player.h"
#include "server/players/seat_views.h"
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

namespace {

engine::HeardAct heard(engine::HeardAct::Kind kind, Color by, std::string uci = "") {
  engine::HeardAct act;
  act.kind = kind;
  act.by = by;
  act.uci = std::move(uci);
  return act;
}

engine::HeardAct asked(Color by, rules::AnyAnswer answer) {
  engine::HeardAct act = heard(engine::HeardAct::Kind::Any, by);
  act.answer = answer;
  return act;
}

// 1. e4 e5, White asks (no) and tries e4-e5 (refused), 2. d4; Black asks (try) and takes on d4.
TestMatch asked_tried_and_took() {
  TestMatch game("kriegspiel");
  REQUIRE(game.join(Color::Black).accepted());
  REQUIRE(game.send(match::Viewer::White, match::MoveCommand{"e2e4", 0}).accepted());
  REQUIRE(game.send(match::Viewer::Black, match::MoveCommand{"e7e5", 1}).accepted());
  REQUIRE(game.send(match::Viewer::White, match::AnyCommand{}).accepted());
  REQUIRE(game.send(match::Viewer::White, match::MoveCommand{"e4e5", 2}).accepted());
  REQUIRE(game.send(match::Viewer::White, match::MoveCommand{"d2d4", 2}).accepted());
  REQUIRE(game.send(match::Viewer::Black, match::AnyCommand{}).accepted());
  REQUIRE(game.send(match::Viewer::Black, match::MoveCommand{"e5d4", 3}).accepted());
  return game;
}

nlohmann::json seat_view(const TestMatch& game, Color seat) {
  return protocol::state_message(*game, game.now, match::viewer_of(seat));
}

}  // namespace

TEST_CASE("Kriegspiel seat: the view a seat is sent reads as its own men and every act it heard, in order") {
  const TestMatch game = asked_tried_and_took();
  const rules::Variant& variant = game->game().start().variant();
  using Kind = engine::HeardAct::Kind;
  engine::HeardAct took = heard(Kind::Moved, Color::Black);
  took.capture = variant.geometry.parse("d4");

  const auto white = kriegspiel_view_of(variant, seat_view(game, Color::White));
  REQUIRE_MESSAGE(white.ok(), white.error());
  CHECK(white->me() == Color::White);
  CHECK(white->own_fen() == game->referee().umpire()->own_fen(Color::White));
  CHECK(white->acts() == std::vector{heard(Kind::Moved, Color::White, "e2e4"), heard(Kind::Moved, Color::Black),
                                     asked(Color::White, rules::AnyAnswer::No), heard(Kind::Illegal, Color::White, "e4e5"),
                                     heard(Kind::Moved, Color::White, "d2d4"), asked(Color::Black, rules::AnyAnswer::Try),
                                     took});
  CHECK(white->my_turn());

  // The other seat hears the same announcements and its own tries, none of White's.
  engine::HeardAct its_take = took;
  its_take.uci = "e5d4";
  const auto black = kriegspiel_view_of(variant, seat_view(game, Color::Black));
  REQUIRE_MESSAGE(black.ok(), black.error());
  CHECK(black->acts() == std::vector{heard(Kind::Moved, Color::White), heard(Kind::Moved, Color::Black, "e7e5"),
                                     asked(Color::White, rules::AnyAnswer::No), heard(Kind::Illegal, Color::White),
                                     heard(Kind::Moved, Color::White), asked(Color::Black, rules::AnyAnswer::Try),
                                     its_take});
}

TEST_CASE("Kriegspiel seat: a view that is not a seat's, or does not hang together, is refused with its reason") {
  const TestMatch game = asked_tried_and_took();
  const rules::Variant& variant = game->game().start().variant();
  const nlohmann::json view = seat_view(game, Color::White);
  REQUIRE(kriegspiel_view_of(variant, view).ok());
  CHECK(kriegspiel_view_of(variant, protocol::state_message(*game, game.now, match::Viewer::Spectator)).error() ==
        "the view is not a seat's");
  CHECK_FALSE(kriegspiel_view_of(variant, nlohmann::json::array()).ok());

  // The view with its `umpire` entry `index`'s `field` set to `value`.
  const auto with = [&](std::size_t index, const char* field, nlohmann::json value) {
    nlohmann::json changed = view;
    changed["umpire"][index][field] = std::move(value);
    return kriegspiel_view_of(variant, changed);
  };
  CHECK(with(0, "say", "shouted").error() == "umpire act 0: an umpire act says moved, illegal or any");
  CHECK(with(0, "by", "green").error() == "umpire act 0: an umpire act is by white or black");
  CHECK(with(6, "capture", "z9").error() == "umpire act 6: the capture is not a square of this board");
  CHECK(with(6, "check", {"sideways"}).error() ==
        "umpire act 6: a check is along rank, file, long_diagonal, short_diagonal or by a knight");
  CHECK(with(6, "check", {7}).error() ==
        "umpire act 6: a check is along rank, file, long_diagonal, short_diagonal or by a knight");
  CHECK(with(2, "answer", "maybe").error() == "umpire act 2: \"Are there any?\" is answered try or no");
  CHECK(with(0, "move", 12).error() == "umpire act 0: its move is not a string");
  // Told more than a seat hears, or acts out of turn: the engine's own checks, reached through the reader.
  CHECK(with(1, "move", "e7e5").error() == "act 1: a seat does not hear the opponent's tries");
  nlohmann::json out_of_turn = view;
  out_of_turn["umpire"].erase(0);
  CHECK(kriegspiel_view_of(variant, out_of_turn).error() == "act 0: it is not by the side to move");
  nlohmann::json without_fen = view;
  without_fen.erase("fen");
  CHECK(kriegspiel_view_of(variant, without_fen).error() == "the view lacks the seat's fen or what the umpire said");
}
