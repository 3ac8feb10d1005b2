#include "server/rooms/room.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "match/desertion.h"
#include "protocol/messages.h"
#include "protocol/pgn.h"
#include "protocol/views.h"
#include "server/rooms/room_tasks.h"
#include "server/rooms/security.h"

namespace arbiter {
namespace {

using match::Viewer;
using rules::Color;

}  // namespace

Room::Room(boost::asio::io_context& io, storage::Store& store, storage::StoredGame stored, match::Waits waits,
           ComputerPool* computers, AddressLimits* limits, GameMaker make_game,
           const std::vector<match::Downtime>& downtimes, std::optional<ComputerAdmission> admission,
           RoomClock& clock)
    : Room(io, store, load_game(std::move(stored), waits, downtimes, clock), computers, limits, std::move(make_game),
           std::move(admission), clock) {}

Room::Room(boost::asio::io_context& io, storage::Store& store, LoadedGame loaded, ComputerPool* computers,
           AddressLimits* limits, GameMaker make_game, std::optional<ComputerAdmission> admission, RoomClock& clock)
    : strand_(boost::asio::make_strand(io)),
      store_(store),
      clock_(clock),
      timer_(clock.timer(strand_)),
      claim_timer_(clock.timer(strand_)),
      record_(std::move(loaded.record)),
      seat_hash_(std::move(loaded.seat_hash)),
      match_(std::move(loaded.match)),
      computers_(computers),
      limits_(limits),
      handoff_(boost::asio::use_service<CommitHandoff>(io)),
      chat_rate_(boost::asio::use_service<ChatRate>(io)),
      make_game_(std::move(make_game)),
      chat_(std::move(loaded.chat)),
      chat_seq_(loaded.chat_seq) {
  if (const auto& computer = match_.computer()) {
    // The same game plays the same way: the seed is the game's.
    const auto seed = std::hash<std::string>{}(id());
    computer_ = Computer{computer->seat, std::make_shared<ComputerPlayer>(computer->level, seed)};
    match_.set_connected(computer->seat, true, loaded.loaded_at);  // never gone: nobody may claim against it
    if (!match_.finished() && computers_)
      computer_->admission = admission ? std::move(admission) : ComputerAdmission{computers_->capacity().readmit(computer->level), {}};
  }
  update_idle();  // unattended_since_ms() before start()
}

void Room::start(std::function<void()> started) {
  on_strand([this, started = std::move(started)]() mutable {
    // What fell due while the game was not loaded (an invitation expired, a flag after a
    // restart) is decided before anything else; this arms the timer otherwise.
    run([this] { carry_out(match_.on_time(clock_.now()), nullptr); });
    update_idle();
    bool both_seats = !seat_hash_[0].empty() && !seat_hash_[1].empty();
    if (match_.status() == match::Status::Waiting && both_seats) {
      // The computer takes its seat at once; otherwise a game created with both seats (from the
      // lobby, a rematch), or a join whose seat was stored but not its event: either seat may be
      // the one that joined.
      const Color joined = computer_ ? computer_->seat : Color::Black;
      run([this, joined] { carry_out(match_.join(joined, clock_.now()), nullptr); });
    }
    think_if_due();
    claim_when_abandoned();  // nobody is connected yet (after a restart, maybe nobody comes back)
    if (started) run(std::move(started));  // queued behind the join's commit, if there is one
  });
}

void Room::premove(std::shared_ptr<Watcher> watcher, std::optional<std::string> move) {
  on_strand([this, watcher = std::move(watcher), move = std::move(move)] {
    run([this, watcher, move] {
      const Attached* from = audience_.find(watcher);
      if (!from) return;
      if (auto refusal = match_.set_premove(from->viewer, move, clock_.now())) return send_refusal(*watcher, *refusal);
      const Color seat = *match::seat_of(from->viewer);
      audience_.send_to_seat(seat, shared_text(protocol::premove_message(match_.premove(seat))));
    });
  });
}

void Room::command(std::shared_ptr<Watcher> watcher, match::Command command) {
  if (auto* rematch = std::get_if<match::RematchCommand>(&command)) rematch->next_id = security::new_game_id();
  on_strand([this, watcher = std::move(watcher), command = std::move(command), arrived = MetricsClock::now()]() mutable {
    run([this, watcher = std::move(watcher), command = std::move(command), arrived] {
      command_arrived_ = arrived;
      const Attached* from = audience_.find(watcher);
      if (!from) return;
      auto decision = match_.decide(from->viewer, command, clock_.now());
      if (decision.accepted() && !admit_rematch(decision, *watcher)) return;
      carry_out(std::move(decision), from);
    });
  });
}

void Room::send_refusal(Watcher& to, const match::Refusal& refusal) {
  to.send(std::make_shared<const std::string>(protocol::error_message(protocol::error_code(refusal.code), refusal.message)));
}

// --- HTTP --------------------------------------------------------------------------------

void Room::join(std::string name, std::optional<std::string> secret, std::function<void(JoinOutcome)> done) {
  on_strand([this, name = std::move(name), secret = std::move(secret), done = std::move(done)] {
    run([this, name, secret, done] {
      std::string token = secret.value_or(security::random_token());
      std::string hash = security::sha256_hex(token);
      // A repeat: the secret is already a seat's token, so answering it tells nothing new.
      if (secret)
        for (Color color : {Color::White, Color::Black})
          if (security::same_secret(hash, seat_hash_[rules::index(color)]))
            return done({JoinOutcome::Status::Joined, id(), std::string(protocol::color_name(color)), token});
      const int free_seats = seat_hash_[0].empty() + seat_hash_[1].empty();
      const Color seat = seat_hash_[0].empty() ? Color::White : Color::Black;
      auto decision = match_.join(seat, clock_.now(), name);
      if (free_seats != 1 || !decision.accepted()) return done(JoinOutcome::refused(JoinOutcome::Status::Taken));
      queue_.hold();  // nobody else may take the seat while it is being stored
      store_.add_seat(id(), {std::string(protocol::color_name(seat)), hash, name},
                      [self = shared_from_this(), seat, token, hash, done, events = decision.events](
                          bool ok, const std::string& error) {
                        boost::asio::post(self->strand_, [self, seat, token, hash, done, events, ok, error] {
                          if (!ok) {
                            std::cerr << "arbiter: game " << self->id() << ": seat not stored: " << error << "\n";
                            self->queue_.release();
                            done(JoinOutcome::refused(JoinOutcome::Status::Failed));
                            return self->queue_.drain();
                          }
                          {
                            std::lock_guard lock(self->seat_mutex_);
                            self->seat_hash_[rules::index(seat)] = hash;
                          }
                          self->commit(events, [self, seat, token, done](bool committed) {
                            if (!committed) return done(JoinOutcome::refused(JoinOutcome::Status::Failed));
                            done({JoinOutcome::Status::Joined, self->id(), std::string(protocol::color_name(seat)), token});
                          });
                        });
                      });
    });
  });
}

void Room::describe(std::string token, std::function<void(nlohmann::json)> done) {
  // After the events being committed: a game just loaded may be ending (an expired invitation).
  on_strand([this, token = std::move(token), done = std::move(done)] {
    run([this, token, done] { done(protocol::game_resource(match_, clock_.now(), viewer_for(token), company())); });
  });
}

void Room::describe_invitation(std::function<void(nlohmann::json)> done) {
  on_strand([this, done = std::move(done)] {
    run([this, done] {
      const int free_seats = seat_hash_[0].empty() + seat_hash_[1].empty();
      std::optional<Color> free_seat;
      if (free_seats == 1) free_seat = seat_hash_[0].empty() ? Color::White : Color::Black;
      done(protocol::invitation_resource(match_, free_seat));
    });
  });
}

void Room::pgn(std::vector<std::string> evals, std::function<void(std::optional<std::string>)> done) {
  on_strand([this, evals = std::move(evals), done = std::move(done)] {
    if (!protocol::pgn_public(match_)) return done(std::nullopt);
    done(protocol::pgn(match_, evals));
  });
}

void Room::finished_game(std::function<void(std::optional<rules::Game>)> done) {
  // After the events being committed, as describe(): the game may be ending.
  on_strand([this, done = std::move(done)] {
    run([this, done] { done(match_.finished() ? std::optional(match_.game()) : std::nullopt); });
  });
}

void Room::close_watchers() {
  on_strand([this] {
    timer_->cancel();
    audience_.close_all();
    update_idle();
  });
}

// --- helpers -----------------------------------------------------------------------------

void Room::update_idle() {
  const bool waiting_for_invited = match_.invitation_deadline().has_value() && (seat_hash_[0].empty() || seat_hash_[1].empty());
  const bool unattended = match::waits_on_nobody(match_) && !match_.premove(Color::White) &&
                          !match_.premove(Color::Black) && audience_.empty();
  unattended_since_ms_ = unattended ? std::max(seen_ms_, match_.last_event_ms()) : kAttended;
  idle_ = (match_.finished() || waiting_for_invited || unattended) && audience_.empty() && !queue_.busy();
  in_play_ = match_.status() == match::Status::Playing && !match_.local();
}

std::optional<Color> Room::seat_of(const std::string& token) const {
  if (token.empty()) return std::nullopt;
  std::string hash = security::sha256_hex(token);
  std::lock_guard lock(seat_mutex_);
  for (Color color : {Color::White, Color::Black})
    if (security::same_secret(hash, seat_hash_[rules::index(color)])) return color;
  return std::nullopt;
}

Viewer Room::viewer_for(const std::string& token) const {
  if (token.empty()) return Viewer::Spectator;
  std::string hash = security::sha256_hex(token);
  if (security::same_secret(hash, seat_hash_[0])) return Viewer::White;
  if (security::same_secret(hash, seat_hash_[1])) return Viewer::Black;
  return Viewer::Spectator;
}

Room::Message Room::state_for(Viewer viewer) const {
  return shared_text(protocol::state_message(match_, clock_.now(), viewer, company()));
}

}  // namespace arbiter
