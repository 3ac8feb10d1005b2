#include "server/room.h"

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "protocol/pgn.h"
#include "server/move_observer.h"
#include "server/security.h"

namespace arbiter {
namespace {

using protocol::Event;
using protocol::Viewer;
using rules::Color;

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

rules::Game initial_game(const storage::GameRecord& record) {
  const rules::Variant* variant = rules::find_variant(record.variant);
  if (!variant) throw std::runtime_error("game " + record.id + ": unknown variant " + record.variant);
  auto start = rules::Position::from_fen(*variant, record.start_fen);
  if (!start.ok()) throw std::runtime_error("game " + record.id + ": bad start FEN: " + start.error());
  return rules::Game(start.value());
}

std::size_t slot(Viewer viewer) { return static_cast<std::size_t>(viewer); }

std::string win_for(Color winner) { return winner == Color::White ? "1-0" : "0-1"; }

std::shared_ptr<const std::string> text(const nlohmann::json& message) {
  return std::make_shared<const std::string>(protocol::dump(message));
}

}  // namespace

Room::Room(boost::asio::io_context& io, storage::Store& store, storage::StoredGame stored)
    : strand_(boost::asio::make_strand(io)),
      store_(store),
      flag_timer_(strand_),
      id_(stored.game.id),
      record_(stored.game),
      game_(initial_game(stored.game)) {
  for (const auto& seat : stored.seats) {
    auto color = protocol::parse_color(seat.color);
    if (!color) throw std::runtime_error("game " + id_ + ": bad seat colour " + seat.color);
    seat_hash_[rules::index(*color)] = seat.token_hash;
  }
  if (record_.initial_ms) clock_.emplace(*record_.initial_ms, record_.increment_ms);
  if (protocol::is_hidden(game_.start().variant())) umpire_.emplace(game_.start());
  // The status the events start from; they carry it forward.
  record_.status = record_.local ? "playing" : "waiting";
  record_.result = "*";
  record_.reason.clear();
  record_.ended_at_ms.reset();
  auto now = Clock::now();
  if (clock_ && record_.local) clock_->set(clock_->initial_times(), game_.position().side_to_move(), now);

  for (const auto& stored_event : stored.events) {
    if (stored_event.v != v_ + 1) throw std::runtime_error("game " + id_ + ": event numbers have a gap");
    auto event = protocol::parse_event(stored_event.type, stored_event.payload);
    if (!event) throw std::runtime_error("game " + id_ + ": unreadable event " + std::to_string(stored_event.v));
    if (event->type == Event::Type::Move && !game_.position().parse_uci(event->move).ok())
      throw std::runtime_error("game " + id_ + ": stored move does not replay: " + event->move);
    apply(*event, stored_event.at_ms, now);
  }
}

void Room::start() {
  on_strand([this] {
    arm_flag_timer();
    update_idle();
    bool both_seats = !seat_hash_[0].empty() && !seat_hash_[1].empty();
    if (record_.status == "waiting" && both_seats && !record_.local) {
      Color seat = seat_hash_[0].empty() ? Color::White : Color::Black;  // whichever joined last: either works
      run([this, seat] { commit({Event::joined(seat, clock_times(Clock::now()))}, [](bool) {}); });
    }
  });
}

template <class F>
void Room::on_strand(F&& f) {
  boost::asio::post(strand_, [self = shared_from_this(), f = std::forward<F>(f)]() mutable { f(); });
}

void Room::run(std::function<void()> task) {
  if (busy_) {
    queue_.push_back(std::move(task));
    return;
  }
  task();
}

void Room::drain() {
  while (!busy_ && !queue_.empty()) {
    auto task = std::move(queue_.front());
    queue_.pop_front();
    task();
  }
}

void Room::commit(std::vector<Event> events, std::function<void(bool ok)> after) {
  busy_ = true;
  commit_next(std::make_shared<std::vector<Event>>(std::move(events)), 0, std::move(after));
}

void Room::commit_next(std::shared_ptr<std::vector<Event>> events, std::size_t index,
                       std::function<void(bool ok)> after) {
  if (index == events->size()) {
    busy_ = false;
    after(true);
    drain();
    return;
  }
  const Event& event = (*events)[index];
  storage::EventRecord record{v_ + 1, std::string(protocol::type_name(event.type)), protocol::event_payload(event),
                              wall_ms()};
  std::optional<storage::GameRecord> status_update;
  if (event.type == Event::Type::Joined || event.type == Event::Type::End)
    status_update = record_after(event, record.at_ms);
  auto at_ms = record.at_ms;
  store_.append_event(id_, std::move(record), std::move(status_update),
                      [self = shared_from_this(), events, index, after, at_ms](bool ok, const std::string& error) {
                        boost::asio::post(self->strand_, [self, events, index, after, at_ms, ok, error] {
                          if (!ok) {
                            std::cerr << "arbiter: game " << self->id_ << ": event not stored: " << error << "\n";
                            self->busy_ = false;
                            after(false);
                            self->drain();
                            return;
                          }
                          self->apply((*events)[index], at_ms, Clock::now());
                          self->arm_flag_timer();
                          self->broadcast((*events)[index]);
                          auto type = (*events)[index].type;
                          if (type == Event::Type::Move || type == Event::Type::Umpire)
                            observe_move(Clock::now() - self->command_arrived_);
                          self->update_idle();
                          self->commit_next(events, index + 1, after);
                        });
                      });
}

storage::GameRecord Room::record_after(const Event& event, std::int64_t at_ms) const {
  auto record = record_;
  if (event.type == Event::Type::Joined) record.status = "playing";
  if (event.type == Event::Type::End) {
    record.status = "finished";
    record.result = event.result;
    record.reason = event.reason;
    record.ended_at_ms = at_ms;
  }
  return record;
}

void Room::apply(const Event& event, std::int64_t at_ms, Clock::time_point sent) {
  record_ = record_after(event, at_ms);
  switch (event.type) {
    case Event::Type::Joined:
    case Event::Type::End:
      draw_offer_.reset();
      break;
    case Event::Type::Move: {
      Color mover = game_.position().side_to_move();
      auto ply = static_cast<std::int64_t>(game_.moves().size());
      game_.play(event.move);  // validated before it was committed (or replayed)
      moved_[rules::index(mover)] = true;
      last_move_ = LastMove{ply, event.move, protocol::viewer_of(mover), {}};
      draw_offer_.reset();  // an offer lapses when the game moves on
      break;
    }
    case Event::Type::DrawOffer:
      draw_offer_ = event.color;
      break;
    case Event::Type::Umpire:
      apply_umpire(event);
      break;
  }
  ++v_;
  if (clock_) {
    auto running = record_.status == "playing" ? std::optional(game_.position().side_to_move()) : std::nullopt;
    clock_->set(event.clock.value_or(clock_->at(sent)), running, sent);
  }
}

void Room::broadcast(const Event& event) {
  auto now = Clock::now();
  auto game = snapshot(now);
  std::array<std::shared_ptr<const std::string>, 3> messages;
  auto message_for = [&](Viewer viewer) {
    auto& message = messages[slot(viewer)];
    if (!message) message = text(protocol::event_message(event, game, viewer));
    return message;
  };
  for (const auto& attached : watchers_) attached.watcher->send(message_for(attached.viewer));
  bool moved = event.type == Event::Type::Move || (event.type == Event::Type::Umpire && event.say == "moved");
  if (moved && last_move_) {
    for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator}) message_for(viewer);
    last_move_->messages = messages;
  }
}

