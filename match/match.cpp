#include "match/match.h"

#include <algorithm>

namespace arbiter::match {
namespace {

using namespace std::chrono_literals;

Refusal refuse(Rejection code, std::string message) { return {code, std::move(message)}; }

Refusal refuse(Refused why) { return {why.code, std::string(why.message)}; }

Decision refused(Rejection code, std::string message) {
  Decision decision;
  decision.refusal = refuse(code, std::move(message));
  return decision;
}

Decision refused(Refusal refusal) {
  Decision decision;
  decision.refusal = std::move(refusal);
  return decision;
}

Decision refused(Refused why) { return refused(refuse(why)); }

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
      status_(setup_.local ? Status::Playing : Status::Waiting),
      turn_began_(now),
      turn_began_ms_(setup_.created_at_ms),
      last_event_ms_(setup_.created_at_ms),
      created_(now),
      gone_since_{now, now} {
  if (setup_.clock) clock_.emplace(setup_.clock->initial_ms, setup_.clock->increment_ms);
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
        else if constexpr (std::is_same_v<T, DeclineDrawCommand>) return on_decline_draw(from, now);
        else if constexpr (std::is_same_v<T, TakebackCommand>) return on_takeback(from, now);
        else if constexpr (std::is_same_v<T, DeclineTakebackCommand>) return on_decline_takeback(from, now);
        else if constexpr (std::is_same_v<T, ClaimCommand>) return on_claim(from, c.claim, now);
        else if constexpr (std::is_same_v<T, RematchCommand>) return on_rematch(from, c);
        else if constexpr (std::is_same_v<T, DeclineRematchCommand>) return on_decline_rematch(from);
        else return on_abort(from, now);
      },
      command);
}

bool Match::accepts(Viewer from, const Command& command, Time now) const {
  return std::visit(
      [&](const auto& c) -> bool {
        using T = std::decay_t<decltype(c)>;
        // A move's or a question's refusal is the referee's, written as it judges.
        if constexpr (std::is_same_v<T, MoveCommand> || std::is_same_v<T, AnyCommand>)
          return decide(from, command, now).accepted();
        else if constexpr (std::is_same_v<T, ResignCommand>) return !check_player(from);
        else if constexpr (std::is_same_v<T, DrawCommand>) return !draw_refusal(from, now);
        else if constexpr (std::is_same_v<T, DeclineDrawCommand>) return !decline_draw_refusal(from);
        else if constexpr (std::is_same_v<T, TakebackCommand>) return !takeback_refusal(from, now);
        else if constexpr (std::is_same_v<T, DeclineTakebackCommand>) return !decline_takeback_refusal(from);
        else if constexpr (std::is_same_v<T, ClaimCommand>) return !claim_refusal(from, now);
        else if constexpr (std::is_same_v<T, RematchCommand>) return !rematch_refusal(from);
        else if constexpr (std::is_same_v<T, DeclineRematchCommand>) return !decline_rematch_refusal(from);
        else return !abort_refusal(from);
      },
      command);
}

std::optional<Refused> Match::check_player(Viewer from) const {
  if (from == Viewer::Spectator) return Refused{Rejection::NotAPlayer, "spectators cannot play"};
  if (status_ == Status::Finished) return Refused{Rejection::GameOver, "the game is over"};
  if (status_ == Status::Waiting) return Refused{Rejection::NotStarted, "the game starts when the invited player joins"};
  return std::nullopt;
}

