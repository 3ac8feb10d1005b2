#pragma once
// The vocabulary of a match: who is speaking, how a game stands and ends, why a command is
// refused. Enums only; protocol/ alone turns them into wire strings.
#include <cstdint>
#include <optional>

#include "rules/position.h"

namespace arbiter::match {

enum class Status : std::uint8_t { Waiting, Playing, Finished };

// Who a command comes from, or who a view is for.
enum class Viewer : std::uint8_t { White, Black, Spectator };
inline constexpr Viewer viewer_of(rules::Color seat) { return seat == rules::Color::White ? Viewer::White : Viewer::Black; }
// The seat of a player; nullopt for a spectator.
inline constexpr std::optional<rules::Color> seat_of(Viewer viewer) {
  if (viewer == Viewer::Spectator) return std::nullopt;
  return viewer == Viewer::White ? rules::Color::White : rules::Color::Black;
}

// "*" on the wire for both Ongoing and Aborted.
enum class Result : std::uint8_t { Ongoing, WhiteWins, BlackWins, Draw, Aborted };
inline constexpr Result win_for(rules::Color winner) {
  return winner == rules::Color::White ? Result::WhiteWins : Result::BlackWins;
}

enum class EndReason : std::uint8_t {
  None,
  // Decided by the rules.
  Checkmate, Stalemate, Repetition, FiftyMoves, InsufficientMaterial, KingCaptured, BareKing,
  // Decided by the players or the clock.
  Resign, Agreement, Timeout, Abort,
  Abandoned,  // the opponent left a live game and the player still there claimed it
  Expired,    // nobody took the invitation in time (aborted while waiting)
  Deserted,   // an untimed game nobody moved in nor connected to for days: no winner (match/desertion.h)
};

enum class Rejection : std::uint8_t {
  NotAPlayer,    // a spectator tried to play
  GameOver,
  NotStarted,    // before the invited player joined
  NotYourTurn,
  StalePly,      // the move names another ply than the game's
  IllegalMove,
  Nonsense,      // hidden games: impossible on the player's own board
  NotHidden,     // a hidden game's question in an open game
  DrawOffered,   // the sender's offer already stands
  TooLate,       // abort after both sides moved
  SeatTaken,     // join: no seat is free
  YourTurn,      // a premove on one's own turn: just move
  PremovesOff,   // a premove in a game without them (a hidden game's tries, one device)
  NoOffer,       // nothing to accept or decline
  TakebackOffered,   // the sender's takeback request already stands
  NothingToTakeBack, // the sender has not moved yet
  HiddenGame,    // takebacks would show the hidden board
  OpponentHere,  // a claim while the opponent is connected, or not yet gone long enough
  TooSoon,       // a draw offer again after a decline, before the game moved on
  NotOver,       // a rematch before the end
  RematchOffered,  // the sender's rematch offer already stands
  Rematched,     // the rematch has been played already
  ChatOff,       // the players' chat of a hidden game in progress
  ChatClosed,    // a finished game's chat, after its while, or to one who was not there at the end
  NameTaken,     // a spectator speaking under a seat's name
};

// Who reads a chat: the players among themselves, the spectators among themselves.
enum class ChatChannel : std::uint8_t { Players, Spectators };

// Both clocks right after an event (timed games only); the side to move runs from there.
struct ClockTimes {
  std::int64_t white_ms = 0;
  std::int64_t black_ms = 0;
  std::int64_t& of(rules::Color c) { return c == rules::Color::White ? white_ms : black_ms; }
  std::int64_t of(rules::Color c) const { return c == rules::Color::White ? white_ms : black_ms; }
  bool operator==(const ClockTimes&) const = default;
};

}  // namespace arbiter::match
