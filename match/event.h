#pragma once
// What is recorded of a game (events, numbered v = 1, 2, ... and stored before anyone hears of
// them) and what players ask of it (commands). Replaying the events rebuilds the game exactly.
#include <optional>
#include <string>
#include <variant>

#include "match/types.h"
#include "rules/kriegspiel.h"

namespace arbiter::match {

struct Event {
  enum class Kind : std::uint8_t {
    Joined,       // the invited player took the seat `by`; the game starts
    Moved,        // an open game's move
    Tried,        // a hidden game's try: played (`accepted`) or refused aloud ("No")
    Asked,        // a hidden game's "Are there any?" and its `answer`
    DrawOffered,
    Ended,
  };
  Kind kind = Kind::Moved;
  rules::Color by = rules::Color::White;          // Joined: the seat; Tried, Asked, DrawOffered: who
  std::string move;                               // Moved, Tried: UCI-style
  int ply = 0;                                    // Moved, Tried, Asked: moves played before it
  bool accepted = false;                          // Tried
  rules::AnyAnswer answer = rules::AnyAnswer::No;  // Asked
  Result result = Result::Ongoing;                // Ended
  EndReason reason = EndReason::None;             // Ended
  std::optional<ClockTimes> clock;                // timed games: both times right after it

  static Event joined(rules::Color seat, std::optional<ClockTimes> clock);
  static Event moved(std::string move, int ply, std::optional<ClockTimes> clock);
  static Event tried(rules::Color by, std::string move, int ply, bool accepted, std::optional<ClockTimes> clock);
  static Event asked(rules::Color by, int ply, rules::AnyAnswer answer, std::optional<ClockTimes> clock);
  static Event draw_offered(rules::Color by, std::optional<ClockTimes> clock);
  static Event ended(Result result, EndReason reason, std::optional<ClockTimes> clock);

  // The game moved on: a move, or a try the umpire played.
  bool is_move() const { return kind == Kind::Moved || (kind == Kind::Tried && accepted); }
  bool operator==(const Event&) const = default;
};

struct MoveCommand {
  std::string move;  // UCI-style, checked for shape only
  std::int64_t ply;  // moves played before this one
};
struct ResignCommand {};
struct DrawCommand {};   // offer, or accept the opponent's offer
struct AbortCommand {};  // end without result while a side has not yet moved
struct AnyCommand {};    // hidden games: "Are there any?"
using Command = std::variant<MoveCommand, ResignCommand, DrawCommand, AbortCommand, AnyCommand>;

}  // namespace arbiter::match
