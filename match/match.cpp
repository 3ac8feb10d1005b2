#include "match/match.h"

namespace arbiter::match {
namespace {

Refusal refuse(Rejection code, std::string message) { return {code, std::move(message)}; }

Decision refused(Rejection code, std::string message) {
  Decision decision;
  decision.refusal = refuse(code, std::move(message));
  return decision;
}

Decision record(std::vector<Event> events) {
  Decision decision;
  decision.events = std::move(events);
  return decision;
}

}  // namespace

EndReason end_reason(rules::Reason reason) {
  switch (reason) {
    case rules::Reason::None: return EndReason::None;
    case rules::Reason::Checkmate: return EndReason::Checkmate;
    case rules::Reason::Stalemate: return EndReason::Stalemate;
    case rules::Reason::Repetition: return EndReason::Repetition;
    case rules::Reason::FiftyMoves: return EndReason::FiftyMoves;
    case rules::Reason::InsufficientMaterial: return EndReason::InsufficientMaterial;
    case rules::Reason::KingCaptured: return EndReason::KingCaptured;
    case rules::Reason::BareKing: return EndReason::BareKing;
  }
  return EndReason::None;
}

Result result_of(const rules::Outcome& outcome) {
  switch (outcome.result) {
    case rules::Outcome::Result::Ongoing: return Result::Ongoing;
    case rules::Outcome::Result::WhiteWins: return Result::WhiteWins;
    case rules::Outcome::Result::BlackWins: return Result::BlackWins;
    case rules::Outcome::Result::Draw: return Result::Draw;
  }
  return Result::Ongoing;
}

Match::Match(MatchSetup setup, rules::Position start, Time now)
    : setup_(std::move(setup)),
      referee_(make_referee(std::move(start))),
      status_(setup_.local ? Status::Playing : Status::Waiting) {
  if (setup_.clock) clock_.emplace(setup_.clock->initial_ms, setup_.clock->increment_ms);
  if (clock_ && status_ == Status::Playing) clock_->set(clock_->initial_times(), turn(), now);
}

// --- decide ------------------------------------------------------------------------------

Decision Match::decide(Viewer from, const Command& command, Time now) const {
  return std::visit(
      [&](const auto& c) -> Decision {
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, MoveCommand>) return on_move(from, c, now);
        else if constexpr (std::is_same_v<T, AnyCommand>) return on_any(from, now);
        else if constexpr (std::is_same_v<T, ResignCommand>) return on_resign(from, now);
        else if constexpr (std::is_same_v<T, DrawCommand>) return on_draw(from, now);
        else return on_abort(from, now);
      },
      command);
}

std::optional<Refusal> Match::check_player(Viewer from) const {
  if (from == Viewer::Spectator) return refuse(Rejection::NotAPlayer, "spectators cannot play");
  if (status_ == Status::Finished) return refuse(Rejection::GameOver, "the game is over");
  if (status_ == Status::Waiting) return refuse(Rejection::NotStarted, "the game starts when the invited player joins");
  return std::nullopt;
}

Decision Match::on_move(Viewer from, const MoveCommand& move, Time now) const {
  if (last_move_ && move.ply == last_move_->ply && move.move == last_move_->move && from == last_move_->by) {
    Decision repeat;
    repeat.repeat_of = last_move_->v;
    return repeat;
  }
  if (auto refusal = check_player(from)) return {{}, refusal, {}};
  if (move.ply != ply()) return refused(Rejection::StalePly, "the game is at ply " + std::to_string(ply()));
  const rules::Color mover = turn();
  if (from != viewer_of(mover)) return refused(Rejection::NotYourTurn, "it is not your turn");
  if (auto timeout = flag(now)) return record({*timeout});

  MoveRuling ruling = referee_->judge_move(mover, move.move, ply());
  if (ruling.refusal) return {{}, ruling.refusal, {}};
  ruling.act.clock = clock_ ? std::optional(clock_->after_move(mover, ruling.turn_passes, now)) : std::nullopt;
  std::vector<Event> events{ruling.act};
  if (ruling.outcome.over())
    events.push_back(Event::ended(result_of(ruling.outcome), end_reason(ruling.outcome.reason), ruling.act.clock));
  return record(std::move(events));
}