Decision Match::on_move(Viewer from, const MoveCommand& move, Time now) const {
  if (last_move_ && move.ply == last_move_->ply && move.move == last_move_->move && from == last_move_->by) {
    Decision repeat;
    repeat.repeat_of = last_move_->v;
    return repeat;
  }
  if (auto refusal = check_player(from)) return refused(*refusal);
  if (move.ply != ply()) return refused(Rejection::StalePly, "the game is at ply " + std::to_string(ply()));
  const rules::Color mover = turn();
  if (from != viewer_of(mover)) return refused(Rejection::NotYourTurn, "it is not your turn");
  if (auto end = expired(now)) return record({*end});

  MoveRuling ruling = referee_->judge_move(mover, move.move, ply());
  if (ruling.refusal) return refused(*ruling.refusal);
  // Until the clocks start a move costs nothing and earns no increment.
  if (clock_) set_clock(ruling.act, clock_->after_move(mover, ruling.turn_passes && clock_started(), now));
  std::vector<Event> events{ruling.act};
  if (ruling.outcome.over())
    events.push_back(Ended{result_of(ruling.outcome), end_reason(ruling.outcome.reason), clock_of(ruling.act)});
  return record(std::move(events));
}

Decision Match::on_any(Viewer from, Time now) const {
  if (!referee_->capabilities().any_question) return refused(Rejection::NotHidden, "\"any\" is a Kriegspiel question");
  if (auto refusal = check_player(from)) return refused(*refusal);
  const rules::Color asker = turn();
  if (from != viewer_of(asker)) return refused(Rejection::NotYourTurn, "it is not your turn");
  if (auto end = expired(now)) return record({*end});
  AnyRuling ruling = referee_->judge_any(asker, ply());
  if (ruling.refusal) return refused(*ruling.refusal);
  if (clock_) ruling.act.clock = clock_->after_move(asker, false, now);
  return record({ruling.act});
}

Decision Match::on_resign(Viewer from, Time now) const {
  if (auto refusal = check_player(from)) return refused(*refusal);
  if (auto end = expired(now)) return record({*end});
  return record({Ended{win_for(~*seat_of(from)), EndReason::Resign, times(now)}});
}

std::optional<Refused> Match::draw_refusal(Viewer from, Time now) const {
  if (auto refusal = check_player(from)) return refusal;
  if (expired(now)) return std::nullopt;
  const rules::Color by = *seat_of(from);
  if (draw_offer_ == ~by) return std::nullopt;
  if (draw_offer_ == by) return Refused{Rejection::DrawOffered, "your draw offer stands until it is answered"};
  if (draw_declined_at_[rules::index(by)] == ply())
    return Refused{Rejection::TooSoon, "your offer was declined: offer again once the game has moved on"};
  return std::nullopt;
}

Decision Match::on_draw(Viewer from, Time now) const {
  if (auto refusal = draw_refusal(from, now)) return refused(*refusal);
  if (auto end = expired(now)) return record({*end});
  const rules::Color by = *seat_of(from);
  if (draw_offer_ == ~by) return record({Ended{Result::Draw, EndReason::Agreement, times(now)}});
  return record({DrawOffered{by, times(now)}});
}

std::optional<Refused> Match::decline_draw_refusal(Viewer from) const {
  if (auto refusal = check_player(from)) return refusal;
  if (draw_offer_ != ~*seat_of(from)) return Refused{Rejection::NoOffer, "there is no draw offer to decline"};
  return std::nullopt;
}

Decision Match::on_decline_draw(Viewer from, Time now) const {
  if (auto refusal = decline_draw_refusal(from)) return refused(*refusal);
  if (auto end = expired(now)) return record({*end});
  return record({DrawDeclined{*seat_of(from), times(now)}});
}

std::optional<Refused> Match::takeback_refusal(Viewer from, Time now) const {
  if (auto refusal = check_player(from)) return refusal;
  if (!referee_->capabilities().takebacks) return Refused{Rejection::HiddenGame, "a takeback would show the hidden board"};
  if (expired(now)) return std::nullopt;
  const rules::Color by = *seat_of(from);
  if (setup_.local) {
    if (ply() == 0) return Refused{Rejection::NothingToTakeBack, "no move has been played yet"};
    return std::nullopt;
  }
  if (takeback_offer_ == ~by) return std::nullopt;
  if (takeback_offer_ == by) return Refused{Rejection::TakebackOffered, "your takeback request stands until it is answered"};
  if (plies_since_last_move_of(by) == 0) return Refused{Rejection::NothingToTakeBack, "you have not moved yet"};
  return std::nullopt;
}