// --- commands ---------------------------------------------------------------------------

void Room::attach(std::shared_ptr<Watcher> watcher, std::string token) {
  on_strand([this, watcher = std::move(watcher), token = std::move(token)] {
    Viewer viewer = viewer_for(token);
    watchers_.push_back({watcher, viewer});
    update_idle();
    watcher->send(text(protocol::state_message(snapshot(Clock::now()), viewer)));
  });
}

void Room::detach(std::shared_ptr<Watcher> watcher) {
  on_strand([this, watcher = std::move(watcher)] {
    std::erase_if(watchers_, [&](const Attached& a) { return a.watcher == watcher; });
    update_idle();
  });
}

void Room::command(std::shared_ptr<Watcher> watcher, protocol::ClientCommand command) {
  on_strand([this, watcher = std::move(watcher), command = std::move(command), arrived = Clock::now()] {
    run([this, watcher, command, arrived] {
      command_arrived_ = arrived;
      if (const Attached* from = find(watcher)) on_command(*from, command);
    });
  });
}

void Room::on_command(const Attached& from, const protocol::ClientCommand& command) {
  std::visit(
      [&](const auto& c) {
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, protocol::MoveCommand>) on_move(from, c);
        else if constexpr (std::is_same_v<T, protocol::ResignCommand>) on_resign(from);
        else if constexpr (std::is_same_v<T, protocol::DrawCommand>) on_draw(from);
        else if constexpr (std::is_same_v<T, protocol::AbortCommand>) on_abort(from);
        else if constexpr (std::is_same_v<T, protocol::AnyCommand>) {
          if (umpire_) on_any(from);
          else reply_error(from, "bad_message", "\"any\" is a Kriegspiel question");
        }
        else if constexpr (std::is_same_v<T, protocol::PingCommand>)
          from.watcher->send(std::make_shared<const std::string>(protocol::pong_message()));
      },
      command);
}

