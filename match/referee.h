#pragma once
// A referee per kind of game, behind one interface: the open game (everyone sees the board,
// rules::Game judges moves; Fog of War's too, its board hidden) and the hidden game (rules::Umpire judges tries and answers
// "Are there any?"). The match holds one and never asks which: what differs between kinds beside
// judging is in its Capabilities. make_referee picks it from the variant. Referees judge without
// changing anything, and apply what was judged, trusted.
#include <memory>
#include <string>
#include <string_view>

#include "match/event.h"
#include "rules/game.h"
#include "rules/kriegspiel.h"

namespace arbiter::match {

struct Refusal {
  Rejection code;
  std::string message;
};

// A referee's ruling on a move: a refusal, or the act to record and what it does to the game.
struct MoveRuling {
  std::optional<Refusal> refusal;
  Event act;                // Moved, or Tried (played or refused aloud)
  bool turn_passes = false;  // the mover's turn is over: their clock stops, the increment is added
  rules::Outcome outcome;    // of the game after the act
};

// What a kind of game lets its players and spectators do besides moving, and what it keeps from
// them: the match, the views and the page (through /api/variants) read these, never which kind
// of game it is.
struct Capabilities {
  bool board_hidden = false;  // while the game is on, a player sees their own men only, a spectator none
  bool tries = false;         // a move is a try the umpire answers aloud, refused ones too
  bool any_question = false;  // the player to move may ask "Are there any?" (pawn captures)
  bool takebacks = true;      // by consent (they would show a hidden board)
  bool premoves = true;       // queued for the next turn (a try is made on hearing the board)
  bool players_chat = true;   // between the players while the game is on
  // What spectators do stays sealed while the game is on: their chat delivered to nobody until
  // the end, their number shown to nobody. A hidden game's: a player can always watch as a
  // spectator too (a socket without a token), so whatever spectators read that either side can
  // change would carry words or signals past the umpire.
  bool seals_spectators = false;
};

struct AnyRuling {
  std::optional<Refusal> refusal;
  Asked act;
};

class Referee {
 public:
  virtual ~Referee() = default;

  // The real game. Views decide who may see what of it.
  virtual const rules::Game& game() const = 0;
  // The umpire of a hidden game, for its view policy alone (protocol/kriegspiel_view.cpp: what
  // each player heard); nullptr for an open game.
  virtual const rules::Umpire* umpire() const = 0;
  virtual const Capabilities& capabilities() const = 0;
  // Whether the player to move owes a pawn capture ("Try!" was answered); false where no such rule.
  virtual bool pawn_capture_owed() const = 0;
  // Whether the player to move may ask "Are there any?" now (once a turn); false where there is
  // no such question.
  virtual bool may_ask_any() const = 0;

  // The act's clock is left empty: the match sets it.
  virtual MoveRuling judge_move(rules::Color mover, std::string_view uci, int ply) const = 0;
  virtual AnyRuling judge_any(rules::Color asker, int ply) const = 0;
  // Applies an act as judged (now, or when it was first made: a stored event replays through
  // here alone). Throws std::runtime_error if a stored act does not replay.
  virtual void apply(const Event& act) = 0;
  // Undoes the last `plies` moves (takebacks, which only open games decide).
  virtual void take_back(int plies) = 0;
};

// The referee the variant calls for (its Visibility): hidden variants get the umpire, fog ones
// the open referee with the board hidden.
std::unique_ptr<Referee> make_referee(rules::Position start);
// The capabilities of the variant's games (its referee's).
Capabilities capabilities_of(const rules::Variant& variant);

}  // namespace arbiter::match