Decision Match::on_takeback(Viewer from, Time now) const {
  if (auto refusal = takeback_refusal(from, now)) return refused(*refusal);
  if (auto end = expired(now)) return record({*end});
  const rules::Color by = *seat_of(from);
  // On one device nobody else is there to ask: the last move is taken back at once.
  if (setup_.local) return record({TakenBack{by, 1, times(now)}});
  if (takeback_offer_ == ~by) {
    // Accepted: the asker's last move is undone, and the opponent's reply to it if any.
    const int plies = plies_since_last_move_of(~by);
    return record({TakenBack{by, plies, times(now)}});
  }
  return record({TakebackOffered{by, times(now)}});
}

std::optional<Refused> Match::decline_takeback_refusal(Viewer from) const {
  if (auto refusal = check_player(from)) return refusal;
  if (takeback_offer_ != ~*seat_of(from)) return Refused{Rejection::NoOffer, "there is no takeback request to decline"};
  return std::nullopt;
}

Decision Match::on_decline_takeback(Viewer from, Time now) const {
  if (auto refusal = decline_takeback_refusal(from)) return refused(*refusal);
  if (auto end = expired(now)) return record({*end});
  return record({TakebackDeclined{*seat_of(from), times(now)}});
}

std::optional<Refused> Match::abort_refusal(Viewer from) const {
  if (from == Viewer::Spectator) return Refused{Rejection::NotAPlayer, "spectators cannot play"};
  if (status_ == Status::Finished) return Refused{Rejection::GameOver, "the game is over"};
  if (moved_[0] && moved_[1]) return Refused{Rejection::TooLate, "both sides have moved: resign instead"};
  return std::nullopt;
}

Decision Match::on_abort(Viewer from, Time now) const {
  if (auto refusal = abort_refusal(from)) return refused(*refusal);
  if (auto end = expired(now)) return record({*end});
  return record({Ended{Result::Aborted, EndReason::Abort, times(now)}});
}

std::optional<Refused> Match::claim_refusal(Viewer from, Time now) const {
  if (auto refusal = check_player(from)) return refusal;
  if (expired(now)) return std::nullopt;
  const auto claimable = claimable_at(*seat_of(from));
  if (!claimable) return Refused{Rejection::OpponentHere, "your opponent is connected"};
  if (now < *claimable) return Refused{Rejection::OpponentHere, "your opponent has not been gone long enough"};
  return std::nullopt;
}

Decision Match::on_claim(Viewer from, Claim claim, Time now) const {
  if (auto refusal = claim_refusal(from, now)) return refused(*refusal);
  if (auto end = expired(now)) return record({*end});
  const rules::Color by = *seat_of(from);
  return record({Ended{claim == Claim::Victory ? win_for(by) : Result::Draw, EndReason::Abandoned, times(now)}});
}

Decision Match::join(rules::Color seat, Time now, std::string name) const {
  if (status_ != Status::Waiting || setup_.local) return refused(Rejection::SeatTaken, "the game is no longer waiting");
  if (expired(now)) return refused(Rejection::SeatTaken, "the invitation has expired");
  return record({Joined{seat, std::move(name), times(now)}});
}

std::optional<Refused> Match::rematch_refusal(Viewer from) const {
  if (from == Viewer::Spectator) return Refused{Rejection::NotAPlayer, "spectators cannot play"};
  if (status_ != Status::Finished) return Refused{Rejection::NotOver, "a rematch is offered once the game is over"};
  if (next_game_) return Refused{Rejection::Rematched, "the rematch is under way"};
  const rules::Color by = *seat_of(from);
  if (setup_.local || rematch_offer_ == ~by) return std::nullopt;
  if (rematch_offer_ == by) return Refused{Rejection::RematchOffered, "your rematch offer stands until it is answered"};
  return std::nullopt;
}

