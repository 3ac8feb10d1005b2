// Fog of War's referee: moves judged as open moves without check, and what the game lets its
// players and spectators do, from the variant's visibility.
#include <doctest/doctest.h>

#include "match/referee.h"
#include "tests/match/match_tests.h"

namespace {

TestMatch joined(const char* variant) {
  TestMatch game(variant);
  REQUIRE(game.join(Black).accepted());
  return game;
}

Rejection refusal_of(const Decision& decision) {
  REQUIRE(decision.refusal);
  CHECK(decision.events.empty());
  return decision.refusal->code;
}

std::vector<const rules::Variant*> fog_variants() {
  std::vector<const rules::Variant*> fog;
  for (const rules::Variant* variant : rules::all_variants())
    if (variant->visibility == rules::Visibility::Fog) fog.push_back(variant);
  return fog;
}

}  // namespace

TEST_CASE("every fog variant gets a referee that hides the board, takes nothing back and queues premoves") {
  const auto fog = fog_variants();
  CHECK(fog.size() >= 5);  // chess, Capablanca, Grand, circular, Byzantine
  for (const rules::Variant* variant : fog) {
    CAPTURE(variant->name);
    const Capabilities can = capabilities_of(*variant);
    CHECK(can.board_hidden);
    CHECK_FALSE(can.tries);
    CHECK_FALSE(can.any_question);
    CHECK_FALSE(can.takebacks);
    CHECK(can.premoves);
    CHECK_FALSE(can.players_chat);
    CHECK(can.seals_spectators);
    const auto referee = make_referee(rules::Position::start(*variant));
    CHECK_FALSE(referee->umpire());
    CHECK_FALSE(referee->may_ask_any());
  }
  // The same variant in the open is open still.
  CHECK_FALSE(capabilities_of(*rules::find_variant("chess")).board_hidden);
}

TEST_CASE("fog: no check; a king walks into attack, and taking it ends the game") {
  auto game = joined("fog-chess");
  game.play({"e2e4", "f7f6", "d1h5"});  // Black's king is attacked, and need not see it
  CHECK(game->status() == Status::Playing);
  game.play({"e8f7"});  // into the queen's reach: no check, so it is a move like another
  game.play({"h5f7"});
  CHECK(game->status() == Status::Finished);
  CHECK(game->result() == Result::WhiteWins);
  CHECK(game->reason() == EndReason::KingCaptured);
}

TEST_CASE("fog: a move the rules do not allow is refused as in an open game; no Kriegspiel question") {
  auto game = joined("fog-chess");
  CHECK(refusal_of(game.send(Viewer::White, MoveCommand{"e2e5", 0})) == Rejection::IllegalMove);
  CHECK(refusal_of(game.send(Viewer::White, AnyCommand{})) == Rejection::NotHidden);
  CHECK(game->ply() == 0);
}

TEST_CASE("fog: no takeback, no players' chat while it is on, premoves queued and played") {
  auto game = joined("fog-chess");
  game.play({"e2e4"});
  CHECK(refusal_of(game.send(Viewer::White, TakebackCommand{})) == Rejection::HiddenGame);
  CHECK_FALSE(game->chat_channel(Viewer::White));
  CHECK(game->spectators_sealed());

  auto& match = game.match();
  CHECK_FALSE(match.set_premove(Viewer::White, "g1f3", game.now));
  game.play({"e7e5"});
  auto due = match.take_premove(game.now);
  REQUIRE(due);
  CHECK(testing::as<Moved>(game.carry_out(due->decision).events.front()).move == "g1f3");

  REQUIRE(game.send(Viewer::Black, ResignCommand{}).accepted());
  CHECK(game->chat_channel(Viewer::White) == ChatChannel::Players);  // the game is over
  CHECK_FALSE(game->spectators_sealed());
}
