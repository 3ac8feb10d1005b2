// Room's computer seat: it thinks when its turn has come, answers offers made to it, claims a game
// its person abandoned; and a rematch asked for is admitted (charged to the asker) here.
#include <boost/asio/post.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "match/computer_seat.h"
#include "protocol/messages.h"
#include "protocol/views.h"
#include "server/rooms/room.h"
#include "server/rooms/room_tasks.h"
#include "server/rooms/security.h"

namespace arbiter {
namespace {

using match::Event;
using match::Viewer;

}  // namespace

void Room::think_if_due() {
  if (!computer_ || !computers_ || computer_->thinking || queue_.busy()) return;
  if (match_.status() != match::Status::Playing || match_.turn() != computer_->seat) return;
  computer_->thinking = true;
  // Exactly what a person in that seat is sent, and nothing else.
  auto view = protocol::state_message(match_, clock_.now(), match::viewer_of(computer_->seat));
  // The game's own rules, which may be a stored definition rather than the running variant of its name.
  const rules::Variant* variant = &match_.game().start().variant();
  computers_->submit(id(), computer_->player->level(), [self = shared_from_this(), player = computer_->player, variant,
                                                        view = std::move(view)](
                               engine::Searcher& searcher, const std::atomic<bool>& stop) {
    auto command = player->decide(*variant, view, searcher, stop);
    boost::asio::post(self->strand_, [self, command = std::move(command)] { self->on_computer_decision(command); });
  });
}

void Room::on_computer_decision(std::optional<match::Command> command) {
  computer_->thinking = false;
  run([this, command = std::move(command), arrived = MetricsClock::now()] {
    command_arrived_ = arrived;  // the move's handling is timed from its decision, not its thinking
    const Viewer seat = match::viewer_of(computer_->seat);
    if (match_.status() != match::Status::Playing || match_.turn() != computer_->seat) return;
    auto decision = command ? match_.decide(seat, *command, clock_.now()) : match::Decision{};
    if (!command || decision.refusal) {
      std::cerr << "arbiter: game " << id() << ": the computer's move was refused: "
                << (decision.refusal ? decision.refusal->message : "it found none") << "\n";
      if (auto next = match::after_refused_move(++computer_->refusals))
        return carry_out(match_.decide(seat, *next, clock_.now()), nullptr);
      return think_if_due();
    }
    computer_->refusals = 0;
    carry_out(std::move(decision), nullptr);
  });
}

void Room::claim_when_abandoned() {
  auto wait = match::computer_claims_after(match_);
  if (!wait) return;
  // Replaces an earlier wait.
  claim_timer_->wait_until(clock_.now() + *wait + std::chrono::milliseconds(1), [weak = weak_from_this()] {
    auto self = weak.lock();
    if (!self) return;
    // Refused (and so nothing) if the person came back meanwhile or the game ended.
    self->run([self] {
      const Viewer seat = match::viewer_of(self->computer_->seat);
      self->carry_out(self->match_.decide(seat, match::abandoned_game_claim(), self->clock_.now()), nullptr);
    });
  });
}

void Room::computer_responds(const Event& event) {
  if (!computer_) return;
  auto answer = ComputerPlayer::respond(event, computer_->seat);
  if (!answer) return;
  if (auto* rematch = std::get_if<match::RematchCommand>(&*answer)) rematch->next_id = security::new_game_id();
  run([this, answer = *answer] {
    carry_out(match_.decide(match::viewer_of(computer_->seat), answer, clock_.now()), nullptr);
  });
}

bool Room::admit_rematch(const match::Decision& decision, Watcher& asker) {
  if (!limits_ || decision.events.empty()) return true;
  const Event& first = decision.events.front();
  if (!std::holds_alternative<match::RematchOffered>(first) && !std::holds_alternative<match::Rematched>(first)) return true;
  std::optional<ComputerAdmission> admission;
  if (computer_) {
    auto admitted = admit_computer(limits_, computers_, asker.client(), computer_->player->level());
    if (auto* refusal = std::get_if<ComputerRefusal>(&admitted)) {
      send_refusal_with_retry(asker, refusal->code(), refusal->message(), ComputerRefusal::kRetryAfter);
      return false;
    }
    admission = std::move(std::get<ComputerAdmission>(admitted));
  }
  // Taken last: a refusal above leaves the budget as it was.
  if (auto wait = limits_->create(asker.client(), AddressLimits::Clock::now())) {
    send_refusal_with_retry(asker, "rate_limited", "too many games made from your address lately; try again later", *wait);
    return false;
  }
  rematch_admission_ = std::move(admission);
  return true;
}

void Room::send_refusal_with_retry(Watcher& to, std::string_view code, std::string_view message,
                                  AddressLimits::Clock::duration wait) {
  to.send(shared_text({{"t", "error"}, {"code", code}, {"message", message}, {"retry_after_s", AddressLimits::retry_seconds(wait)}}));
}

}  // namespace arbiter