Decision Match::on_any(Viewer from, Time now) const {
  if (!referee_->umpire()) return refused(Rejection::NotHidden, "\"any\" is a Kriegspiel question");
  if (auto refusal = check_player(from)) return {{}, refusal, {}};
  const rules::Color asker = turn();
  if (from != viewer_of(asker)) return refused(Rejection::NotYourTurn, "it is not your turn");
  if (auto timeout = flag(now)) return record({*timeout});
  AnyRuling ruling = referee_->judge_any(asker, ply());
  if (ruling.refusal) return {{}, ruling.refusal, {}};
  ruling.act.clock = clock_ ? std::optional(clock_->after_move(asker, false, now)) : std::nullopt;
  return record({ruling.act});
}

Decision Match::on_resign(Viewer from, Time now) const {
  if (auto refusal = check_player(from)) return {{}, refusal, {}};
  if (auto timeout = flag(now)) return record({*timeout});
  return record({Event::ended(win_for(~*seat_of(from)), EndReason::Resign, times(now))});
}

Decision Match::on_draw(Viewer from, Time now) const {
  if (auto refusal = check_player(from)) return {{}, refusal, {}};
  if (auto timeout = flag(now)) return record({*timeout});
  const rules::Color by = *seat_of(from);
  if (draw_offer_ == ~by) return record({Event::ended(Result::Draw, EndReason::Agreement, times(now))});
  if (draw_offer_ == by) return refused(Rejection::DrawOffered, "your draw offer stands until the game moves on");
  return record({Event::draw_offered(by, times(now))});
}

Decision Match::on_abort(Viewer from, Time now) const {
  if (from == Viewer::Spectator) return refused(Rejection::NotAPlayer, "spectators cannot play");
  if (status_ == Status::Finished) return refused(Rejection::GameOver, "the game is over");
  if (moved_[0] && moved_[1]) return refused(Rejection::TooLate, "both sides have moved: resign instead");
  return record({Event::ended(Result::Aborted, EndReason::Abort, times(now))});
}

Decision Match::join(rules::Color seat, Time now) const {
  if (status_ != Status::Waiting || setup_.local) return refused(Rejection::SeatTaken, "the game is no longer waiting");
  return record({Event::joined(seat, times(now))});
}

Decision Match::on_time(Time now) const {
  if (auto timeout = flag(now)) return record({*timeout});
  return {};
}

std::optional<Event> Match::flag(Time now) const {
  if (status_ != Status::Playing || !clock_ || !clock_->flagged(now)) return std::nullopt;
  const rules::Color loser = turn();
  ClockTimes at = clock_->at(now);
  at.of(loser) = 0;
  const bool winner_can_mate = game().position().has_mating_material(~loser);
  return Event::ended(winner_can_mate ? win_for(~loser) : Result::Draw, EndReason::Timeout, at);
}

std::optional<ClockTimes> Match::times(Time now) const {
  if (!clock_) return std::nullopt;
  return clock_->at(now);
}

// --- apply -------------------------------------------------------------------------------

void Match::apply(const Event& event, Time at, std::int64_t at_wall_ms) {
  const rules::Color mover = turn();
  const std::int64_t v = v_ + 1;
  switch (event.kind) {
    case Event::Kind::Joined:
      status_ = Status::Playing;
      draw_offer_.reset();
      break;
    case Event::Kind::Moved:
    case Event::Kind::Tried:
    case Event::Kind::Asked:
      referee_->apply(event);
      if (event.is_move()) {
        moved_[rules::index(mover)] = true;
        last_move_ = LastMove{event.ply, event.move, viewer_of(mover), v};
        draw_offer_.reset();  // an offer lapses when the game moves on
      }
      break;
    case Event::Kind::DrawOffered:
      draw_offer_ = event.by;
      break;
    case Event::Kind::Ended:
      status_ = Status::Finished;
      result_ = event.result;
      reason_ = event.reason;
      ended_at_ms_ = at_wall_ms;
      draw_offer_.reset();
      break;
  }
  v_ = v;
  if (clock_) {
    auto running = status_ == Status::Playing ? std::optional(turn()) : std::nullopt;
    clock_->set(event.clock.value_or(clock_->at(at)), running, at);
  }
}

// --- reads -------------------------------------------------------------------------------

std::optional<Time> Match::deadline() const {
  if (!clock_ || status_ != Status::Playing) return std::nullopt;
  return clock_->flag_time();
}

std::optional<ClockView> Match::clock(Time now) const {
  if (!clock_) return std::nullopt;
  return clock_->view(now);
}

}  // namespace arbiter::match