bool Room::check_player(const Attached& from) {
  if (from.viewer == Viewer::Spectator) {
    reply_error(from, "not_a_player", "spectators cannot play");
    return false;
  }
  if (record_.status == "finished") {
    reply_error(from, "game_over", "the game is over");
    return false;
  }
  if (record_.status == "waiting") {
    reply_error(from, "not_started", "the game starts when the invited player joins");
    return false;
  }
  return true;
}

void Room::on_move(const Attached& from, const protocol::MoveCommand& move) {
  if (last_move_ && move.ply == last_move_->ply && move.move == last_move_->move && from.viewer == last_move_->mover) {
    // A resend: answered again, not played twice. Since a restart only the state can answer.
    auto answer = last_move_->messages[slot(from.viewer)];
    from.watcher->send(answer ? answer : text(protocol::state_message(snapshot(Clock::now()), from.viewer)));
    return;
  }
  if (!check_player(from)) return;
  auto ply = static_cast<std::int64_t>(game_.moves().size());
  Color mover = game_.position().side_to_move();
  if (move.ply != ply) return reply_error(from, "stale_ply", "the game is at ply " + std::to_string(ply));
  if (from.viewer != protocol::viewer_of(mover)) return reply_error(from, "not_your_turn", "it is not your turn");
  auto now = Clock::now();
  if (clock_ && clock_->flagged(now)) return flag(now);
  if (umpire_) return on_try(from, move.move, mover, ply, now);
  auto parsed = game_.position().parse_uci(move.move);
  if (!parsed.ok()) return reply_error(from, "illegal_move", parsed.error());

  rules::Game next = game_;
  next.play(parsed.value());
  bool turn_passes = next.position().side_to_move() != mover;
  std::optional<protocol::ClockTimes> times;
  if (clock_) times = clock_->after_move(mover, turn_passes, now);
  std::string uci = game_.position().uci(parsed.value());
  std::vector<Event> events{Event::moved(uci, ply, times)};
  if (auto outcome = next.outcome(); outcome.over())
    events.push_back(Event::end(std::string(outcome.score()), std::string(rules::to_string(outcome.reason)), times));
  commit(std::move(events), report_failure(from));
}

// The umpire answers on a copy first: only a try it answers aloud becomes an event. Nonsense
// goes to the trier alone, and refused tries cost the mover's time like moves do.
void Room::on_try(const Attached& from, const std::string& uci, Color mover, std::int64_t ply, Clock::time_point now) {
  rules::Umpire next = *umpire_;
  auto answer = next.try_move(mover, uci);
  if (answer.verdict == rules::TryResult::Verdict::Nonsense) return reply_error(from, "nonsense", answer.reason);
  const bool moved = answer.verdict == rules::TryResult::Verdict::Moved;
  std::optional<protocol::ClockTimes> times;
  if (clock_) times = clock_->after_move(mover, moved, now);
  std::vector<Event> events{Event::umpire(moved ? "moved" : "illegal", mover, uci, ply, "", times)};
  if (const auto& outcome = answer.announcement.outcome; moved && outcome.over())
    events.push_back(Event::end(std::string(outcome.score()), std::string(rules::to_string(outcome.reason)), times));
  commit(std::move(events), [](bool) {});
}

