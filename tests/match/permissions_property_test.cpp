// A property of match/permissions.h: in random games of every built-in variant and every kind
// (two people, invited or seated at once; one device; against the computer; timed and untimed),
// at every state reached, `permitted` offers each viewer an action exactly when the match would
// accept the command behind it: decide for what is recorded, set_premove for a premove, chat for
// chat. A command whose only effect is the end that time already decided does not count as
// accepted (permissions.h: that is no permission).
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "match/permissions.h"
#include "tests/match/match_tests.h"

namespace {

struct Kind {
  std::string_view name;
  bool local = false;
  bool invited = false;  // a seat waits for an invited player
  std::optional<rules::Color> computer;
};

const Kind kKinds[] = {
    {"invited", false, true, std::nullopt},
    {"seated at once", false, false, std::nullopt},
    {"one device", true, false, std::nullopt},
    {"computer white", false, false, White},
    {"computer black", false, false, Black},
};

// Untimed, and short enough that flags fall within a walk.
const std::optional<ClockSetting> kClocks[] = {std::nullopt, ClockSetting{5000, 1000}};

constexpr int kWalksPerGame = 4;
constexpr int kSteps = 60;
constexpr int kStepsAfterEnd = 6;

// Whether a decision does what its command asks: accepted, and more than the end time decided.
bool does(const TestMatch& game, const Decision& decision) {
  if (!decision.accepted()) return false;
  const auto timed = game->on_time(game.now);
  return timed.events.empty() || decision.events != timed.events;
}

template <typename EventKind>
bool first_is(const Decision& decision) {
  return !decision.events.empty() && std::holds_alternative<EventKind>(decision.events.front());
}

bool some_move_done(const TestMatch& game, Viewer viewer) {
  const rules::Game& rules_game = game->game();
  for (const auto& move : rules_game.legal_moves())
    if (does(game, game->decide(viewer, MoveCommand{rules_game.position().uci(move), game->ply()}, game.now)))
      return true;
  return false;
}

// Queues a premove and, if the match took it, puts back what was queued before.
bool premove_taken(TestMatch& game, Viewer viewer) {
  const auto seat = seat_of(viewer);
  const auto before = seat ? game->premove(*seat) : std::nullopt;
  if (game.match().set_premove(viewer, "a1a2", game.now)) return false;
  REQUIRE_FALSE(game.match().set_premove(viewer, before, game.now));
  return true;
}

void check_agreement(TestMatch& game, Viewer viewer) {
  const Permissions permissions = permitted(*game, viewer, game.now);
  auto decide = [&](const Command& command) { return game->decide(viewer, command, game.now); };
  auto check = [&](std::string_view action_name, Action action, bool accepted) {
    CAPTURE(action_name);
    CHECK(permissions.may(action) == accepted);
  };
  const bool local = game->local();

  check("Move", Action::Move, some_move_done(game, viewer));
  check("Premove", Action::Premove, premove_taken(game, viewer));
  check("AskAny", Action::AskAny, does(game, decide(AnyCommand{})));
  check("Abort", Action::Abort, does(game, decide(AbortCommand{})));
  check("Resign", Action::Resign, does(game, decide(ResignCommand{})));
  const Decision draw = decide(DrawCommand{});
  check("OfferDraw", Action::OfferDraw, does(game, draw) && first_is<DrawOffered>(draw));
  check("AcceptDraw", Action::AcceptDraw, does(game, draw) && first_is<Ended>(draw));
  check("DeclineDraw", Action::DeclineDraw, does(game, decide(DeclineDrawCommand{})));
  // On one device the takeback is made at once; elsewhere it is asked, or an asking accepted.
  const Decision takeback = decide(TakebackCommand{});
  check("Takeback", Action::Takeback, does(game, takeback) && (first_is<TakebackOffered>(takeback) || local));
  check("AcceptTakeback", Action::AcceptTakeback, does(game, takeback) && first_is<TakenBack>(takeback) && !local);
  check("DeclineTakeback", Action::DeclineTakeback, does(game, decide(DeclineTakebackCommand{})));
  check("Claim", Action::Claim, does(game, decide(ClaimCommand{Claim::Victory})));
  check("Claim", Action::Claim, does(game, decide(ClaimCommand{Claim::Draw})));
  const Decision rematch = decide(RematchCommand{"g2"});
  check("Rematch", Action::Rematch, does(game, rematch) && (first_is<RematchOffered>(rematch) || local));
  check("AcceptRematch", Action::AcceptRematch, does(game, rematch) && first_is<Rematched>(rematch) && !local);
  check("DeclineRematch", Action::DeclineRematch, does(game, decide(DeclineRematchCommand{})));
  // A finished game's closing time is chat()'s alone: asked at the end.
  const auto chat = game->chat(ChatSpeaker{viewer, "", true}, game->ended_at_ms().value_or(game.wall_ms()));
  check("Chat", Action::Chat, std::holds_alternative<ChatChannel>(chat));
  if (auto* channel = std::get_if<ChatChannel>(&chat)) CHECK(permissions.chat == *channel);
}

// The room's way: a premove whose turn has come is played at once, or dropped.
void play_due_premove(TestMatch& game) {
  if (auto due = game.match().take_premove(game.now)) game.carry_out(due->decision);
}

Command random_command(std::mt19937& random) {
  switch (random() % 14) {
    case 0: return ResignCommand{};
    case 1: return AbortCommand{};
    case 2: case 3: return DrawCommand{};
    case 4: return DeclineDrawCommand{};
    case 5: case 6: return TakebackCommand{};
    case 7: return DeclineTakebackCommand{};
    case 8: return ClaimCommand{random() % 2 ? Claim::Victory : Claim::Draw};
    case 9: case 10: return AnyCommand{};
    case 11: case 12: return RematchCommand{"g2"};
    default: return DeclineRematchCommand{};
  }
}

std::chrono::milliseconds random_wait(std::mt19937& random) {
  const std::chrono::milliseconds waits[] = {500ms, 2s, 6s, 31s, 121s, 25h};
  return waits[random() % std::size(waits)];
}

void take_step(TestMatch& game, const Kind& kind, std::mt19937& random) {
  const unsigned roll = random() % 100;
  const rules::Color seat = random() % 2 ? White : Black;
  if (game->status() == Status::Waiting && roll < 30) {
    game.join(Black);
  } else if (roll < 50) {
    const auto& legal = game->game().legal_moves();
    if (legal.empty()) return;
    const std::string move = game->game().position().uci(legal[random() % legal.size()]);
    if (game.send(viewer_of(game->turn()), MoveCommand{move, game->ply()}).accepted()) play_due_premove(game);
  } else if (roll < 58) {
    // The side not to move queues one of the moves of the position (as often dropped as played).
    const auto& legal = game->game().legal_moves();
    if (legal.empty()) return;
    const std::string move = game->game().position().uci(legal[random() % legal.size()]);
    (void)game.match().set_premove(viewer_of(~game->turn()), move, game.now);
  } else if (roll < 82) {
    if (game.send(viewer_of(seat), random_command(random)).accepted()) play_due_premove(game);
  } else if (roll < 91) {
    if (seat != kind.computer) game.match().set_connected(seat, random() % 3 != 0, game.now);
  } else {
    game.wait(random_wait(random));
    if (random() % 2) game.tick();  // the room's timer, or a state before it fires
  }
}

TestMatch start(const rules::Variant& variant, const Kind& kind, std::optional<ClockSetting> clock) {
  MatchSetup setup;
  setup.id = "g1";
  setup.clock = clock;
  setup.local = kind.local;
  setup.created_at_ms = TestMatch::kCreatedAtMs;
  setup.invited = kind.invited;
  if (kind.computer) setup.computer = ComputerSeat{*kind.computer, 1};
  TestMatch game(std::move(setup), variant.name);
  // As the room starts it: the computer takes its seat, and is never gone; seats given at
  // once are taken.
  if (kind.computer) {
    game.join(*kind.computer);
    game.match().set_connected(*kind.computer, true, game.now);
  } else if (!kind.local && !kind.invited) {
    game.join(Black);
  }
  return game;
}

}  // namespace

TEST_CASE("permissions offer exactly what the match accepts, in random games of every variant and kind") {
  std::mt19937 seeds(32);
  for (const rules::Variant* variant : rules::all_variants())
    for (const Kind& kind : kKinds)
      for (const auto& clock : kClocks)
        for (int walk = 0; walk < kWalksPerGame; ++walk) {
          const auto seed = seeds();
          CAPTURE(variant->name);
          CAPTURE(kind.name);
          CAPTURE(clock.has_value());
          CAPTURE(seed);
          std::mt19937 random(seed);
          TestMatch game = start(*variant, kind, clock);
          int after_end = 0;
          for (int step = 0; step < kSteps && after_end <= kStepsAfterEnd; ++step) {
            CAPTURE(step);
            for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator}) {
              CAPTURE(static_cast<int>(viewer));
              check_agreement(game, viewer);
            }
            if (game->finished()) ++after_end;
            take_step(game, kind, random);
          }
        }
}
