#pragma once
// What a viewer may do now, as facts a page shows instead of re-deriving the rules: each action
// is permitted exactly when the match would accept it (its accepts, which runs decide's own
// checks without writing a refusal's message, and accepts_premove, set_premove's; so the two
// cannot part: tests/match/permissions_property_test.cpp),
// with the timings a page counts down. Nothing here reads the hidden position beyond what
// decide's answers depend on: whose turn, the ply, who moved, the offers, the connections and,
// in a hidden game, what the umpire announced to both sides.
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "match/match.h"

namespace arbiter::match {

enum class Action : std::uint8_t {
  Move,            // it is this viewer's turn (the moves themselves: `legal`)
  Premove,         // queue a move for the next turn
  AskAny,          // hidden games: "Are there any?"
  Abort,
  Resign,
  OfferDraw,
  AcceptDraw,
  DeclineDraw,
  Takeback,        // ask to take back one's last move (on one device: take back the last move)
  AcceptTakeback,
  DeclineTakeback,
  Claim,           // the opponent is gone long enough: claim the win or a draw
  Rematch,         // offer, or on one device start, a rematch
  AcceptRematch,
  DeclineRematch,
  Chat,            // speak on `Permissions::chat` (the finished game's closing time aside)
};

// Actions, each at most once, held in place: asked for every viewer on every event.
class Actions {
 public:
  void push_back(Action action) { items_[size_++] = action; }
  const Action* begin() const { return items_.data(); }
  const Action* end() const { return items_.data() + size_; }
  std::size_t size() const { return size_; }
  Action operator[](std::size_t i) const { return items_[i]; }

 private:
  std::array<Action, static_cast<std::size_t>(Action::Chat) + 1> items_{};  // Chat: the last action
  std::size_t size_ = 0;
};

struct Permissions {
  Actions actions;  // in the order of the enum
  // The opponent has no connection: how long until `Claim` is permitted (zero once it is).
  std::optional<std::chrono::milliseconds> claim_in;
  // Hidden games, to the player to move: "Try!" was answered, so the next try must take with a pawn.
  bool pawn_capture_owed = false;
  std::optional<ChatChannel> chat;
  bool may(Action action) const;
};

Permissions permitted(const Match& match, Viewer viewer, Time now);

}  // namespace arbiter::match