void Room::on_any(const Attached& from) {
  if (!check_player(from)) return;
  Color mover = game_.position().side_to_move();
  if (from.viewer != protocol::viewer_of(mover)) return reply_error(from, "not_your_turn", "it is not your turn");
  auto now = Clock::now();
  if (clock_ && clock_->flagged(now)) return flag(now);
  rules::Umpire next = *umpire_;
  auto answer = next.ask_any(mover);
  if (!answer.ok()) return reply_error(from, "nonsense", answer.error());
  auto ply = static_cast<std::int64_t>(game_.moves().size());
  std::optional<protocol::ClockTimes> times;
  if (clock_) times = clock_->after_move(mover, false, now);
  commit({Event::umpire("any", mover, "", ply, std::string(rules::to_string(answer.value())), times)}, [](bool) {});
}

void Room::apply_umpire(const Event& event) {
  if (!umpire_) throw std::runtime_error("game " + id_ + ": an umpire event in a game without an umpire");
  if (event.say == "any") {
    auto answer = umpire_->ask_any(event.color);
    if (!answer.ok() || rules::to_string(answer.value()) != event.answer)
      throw std::runtime_error("game " + id_ + ": stored \"Are there any?\" does not replay");
    return;
  }
  auto verdict = umpire_->try_move(event.color, event.move).verdict;
  auto expected = event.say == "moved" ? rules::TryResult::Verdict::Moved : rules::TryResult::Verdict::Illegal;
  if (verdict != expected) throw std::runtime_error("game " + id_ + ": stored try does not replay: " + event.move);
  if (verdict != rules::TryResult::Verdict::Moved) return;
  game_ = umpire_->game();
  moved_[rules::index(event.color)] = true;
  last_move_ = LastMove{event.ply, event.move, protocol::viewer_of(event.color), {}};
  draw_offer_.reset();  // an offer lapses when the game moves on
}

void Room::on_resign(const Attached& from) {
  if (!check_player(from)) return;
  auto now = Clock::now();
  if (clock_ && clock_->flagged(now)) return flag(now);
  Color loser = from.viewer == Viewer::White ? Color::White : Color::Black;
  commit({Event::end(win_for(~loser), "resign", clock_times(now))}, report_failure(from));
}

void Room::on_draw(const Attached& from) {
  if (!check_player(from)) return;
  auto now = Clock::now();
  if (clock_ && clock_->flagged(now)) return flag(now);
  Color by = from.viewer == Viewer::White ? Color::White : Color::Black;
  if (draw_offer_ == ~by) return commit({Event::end("1/2-1/2", "agreement", clock_times(now))}, report_failure(from));
  if (draw_offer_ == by) return reply_error(from, "draw_offered", "your draw offer stands until the game moves on");
  commit({Event::draw_offer(by, clock_times(now))}, report_failure(from));
}

void Room::on_abort(const Attached& from) {
  if (from.viewer == Viewer::Spectator) return reply_error(from, "not_a_player", "spectators cannot play");
  if (record_.status == "finished") return reply_error(from, "game_over", "the game is over");
  if (moved_[0] && moved_[1]) return reply_error(from, "too_late", "both sides have moved: resign instead");
  commit({Event::end("*", "abort", clock_times(Clock::now()))}, report_failure(from));
}

void Room::flag(Clock::time_point now) {
  if (record_.status != "playing" || !clock_ || !clock_->flagged(now)) return;
  Color loser = game_.position().side_to_move();
  auto times = clock_->at(now);
  times.of(loser) = 0;
  bool winner_can_mate = game_.position().has_mating_material(~loser);
  commit({Event::end(winner_can_mate ? win_for(~loser) : "1/2-1/2", "timeout", times)}, [](bool) {});
}

void Room::arm_flag_timer() {
  ++flag_generation_;
  flag_timer_.cancel();
  if (!clock_ || record_.status != "playing") return;
  auto when = clock_->flag_time();
  if (!when) return;
  flag_timer_.expires_at(*when + std::chrono::milliseconds(1));
  flag_timer_.async_wait(boost::asio::bind_executor(
      strand_, [self = shared_from_this(), generation = flag_generation_](boost::system::error_code ec) {
        if (ec || generation != self->flag_generation_) return;
        self->run([self] {
          auto now = Clock::now();
          if (self->clock_ && self->clock_->flagged(now)) self->flag(now);
          else if (!self->busy_) self->arm_flag_timer();
        });
      }));
}

