// Room's commit pipeline: a decision's events are stored one by one, each applied and broadcast
// once durable (and kept for resends and resumes), then the next task, premove or computer move.
#include <boost/asio/post.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "match/rematch.h"
#include "protocol/messages.h"
#include "protocol/pgn.h"
#include "protocol/views.h"
#include "server/metrics/move_observer.h"
#include "server/rooms/room.h"
#include "server/rooms/room_tasks.h"
#include "storage/event_codec.h"
#include "storage/game_variant.h"

namespace arbiter {
namespace {

using match::Event;
using rules::Color;

// A move or a Kriegspiel try: what the move histograms time.
bool is_move(const Event& event) {
  return std::holds_alternative<match::Moved>(event) || std::holds_alternative<match::Tried>(event);
}

}  // namespace

void Room::carry_out(match::Decision decision, const Attached* from) {
  if (decision.refusal) {
    if (from) send_refusal(*from->watcher, *decision.refusal);
    return;
  }
  if (decision.repeat_of) {
    // A resend: answered again, not played twice. Once the event has left the room's memory
    // (a restart, or much later), only the state can answer.
    if (!from) return;
    if (auto sent = sent_.find(*decision.repeat_of, from->viewer)) return from->watcher->send(std::move(sent));
    return from->watcher->send(state_for(from->viewer));
  }
  if (decision.events.empty()) return arm_timer();
  if (std::holds_alternative<match::Rematched>(decision.events.front())) return start_rematch(decision, from ? from->watcher : nullptr);
  commit(std::move(decision.events), {}, from ? from->watcher : nullptr);
}

void Room::start_rematch(const match::Decision& decision, std::shared_ptr<Watcher> from) {
  if (!make_game_) {
    if (from) send_refusal(*from, {match::Rejection::NotOver, "rematches are not available here"});
    return;
  }
  storage::GameRecord record = record_;
  if (record.variant_definition.empty()) record.variant_definition = storage::running_definition(storage::variant_of(record_)).encoding;
  const auto seating = match::rematch_seating(match_, std::get<match::Rematched>(decision.events.front()));
  record.id = seating.game;
  record.invite_hash.clear();  // both seats are taken
  record.status = protocol::status_name(match_.local() ? match::Status::Playing : match::Status::Waiting);
  record.result = protocol::result_name(match::Result::Ongoing);
  record.reason.clear();
  record.created_at_ms = clock_.wall_ms();
  record.ended_at_ms.reset();
  record.plies = 0;
  record.moves = 0;
  // Seated as the match says, each player by the token of the seat they held here.
  std::vector<storage::SeatRecord> seats;
  for (Color color : {Color::White, Color::Black})
    seats.push_back({std::string(protocol::color_name(color)), seat_hash_[rules::index(seating.held[rules::index(color)])],
                     seating.names[rules::index(color)]});
  queue_.hold();
  auto admission = std::exchange(rematch_admission_, std::nullopt);
  make_game_(std::move(record), std::move(seats), std::move(admission),
             [self = shared_from_this(), events = decision.events, from](bool ok) {
    boost::asio::post(self->strand_, [self, events, from, ok] {
      if (ok) return self->commit(events, {}, from);
      self->queue_.release();
      if (from) from->send(std::make_shared<const std::string>(protocol::error_message("storage", "the rematch could not be stored")));
      self->queue_.drain();
    });
  });
}

void Room::commit(std::vector<Event> events, std::function<void(bool ok)> after, std::shared_ptr<Watcher> failure_to) {
  queue_.hold();
  if (!events.empty() && is_move(events.front())) {
    move_decided_ = MetricsClock::now();
    observe_move_stage(MoveStage::Decided, move_decided_ - command_arrived_);
  }
  committing_.events = std::move(events);
  committing_.index = 0;
  committing_.after = std::move(after);
  committing_.failure_to = std::move(failure_to);
  store_next();
}

void Room::store_next() {
  if (committing_.index == committing_.events.size()) return end_commit(true);
  const Event& event = committing_.events[committing_.index];
  committing_.at_ms = clock_.wall_ms();
  committing_.self = shared_from_this();
  storage::EncodedEvent encoded = storage::encode_event(event);
  storage::EventRecord record{match_.v() + 1, std::move(encoded.type), std::move(encoded.payload), committing_.at_ms};
  store_.append_event(id(), std::move(record), record_after(event, committing_.at_ms), [this](bool ok, const std::string& error) {
    committing_.ok = ok;
    if (!ok) committing_.error = error;
    handoff_.post(strand_, [this] { stored(); }, std::move(committing_.self));
  });
}

void Room::stored() {
  if (!committing_.ok) {
    std::cerr << "arbiter: game " << id() << ": event not stored: " << committing_.error << "\n";
    return end_commit(false);
  }
  const Event& event = committing_.events[committing_.index];
  const auto committed = MetricsClock::now();
  if (is_move(event)) observe_move_stage(MoveStage::Committed, committed - move_decided_);
  match_.apply(event, clock_.now(), committing_.at_ms);
  // Freed before anyone hears of the end: they may start another at once.
  if (computer_ && match_.finished()) computer_->admission.reset();
  arm_timer();
  broadcast(event, is_move(event) ? std::optional(committed) : std::nullopt);
  if (is_move(event)) observe_move(MetricsClock::now() - command_arrived_);
  computer_responds(event);
  update_idle();
  ++committing_.index;
  store_next();
}

void Room::end_commit(bool ok) {
  queue_.release();
  // Taken out first: what they do may start the next commit.
  auto after = std::exchange(committing_.after, nullptr);
  auto failure_to = std::exchange(committing_.failure_to, nullptr);
  committing_.events.clear();
  if (!ok && failure_to)
    failure_to->send(std::make_shared<const std::string>(protocol::error_message("storage", "not stored; try again")));
  if (after) after(ok);
  if (!ok) {
    arm_timer();
    return queue_.drain();
  }
  if (!play_due_premove()) queue_.drain();
  think_if_due();
}

std::optional<storage::GameRecord> Room::record_after(const Event& event, std::int64_t at_ms) const {
  // Copied only when it changes (not for a move): the record holds its variant's whole definition.
  if (std::holds_alternative<match::Joined>(event)) {
    auto record = record_;
    record.status = protocol::status_name(match::Status::Playing);
    return record;
  }
  const auto* ended = std::get_if<match::Ended>(&event);
  if (!ended) return std::nullopt;
  auto record = record_;
  record.plies = match_.ply();
  record.moves = protocol::numbered_moves(match_.game());
  record.status = protocol::status_name(match::Status::Finished);
  record.result = protocol::result_name(ended->result);
  record.reason = protocol::reason_name(ended->reason);
  record.ended_at_ms = at_ms;
  return record;
}

void Room::broadcast(const Event& event, std::optional<MetricsClock::time_point> committed) {
  auto messages = protocol::event_texts(event, match_, clock_.now());
  audience_.send(messages, committed);
  sent_.add(match_.v(), std::move(messages));
  if (std::holds_alternative<match::Ended>(event)) spectators_changed();  // unsealed: the count may be told now
}

void Room::arm_timer() {
  ++timer_generation_;
  auto deadline = match_.deadline();
  if (!deadline) return timer_->cancel();
  // A weak hold: a waiting room may be evicted with its timer armed.
  timer_->wait_until(*deadline + std::chrono::milliseconds(1), [weak = weak_from_this(), generation = timer_generation_] {
    auto self = weak.lock();
    if (!self || generation != self->timer_generation_) return;
    self->run([self] { self->carry_out(self->match_.on_time(self->clock_.now()), nullptr); });
  });
}

bool Room::play_due_premove() {
  command_arrived_ = MetricsClock::now();
  auto due = match_.take_premove(clock_.now());
  if (!due) return false;
  if (!due->decision.accepted()) {
    const std::string why = due->decision.refusal ? due->decision.refusal->message : "";
    audience_.send_to_seat(due->seat, shared_text(protocol::premove_message(std::nullopt, why)));
    return false;
  }
  const Color seat = due->seat;
  commit(due->decision.events, [self = shared_from_this(), seat](bool ok) {
    if (!ok) self->audience_.send_to_seat(seat, shared_text(protocol::premove_message(std::nullopt, "not stored")));
  });
  return true;
}

}  // namespace arbiter
