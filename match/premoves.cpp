// Premoves: a player's own move queued for their next turn. Not recorded (match.h), so not
// decided as commands are; its one check serves set_premove and the permissions alike.
#include "match/match.h"

namespace arbiter::match {

std::optional<Refused> Match::premove_refusal(Viewer from, bool queue, Time now) const {
  if (auto refusal = check_player(from)) return refusal;
  if (!referee_->capabilities().premoves)
    return Refused{Rejection::PremovesOff, "a try is made on hearing the umpire: this game has no premoves"};
  if (setup_.local) return Refused{Rejection::PremovesOff, "both seats are on this device: move when the turn comes"};
  if (!queue) return std::nullopt;  // cancelling is always possible where queueing is
  if (turn() == *seat_of(from)) return Refused{Rejection::YourTurn, "it is your turn: move instead"};
  // Time has ended the game; its end is recorded as the room's timer fires.
  if (expired(now)) return Refused{Rejection::GameOver, "the game is over: time has decided it"};
  return std::nullopt;
}

std::optional<Refusal> Match::set_premove(Viewer from, std::optional<std::string> move, Time now) {
  if (auto refusal = premove_refusal(from, move.has_value(), now)) return Refusal{refusal->code, std::string(refusal->message)};
  premoves_[rules::index(*seat_of(from))] = std::move(move);
  return std::nullopt;
}

std::optional<DuePremove> Match::take_premove(Time now) {
  if (status_ != Status::Playing) return std::nullopt;
  const rules::Color seat = turn();
  auto& queued = premoves_[rules::index(seat)];
  if (!queued) return std::nullopt;
  MoveCommand move{*queued, ply()};
  queued.reset();
  return DuePremove{seat, decide(viewer_of(seat), move, now)};
}

}  // namespace arbiter::match
