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
    DrawDeclined,
    TakebackOffered,
    TakebackDeclined,
    TakenBack,    // the last `plies` moves are undone, by consent
    Ended,
  };
  Kind kind = Kind::Moved;
  rules::Color by = rules::Color::White;          // Joined: the seat; otherwise who acted
  std::string move;                               // Moved, Tried: UCI-style
  int ply = 0;                                    // Moved, Tried, Asked: moves played before it
  int plies = 0;                                  // TakenBack: how many moves are undone
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
  static Event draw_declined(rules::Color by, std::optional<ClockTimes> clock);
  static Event takeback_offered(rules::Color by, std::optional<ClockTimes> clock);
  static Event takeback_declined(rules::Color by, std::optional<ClockTimes> clock);
  static Event taken_back(rules::Color by, int plies, std::optional<ClockTimes> clock);
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
using Command = std::variant<MoveCommand, ResignCommand, DrawCommand, DeclineDrawCommand, TakebackCommand,
                             DeclineTakebackCommand, AbortCommand, AnyCommand, ClaimCommand>;

}  // namespace arbiter::match