// A game on one device has nobody to ask: its rematch starts at once.
Decision Match::on_rematch(Viewer from, const RematchCommand& rematch) const {
  if (auto refusal = rematch_refusal(from)) return refused(*refusal);
  const rules::Color by = *seat_of(from);
  if (setup_.local || rematch_offer_ == ~by) return record({Rematched{by, rematch.next_id, std::nullopt}});
  return record({RematchOffered{by, std::nullopt}});
}

std::optional<Refused> Match::decline_rematch_refusal(Viewer from) const {
  if (from == Viewer::Spectator) return Refused{Rejection::NotAPlayer, "spectators cannot play"};
  if (!rematch_offer_ || rematch_offer_ == seat_of(from)) return Refused{Rejection::NoOffer, "there is no rematch offer to decline"};
  return std::nullopt;
}

Decision Match::on_decline_rematch(Viewer from) const {
  if (auto refusal = decline_rematch_refusal(from)) return refused(*refusal);
  return record({RematchDeclined{*seat_of(from), std::nullopt}});
}

Decision Match::on_time(Time now) const {
  if (auto end = expired(now)) return record({*end});
  return {};
}

std::optional<Event> Match::expired(Time now) const {
  if (auto due = invitation_deadline(); due && now >= *due)
    return Ended{Result::Aborted, EndReason::Expired, times(now)};
  if (status_ != Status::Playing) return std::nullopt;
  if (auto due = first_move_deadline(); due && now >= *due)
    return Ended{Result::Aborted, EndReason::Abort, times(now)};
  if (!clock_ || !clock_->flagged(now)) return std::nullopt;
  const rules::Color loser = turn();
  ClockTimes at = clock_->at(now);
  at.of(loser) = 0;
  const bool winner_can_mate = game().position().has_mating_material(~loser);
  return Ended{winner_can_mate ? win_for(~loser) : Result::Draw, EndReason::Timeout, at};
}

// Timed games between two people only: an untimed game or one on one device just waits.
std::optional<Time> Match::first_move_deadline() const {
  if (status_ != Status::Playing || setup_.local || !clock_ || moved_[rules::index(turn())]) return std::nullopt;
  return turn_began_ + setup_.waits.first_move;
}

std::optional<Time> Match::invitation_deadline() const {
  if (status_ != Status::Waiting || setup_.local || setup_.computer || !setup_.invited) return std::nullopt;
  return created_ + setup_.waits.invitation;
}

std::optional<ClockTimes> Match::times(Time now) const {
  if (!clock_) return std::nullopt;
  return clock_->at(now);
}

int Match::plies_since_last_move_of(rules::Color seat) const {
  rules::Position position = game().start();
  int last = -1;
  const auto& moves = game().moves();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (position.side_to_move() == seat) last = static_cast<int>(i);
    position.play(moves[i]);
  }
  return last < 0 ? 0 : ply() - last;
}

// --- apply -------------------------------------------------------------------------------