std::function<void(bool)> Room::report_failure(const Attached& from) const {
  return [watcher = from.watcher](bool ok) {
    if (!ok) watcher->send(std::make_shared<const std::string>(protocol::error_message("storage", "not stored; try again")));
  };
}

void Room::reply_error(const Attached& to, std::string_view code, std::string_view message) {
  to.watcher->send(std::make_shared<const std::string>(protocol::error_message(code, message)));
}

// --- HTTP ------------------------------------------------------------------------------

void Room::join(std::function<void(JoinOutcome)> done) {
  on_strand([this, done = std::move(done)] {
    run([this, done] {
      int free_seats = seat_hash_[0].empty() + seat_hash_[1].empty();
      if (record_.status != "waiting" || record_.local || free_seats != 1) return done(JoinOutcome::refused(JoinOutcome::Status::Taken));
      Color seat = seat_hash_[0].empty() ? Color::White : Color::Black;
      std::string token = security::random_token();
      std::string hash = security::sha256_hex(token);
      busy_ = true;  // nobody else may take the seat while it is being stored
      store_.add_seat(id_, {std::string(protocol::color_name(seat)), hash},
                      [self = shared_from_this(), seat, token, hash, done](bool ok, const std::string& error) {
                        boost::asio::post(self->strand_, [self, seat, token, hash, done, ok, error] {
                          if (!ok) {
                            std::cerr << "arbiter: game " << self->id_ << ": seat not stored: " << error << "\n";
                            self->busy_ = false;
                            done(JoinOutcome::refused(JoinOutcome::Status::Failed));
                            return self->drain();
                          }
                          {
                            std::lock_guard lock(self->seat_mutex_);
                            self->seat_hash_[rules::index(seat)] = hash;
                          }
                          self->commit({Event::joined(seat, self->clock_times(Clock::now()))},
                                       [self, seat, token, done](bool committed) {
                                         if (!committed) return done(JoinOutcome::refused(JoinOutcome::Status::Failed));
                                         done({JoinOutcome::Status::Joined, self->id_, std::string(protocol::color_name(seat)), token});
                                       });
                        });
                      });
    });
  });
}

void Room::describe(std::string token, std::function<void(nlohmann::json)> done) {
  on_strand([this, token = std::move(token), done = std::move(done)] {
    auto game = snapshot(Clock::now());
    done(protocol::game_resource(game, viewer_for(token)));
  });
}

void Room::pgn(std::function<void(std::optional<std::string>)> done) {
  on_strand([this, done = std::move(done)] {
    auto game = snapshot(Clock::now());
    if (!protocol::pgn_public(game)) return done(std::nullopt);
    done(protocol::pgn(game));
  });
}

void Room::close_watchers() {
  on_strand([this] {
    flag_timer_.cancel();
    for (const auto& attached : watchers_) attached.watcher->close_going_away();
    watchers_.clear();
    update_idle();
  });
}

// --- helpers -----------------------------------------------------------------------------

void Room::update_idle() { idle_ = record_.status == "finished" && watchers_.empty() && !busy_; }

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

protocol::GameSnapshot Room::snapshot(Clock::time_point now) const {
  protocol::GameSnapshot game;
  game.id = id_;
  game.game = &game_;
  game.umpire = umpire_ ? &*umpire_ : nullptr;
  game.status = record_.status;
  game.result = record_.result;
  game.reason = record_.reason;
  game.v = v_;
  if (clock_) game.clock = clock_->view(now);
  game.draw_offer = draw_offer_;
  game.local = record_.local;
  game.created_at_ms = record_.created_at_ms;
  game.ended_at_ms = record_.ended_at_ms;
  return game;
}

std::optional<protocol::ClockTimes> Room::clock_times(Clock::time_point now) const {
  if (!clock_) return std::nullopt;
  return clock_->at(now);
}

const Room::Attached* Room::find(const std::shared_ptr<Watcher>& watcher) const {
  for (const auto& attached : watchers_)
    if (attached.watcher == watcher) return &attached;
  return nullptr;
}

}  // namespace arbiter
