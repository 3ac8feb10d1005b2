#pragma once
// What is recorded of a game (events, numbered v = 1, 2, ... and stored before anyone hears of
// them) and what players ask of it (commands). Replaying the events rebuilds the game exactly.
//
// An event is one of its kinds, each with its own fields only: code that tells them apart visits
// them all (std::visit with an overload per kind), so a kind it forgets does not compile.
#include <optional>
#include <string>
#include <variant>

#include "match/types.h"
#include "rules/kriegspiel.h"

namespace arbiter::match {

// `clock`: timed games, both times right after the event (every kind has it: the stored form lets
// any event carry one).
struct Joined {  // the invited player took `seat`; the game starts
  rules::Color seat = rules::Color::White;
  std::string name;  // their display name ("" for none)
  std::optional<ClockTimes> clock;
  bool operator==(const Joined&) const = default;
};
struct Moved {  // an open game's move
  std::string move;  // UCI-style
  int ply = 0;       // moves played before it
  std::optional<ClockTimes> clock;
  bool operator==(const Moved&) const = default;
};
struct Tried {  // a hidden game's try: played (`accepted`) or refused aloud ("No")
  rules::Color by = rules::Color::White;
  std::string move;
  int ply = 0;
  bool accepted = false;
  std::optional<ClockTimes> clock;
  bool operator==(const Tried&) const = default;
};
struct Asked {  // a hidden game's "Are there any?" and its answer
  rules::Color by = rules::Color::White;
  int ply = 0;
  rules::AnyAnswer answer = rules::AnyAnswer::No;
  std::optional<ClockTimes> clock;
  bool operator==(const Asked&) const = default;
};
struct DrawOffered {
  rules::Color by = rules::Color::White;
  std::optional<ClockTimes> clock;
  bool operator==(const DrawOffered&) const = default;
};
struct DrawDeclined {
  rules::Color by = rules::Color::White;
  std::optional<ClockTimes> clock;
  bool operator==(const DrawDeclined&) const = default;
};
struct TakebackOffered {
  rules::Color by = rules::Color::White;
  std::optional<ClockTimes> clock;
  bool operator==(const TakebackOffered&) const = default;
};
struct TakebackDeclined {
  rules::Color by = rules::Color::White;
  std::optional<ClockTimes> clock;
  bool operator==(const TakebackDeclined&) const = default;
};
struct TakenBack {  // the last `plies` moves are undone, by consent
  rules::Color by = rules::Color::White;
  int plies = 0;
  std::optional<ClockTimes> clock;
  bool operator==(const TakenBack&) const = default;
};
struct Ended {
  Result result = Result::Ongoing;
  EndReason reason = EndReason::None;
  std::optional<ClockTimes> clock;
  bool operator==(const Ended&) const = default;
};
// After the end: the match gives them no clock (none runs), but one stored with them is kept.
struct RematchOffered {  // `by` offers a new game, colours swapped
  rules::Color by = rules::Color::White;
  std::optional<ClockTimes> clock;
  bool operator==(const RematchOffered&) const = default;
};
struct RematchDeclined {
  rules::Color by = rules::Color::White;
  std::optional<ClockTimes> clock;
  bool operator==(const RematchDeclined&) const = default;
};
struct Rematched {  // the offer was taken: the new game is `game`
  rules::Color by = rules::Color::White;
  std::string game;
  std::optional<ClockTimes> clock;
  bool operator==(const Rematched&) const = default;
};

using Event = std::variant<Joined, Moved, Tried, Asked, DrawOffered, DrawDeclined, TakebackOffered, TakebackDeclined,
                           TakenBack, Ended, RematchOffered, RematchDeclined, Rematched>;

// One lambda per kind for std::visit: `overloaded{[](const Moved&) {...}, ...}`.
template <typename... Handlers>
struct overloaded : Handlers... {
  using Handlers::operator()...;
};
template <typename... Handlers>
overloaded(Handlers...) -> overloaded<Handlers...>;  // clang 14 deduces no aggregate's arguments without it

// Both clocks right after the event; nullopt in untimed games.
std::optional<ClockTimes> clock_of(const Event& event);
// The event with its clock set (the referees judge acts without one; the match sets it).
void set_clock(Event& event, std::optional<ClockTimes> clock);
// The game moved on: a move, or a try the umpire played.
bool moves_game_on(const Event& event);

struct MoveCommand {
  std::string move;  // UCI-style, checked for shape only
  std::int64_t ply;  // moves played before this one
};
struct ResignCommand {};
struct DrawCommand {};         // offer, or accept the opponent's offer
struct DeclineDrawCommand {};
struct TakebackCommand {};     // ask to take one's last move back, or accept the opponent's asking
struct DeclineTakebackCommand {};
struct AbortCommand {};        // end without result while a side has not yet moved
struct AnyCommand {};          // hidden games: "Are there any?"
enum class Claim : std::uint8_t { Victory, Draw };
struct ClaimCommand {          // the opponent is gone: end the game
  Claim claim;
};
// Offer a rematch, or accept the opponent's offer. `next_id` is the id the new game would
// have (the room draws one for each command; the match records it only on acceptance).
struct RematchCommand {
  std::string next_id;
};
struct DeclineRematchCommand {};
using Command = std::variant<MoveCommand, ResignCommand, DrawCommand, DeclineDrawCommand, TakebackCommand,
                             DeclineTakebackCommand, AbortCommand, AnyCommand, ClaimCommand, RematchCommand,
                             DeclineRematchCommand>;

}  // namespace arbiter::match