void Match::apply(const Event& event, Time at, std::int64_t at_wall_ms) {
  const rules::Color mover = turn();
  const Status status_before = status_;
  const std::int64_t v = v_ + 1;
  std::visit(overloaded{
                 [&](const Joined& joined) {
                   status_ = Status::Playing;
                   if (!joined.name.empty()) setup_.names[rules::index(joined.seat)] = joined.name;
                 },
                 [&](const RematchOffered& offered) { rematch_offer_ = offered.by; },
                 [&](const RematchDeclined&) { rematch_offer_.reset(); },
                 [&](const Rematched& rematched) {
                   rematch_offer_.reset();
                   next_game_ = rematched.game;
                 },
                 [&](const Moved& moved) { on_act(event, moved.ply, moved.move, mover, v); },
                 [&](const Tried& tried) { on_act(event, tried.ply, tried.move, mover, v); },
                 [&](const Asked&) { referee_->apply(event); },
                 [&](const DrawOffered& offered) { draw_offer_ = offered.by; },
                 [&](const DrawDeclined& declined) {
                   draw_declined_at_[rules::index(~declined.by)] = ply();
                   draw_offer_.reset();
                 },
                 [&](const TakebackOffered& offered) { takeback_offer_ = offered.by; },
                 [&](const TakebackDeclined&) { takeback_offer_.reset(); },
                 [&](const TakenBack& taken) {
                   referee_->take_back(taken.plies);
                   takeback_offer_.reset();
                   draw_offer_.reset();
                   last_move_.reset();
                   premoves_ = {};
                 },
                 [&](const Ended& ended) {
                   status_ = Status::Finished;
                   result_ = ended.result;
                   reason_ = ended.reason;
                   ended_at_ms_ = at_wall_ms;
                   draw_offer_.reset();
                   takeback_offer_.reset();
                   premoves_ = {};
                 },
             },
             event);
  v_ = v;
  const bool taken_back = std::holds_alternative<TakenBack>(event);
  if (status_ == Status::Playing && (status_before != Status::Playing || turn() != mover || taken_back)) {
    turn_began_ = at;
    turn_began_ms_ = at_wall_ms;
  }
  last_event_ms_ = at_wall_ms;
  if (clock_) {
    auto running = status_ == Status::Playing && clock_started() ? std::optional(turn()) : std::nullopt;
    clock_->set(clock_of(event).value_or(clock_->at(at)), running, at);
  }
}

void Match::on_act(const Event& act, int ply, const std::string& move, rules::Color mover, std::int64_t v) {
  referee_->apply(act);
  if (!moves_game_on(act)) return;
  moved_[rules::index(mover)] = true;
  last_move_ = LastMove{ply, move, viewer_of(mover), v};
  // An offer stands until answered or until the side it was made to moves instead.
  if (draw_offer_ == ~mover) draw_offer_.reset();
  takeback_offer_.reset();
}

// --- what is not recorded ----------------------------------------------------------------

void Match::set_connected(rules::Color seat, bool connected, Time now) {
  auto& gone = gone_since_[rules::index(seat)];
  if (connected) gone.reset();
  else if (!gone) gone = now;
}

std::chrono::milliseconds Match::abandon_after() const {
  if (setup_.waits.abandon) return *setup_.waits.abandon;
  if (!setup_.clock) return 120s;
  return std::clamp(std::chrono::milliseconds(setup_.clock->initial_ms / 10), std::chrono::milliseconds(30s),
                    std::chrono::milliseconds(120s));
}

std::optional<Time> Match::claimable_at(rules::Color seat) const {
  const auto& gone = gone_since_[rules::index(~seat)];
  if (status_ != Status::Playing || setup_.local || !gone) return std::nullopt;
  return *gone + abandon_after();
}

// --- reads -------------------------------------------------------------------------------

std::optional<Time> Match::deadline() const {
  std::optional<Time> earliest;
  auto consider = [&](std::optional<Time> due) {
    if (due && (!earliest || *due < *earliest)) earliest = due;
  };
  if (clock_ && status_ == Status::Playing) consider(clock_->flag_time());
  consider(first_move_deadline());
  consider(invitation_deadline());
  return earliest;
}

void Match::resume(const std::vector<Downtime>& downtimes, std::int64_t now_ms, Time now) {
  auto alive_since = [&](std::int64_t at_ms) { return std::chrono::milliseconds(alive_ms(at_ms, now_ms, downtimes)); };
  turn_began_ = now - alive_since(turn_began_ms_);
  if (clock_ && clock_->running()) clock_->running_since(now - alive_since(last_event_ms_));
  created_ = now - std::chrono::milliseconds(std::max<std::int64_t>(0, now_ms - setup_.created_at_ms));
}

std::optional<ClockView> Match::clock(Time now) const {
  if (!clock_) return std::nullopt;
  return clock_->view(now);
}

}  // namespace arbiter::match
