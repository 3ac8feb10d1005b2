#include "server/rooms/room.h"

#include <boost/asio/bind_executor.hpp>
#include <algorithm>
#include <boost/asio/post.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "match/desertion.h"
#include "protocol/messages.h"
#include "protocol/pgn.h"
#include "protocol/views.h"
#include "server/metrics/move_observer.h"
#include "server/rooms/room_tasks.h"
#include "server/rooms/security.h"
#include "storage/event_codec.h"
#include "storage/game_variant.h"
#include "storage/wall_clock.h"

namespace arbiter {
namespace {

using match::Event;
using match::Viewer;
using rules::Color;


std::size_t slot(Viewer viewer) { return static_cast<std::size_t>(viewer); }

std::shared_ptr<const std::string> text(const nlohmann::json& message) {
  return std::make_shared<const std::string>(protocol::dump(message));
}

// Chat: a burst of a few lines, then one every two seconds.
constexpr double kChatPerSecond = 0.5;
constexpr double kChatBurst = 5;
constexpr int kChatRefusalsTolerated = 1 << 30;  // a chatty client is refused, not dropped

std::array<std::string, 2> names_of(const std::vector<storage::SeatRecord>& seats) {
  std::array<std::string, 2> names;
  for (const auto& seat : seats)
    if (auto color = protocol::parse_color(seat.color)) names[rules::index(*color)] = seat.name;
  return names;
}

std::optional<Viewer> parse_author(std::string_view author) {
  if (author == "spectator") return Viewer::Spectator;
  auto color = protocol::parse_color(author);
  return color ? std::optional(match::viewer_of(*color)) : std::nullopt;
}

// The seat the computer holds, from the seats as stored.
std::optional<match::ComputerSeat> computer_of(const std::vector<storage::SeatRecord>& seats) {
  for (const auto& seat : seats) {
    auto level = computer_level_of(seat.token_hash);
    auto color = protocol::parse_color(seat.color);
    if (level && color) return match::ComputerSeat{*color, *level};
  }
  return std::nullopt;
}

match::Match initial_match(const storage::StoredGame& stored, match::Waits waits) {
  const storage::GameRecord& record = stored.game;
  const rules::Variant& variant = storage::variant_of(record);
  auto start = rules::Position::from_fen(variant, record.start_fen);
  if (!start.ok()) throw std::runtime_error("game " + record.id + ": bad start FEN: " + start.error());
  match::MatchSetup setup{record.id, std::nullopt, record.local, record.created_at_ms, waits, computer_of(stored.seats),
                          names_of(stored.seats), stored.seats.size() < 2};
  if (record.initial_ms) setup.clock = match::ClockSetting{*record.initial_ms, record.increment_ms};
  return match::Match(std::move(setup), start.value(), std::chrono::steady_clock::now());
}

// A move or a Kriegspiel try: what the move histograms time.
bool is_move(const Event& event) {
  return std::holds_alternative<match::Moved>(event) || std::holds_alternative<match::Tried>(event);
}

}  // namespace

Room::Room(boost::asio::io_context& io, storage::Store& store, storage::StoredGame stored, match::Waits waits,
           ComputerPool* computers, AddressLimits* limits, GameMaker make_game,
           const std::vector<match::Downtime>& downtimes, std::optional<ComputerAdmission> admission)
    : strand_(boost::asio::make_strand(io)),
      store_(store),
      timer_(strand_),
      claim_timer_(strand_),
      record_(stored.game),
      match_(initial_match(stored, waits)),
      computers_(computers),
      limits_(limits),
      handoff_(boost::asio::use_service<CommitHandoff>(io)),
      chat_rate_(boost::asio::use_service<ChatRate>(io)),
      make_game_(std::move(make_game)) {
  for (const auto& line : stored.chat) {
    auto channel = protocol::parse_channel(line.channel);
    auto author = parse_author(line.author);
    if (!channel || !author) throw std::runtime_error("game " + id() + ": bad chat line " + std::to_string(line.seq));
    chat_.push_back({*channel, *author, line.name, line.text, line.at_ms});
    chat_seq_ = line.seq;
  }
  for (const auto& seat : stored.seats) {
    auto color = protocol::parse_color(seat.color);
    if (!color) throw std::runtime_error("game " + id() + ": bad seat colour " + seat.color);
    seat_hash_[rules::index(*color)] = seat.token_hash;
  }
  // Nearly every game is of a running variant, whose definition storage keeps once: not a copy
  // (a kilobyte or two) in every room. A rematch's record takes it back from there.
  const rules::Variant* running = rules::find_variant(record_.variant);
  if (running && storage::running_definition(*running).hash == record_.variant_hash) {
    record_.variant_definition.clear();
    record_.variant_definition.shrink_to_fit();  // an assignment would keep the capacity
  }
  // Replayed as of now, then put back on the wall clock's time line (Match::resume).
  auto now = Clock::now();
  for (const auto& stored_event : stored.events) {
    if (stored_event.v != match_.v() + 1) throw std::runtime_error("game " + id() + ": event numbers have a gap");
    auto event = storage::decode_event(stored_event.type, stored_event.payload);
    if (!event) throw std::runtime_error("game " + id() + ": unreadable event " + std::to_string(stored_event.v));
    try {
      match_.apply(*event, now, stored_event.at_ms);
    } catch (const std::exception& e) {
      throw std::runtime_error("game " + id() + ": event " + std::to_string(stored_event.v) + ": " + e.what());
    }
  }
  match_.resume(downtimes, wall_clock_ms(), now);
  if (const auto& computer = match_.computer()) {
    // The same game plays the same way: the seed is the game's.
    const auto seed = std::hash<std::string>{}(id());
    computer_ = Computer{computer->seat, std::make_shared<ComputerPlayer>(computer->level, seed)};
    match_.set_connected(computer->seat, true, now);  // never gone: nobody may claim against it
    if (!match_.finished() && computers_)
      computer_->admission = admission ? std::move(admission) : ComputerAdmission{computers_->capacity().readmit(computer->level), {}};
  }
  update_idle();  // unattended_since_ms() before start()
}

void Room::start(std::function<void()> started) {
  on_strand([this, started = std::move(started)]() mutable {
    // What fell due while the game was not loaded (an invitation expired, a flag after a
    // restart) is decided before anything else; this arms the timer otherwise.
    run([this] { carry_out(match_.on_time(Clock::now()), nullptr); });
    update_idle();
    bool both_seats = !seat_hash_[0].empty() && !seat_hash_[1].empty();
    if (match_.status() == match::Status::Waiting && both_seats) {
      // The computer takes its seat at once; otherwise a game created with both seats (from the
      // lobby, a rematch), or a join whose seat was stored but not its event: either seat may be
      // the one that joined.
      const Color joined = computer_ ? computer_->seat : Color::Black;
      run([this, joined] { carry_out(match_.join(joined, Clock::now()), nullptr); });
    }
    think_if_due();
    claim_when_abandoned();  // nobody is connected yet (after a restart, maybe nobody comes back)
    if (started) run(std::move(started));  // queued behind the join's commit, if there is one
  });
}

void Room::drain() {
  while (!busy_ && !queue_.empty()) {
    auto task = std::move(queue_.front());
    queue_.pop_front();
    task();
  }
}

void Room::carry_out(match::Decision decision, const Attached* from) {
  if (decision.refusal) {
    if (from) send_refusal(*from->watcher, *decision.refusal);
    return;
  }
  if (decision.repeat_of) {
    // A resend: answered again, not played twice. Once the event has left the room's memory
    // (a restart, or much later), only the state can answer.
    if (!from) return;
    for (const auto& sent : sent_)
      if (sent.v == *decision.repeat_of) return from->watcher->send(sent.messages[slot(from->viewer)]);
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
  record.id = std::get<match::Rematched>(decision.events.front()).game;
  record.invite_hash.clear();  // both seats are taken
  record.status = protocol::status_name(match_.local() ? match::Status::Playing : match::Status::Waiting);
  record.result = protocol::result_name(match::Result::Ongoing);
  record.reason.clear();
  record.created_at_ms = wall_clock_ms();
  record.ended_at_ms.reset();
  record.plies = 0;
  record.moves = 0;
  // Colours swapped, the same tokens: each browser's seat token holds the new game's other seat.
  std::vector<storage::SeatRecord> seats;
  for (Color color : {Color::White, Color::Black})
    seats.push_back({std::string(protocol::color_name(color)), seat_hash_[rules::index(~color)],
                     match_.name(~color)});
  busy_ = true;
  auto admission = std::exchange(rematch_admission_, std::nullopt);
  make_game_(std::move(record), std::move(seats), std::move(admission),
             [self = shared_from_this(), events = decision.events, from](bool ok) {
    boost::asio::post(self->strand_, [self, events, from, ok] {
      if (ok) return self->commit(events, {}, from);
      self->busy_ = false;
      if (from) from->send(std::make_shared<const std::string>(protocol::error_message("storage", "the rematch could not be stored")));
      self->drain();
    });
  });
}

void Room::commit(std::vector<Event> events, std::function<void(bool ok)> after, std::shared_ptr<Watcher> failure_to) {
  busy_ = true;
  if (!events.empty() && is_move(events.front())) {
    move_decided_ = Clock::now();
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
  committing_.at_ms = wall_clock_ms();
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
  const auto committed = Clock::now();
  if (is_move(event)) observe_move_stage(MoveStage::Committed, committed - move_decided_);
  match_.apply(event, committed, committing_.at_ms);
  // Freed before anyone hears of the end: they may start another at once.
  if (computer_ && match_.finished()) computer_->admission.reset();
  arm_timer();
  broadcast(event, is_move(event) ? std::optional(committed) : std::nullopt);
  if (is_move(event)) observe_move(Clock::now() - command_arrived_);
  computer_responds(event);
  update_idle();
  ++committing_.index;
  store_next();
}

void Room::end_commit(bool ok) {
  busy_ = false;
  // Taken out first: what they do may start the next commit.
  auto after = std::exchange(committing_.after, nullptr);
  auto failure_to = std::exchange(committing_.failure_to, nullptr);
  committing_.events.clear();
  if (!ok && failure_to)
    failure_to->send(std::make_shared<const std::string>(protocol::error_message("storage", "not stored; try again")));
  if (after) after(ok);
  if (!ok) {
    arm_timer();
    return drain();
  }
  if (!play_due_premove()) drain();
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

void Room::broadcast(const Event& event, std::optional<Clock::time_point> committed) {
  auto now = Clock::now();
  Sent sent{match_.v(), protocol::event_texts(event, match_, now)};
  for (const auto& attached : watchers_) {
    const auto& message = sent.messages[slot(attached.viewer)];
    if (committed) attached.watcher->send_move(message, *committed);
    else attached.watcher->send(message);
  }
  sent_.push_back(std::move(sent));
  if (sent_.size() > kResumableEvents) sent_.pop_front();
  if (std::holds_alternative<match::Ended>(event)) spectators_changed();  // unsealed: the count may be told now
}

void Room::arm_timer() {
  ++timer_generation_;
  timer_.cancel();
  auto deadline = match_.deadline();
  if (!deadline) return;
  timer_.expires_at(*deadline + std::chrono::milliseconds(1));
  // A weak hold: a waiting room may be evicted with its timer armed.
  timer_.async_wait(boost::asio::bind_executor(
      strand_, [weak = weak_from_this(), generation = timer_generation_](boost::system::error_code ec) {
        auto self = weak.lock();
        if (ec || !self || generation != self->timer_generation_) return;
        self->run([self] { self->carry_out(self->match_.on_time(Clock::now()), nullptr); });
      }));
}

void Room::think_if_due() {
  if (!computer_ || !computers_ || computer_->thinking || busy_) return;
  if (match_.status() != match::Status::Playing || match_.turn() != computer_->seat) return;
  computer_->thinking = true;
  // Exactly what a person in that seat is sent, and nothing else.
  auto view = protocol::state_message(match_, Clock::now(), match::viewer_of(computer_->seat));
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
  run([this, command = std::move(command), arrived = Clock::now()] {
    command_arrived_ = arrived;  // the move's handling is timed from its decision, not its thinking
    const Viewer seat = match::viewer_of(computer_->seat);
    if (match_.status() != match::Status::Playing || match_.turn() != computer_->seat) return;
    auto decision = command ? match_.decide(seat, *command, Clock::now()) : match::Decision{};
    if (!command || decision.refusal) {
      std::cerr << "arbiter: game " << id() << ": the computer's move was refused: "
                << (decision.refusal ? decision.refusal->message : "it found none") << "\n";
      // A computer that cannot move must not hold the game up.
      if (++computer_->refusals >= 3) return carry_out(match_.decide(seat, match::ResignCommand{}, Clock::now()), nullptr);
      return think_if_due();
    }
    computer_->refusals = 0;
    carry_out(std::move(decision), nullptr);
  });
}

void Room::claim_when_abandoned() {
  if (!computer_ || match_.finished() || match_.connected(~computer_->seat)) return;
  claim_timer_.expires_after(match_.abandon_after() + std::chrono::milliseconds(1));  // cancels an earlier wait
  claim_timer_.async_wait(boost::asio::bind_executor(strand_, [weak = weak_from_this()](boost::system::error_code ec) {
    auto self = weak.lock();
    if (ec || !self) return;
    // Refused (and so nothing) if the person came back meanwhile or the game ended.
    self->run([self] {
      const Viewer seat = match::viewer_of(self->computer_->seat);
      self->carry_out(self->match_.decide(seat, match::ClaimCommand{match::Claim::Victory}, Clock::now()), nullptr);
    });
  }));
}

void Room::computer_responds(const Event& event) {
  if (!computer_) return;
  auto answer = ComputerPlayer::respond(event, computer_->seat);
  if (!answer) return;
  if (auto* rematch = std::get_if<match::RematchCommand>(&*answer)) rematch->next_id = security::new_game_id();
  run([this, answer = *answer] {
    carry_out(match_.decide(match::viewer_of(computer_->seat), answer, Clock::now()), nullptr);
  });
}

bool Room::play_due_premove() {
  command_arrived_ = Clock::now();
  auto due = match_.take_premove(command_arrived_);
  if (!due) return false;
  if (!due->decision.accepted()) {
    const std::string why = due->decision.refusal ? due->decision.refusal->message : "";
    send_to_seat(due->seat, text(protocol::premove_message(std::nullopt, why)));
    return false;
  }
  const Color seat = due->seat;
  commit(due->decision.events, [self = shared_from_this(), seat](bool ok) {
    if (!ok) self->send_to_seat(seat, text(protocol::premove_message(std::nullopt, "not stored")));
  });
  return true;
}

// --- watchers and commands ---------------------------------------------------------------

void Room::attach(std::shared_ptr<Watcher> watcher, std::string token, std::optional<std::int64_t> since) {
  on_strand([this, watcher = std::move(watcher), token = std::move(token), since] {
    Viewer viewer = viewer_for(token);
    watchers_.push_back({watcher, viewer, RateLimiter(kChatPerSecond, kChatBurst, kChatRefusalsTolerated), !match_.finished()});
    seen_ms_ = wall_clock_ms();
    update_idle();
    spectators_changed();
    seat_watchers_changed(match::seat_of(viewer), +1, watcher.get());
    const std::int64_t oldest_kept = sent_.empty() ? match_.v() + 1 : sent_.front().v;
    if (!since || *since > match_.v() || *since + 1 < oldest_kept) return watcher->send(state_for(viewer));
    for (const auto& sent : sent_)
      if (sent.v > *since) watcher->send(sent.messages[slot(viewer)]);
    watcher->send(text(protocol::resumed_message(match_, Clock::now(), viewer)));
  });
}

void Room::detach(std::shared_ptr<Watcher> watcher) {
  on_strand([this, watcher = std::move(watcher)] {
    const Attached* attached = find(watcher);
    if (!attached) return;
    const auto seat = match::seat_of(attached->viewer);
    std::erase_if(watchers_, [&](const Attached& a) { return a.watcher == watcher; });
    seen_ms_ = wall_clock_ms();
    update_idle();
    spectators_changed();
    seat_watchers_changed(seat, -1);
  });
}

void Room::seat_watchers_changed(std::optional<Color> seat, int by, const Watcher* just_came) {
  if (!seat || match_.local()) return;
  int& count = seat_watchers_[rules::index(*seat)];
  const bool was_connected = count > 0;
  count += by;
  if ((count > 0) == was_connected) return;
  match_.set_connected(*seat, count > 0, Clock::now());
  if (count == 0) claim_when_abandoned();
  // Per viewer: a seat's absence brings its opponent's claim within reach.
  const auto now = Clock::now();
  std::array<std::shared_ptr<const std::string>, 3> messages;
  for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator})
    messages[slot(viewer)] = text(protocol::presence_message(match_, now, viewer));
  for (const auto& attached : watchers_)
    if (attached.watcher.get() != just_came) attached.watcher->send(messages[slot(attached.viewer)]);
}

void Room::spectators_changed() {
  const int count = static_cast<int>(
      std::count_if(watchers_.begin(), watchers_.end(), [](const Attached& a) { return a.viewer == Viewer::Spectator; }));
  // hidden: while spectators are sealed their number is told to nobody, the lobby included.
  const std::optional<int> shown = match_.spectators_sealed() ? std::nullopt : std::optional(count);
  if (shown == spectators_shown_) return;
  spectators_shown_ = shown;
  spectator_count_ = shown.value_or(0);
  if (!shown) return;
  auto message = text(protocol::spectators_message(*shown));
  for (const auto& attached : watchers_) attached.watcher->send(message);
}

protocol::Company Room::company() const { return {spectator_count_.load(), &chat_}; }

void Room::chat(std::shared_ptr<Watcher> watcher, std::string text_sent, std::string name) {
  on_strand([this, watcher = std::move(watcher), text_sent = std::move(text_sent), name = std::move(name)] {
    Attached* from = find(watcher);
    if (!from) return;
    if (from->chat_limiter.check(Clock::now()) != RateLimiter::Verdict::Allow)
      return watcher->send(std::make_shared<const std::string>(protocol::error_message("rate_limited", "one chat message every two seconds")));
    const match::ChatSpeaker speaker{from->viewer, name, from->present_at_end};
    auto ruling = match_.chat(speaker, wall_clock_ms());
    if (auto* refusal = std::get_if<match::Refusal>(&ruling)) return send_refusal(*watcher, *refusal);
    if (!chat_rate_.allows(limits_, watcher->client(), Clock::now())) return watcher->send(ChatRate::refusal());
    const auto seat = match::seat_of(from->viewer);
    protocol::ChatLine line{std::get<match::ChatChannel>(ruling), from->viewer, seat ? match_.name(*seat) : name,
                            text_sent, wall_clock_ms()};
    if (line.name.empty()) line.name = protocol::kAnonymous;
    storage::ChatRecord record{++chat_seq_, std::string(protocol::channel_name(line.channel)),
                               std::string(protocol::viewer_name(line.from)), line.name, line.text, line.at_ms};
    store_.add_chat(id(), std::move(record), [self = shared_from_this(), line, watcher](bool ok, const std::string& error) {
      boost::asio::post(self->strand_, [self, line, watcher, ok, error] {
        if (!ok) {
          std::cerr << "arbiter: game " << self->id() << ": chat not stored: " << error << "\n";
          return watcher->send(std::make_shared<const std::string>(protocol::error_message("storage", "not stored; try again")));
        }
        keep_chat_line(self->chat_, line);
        auto message = text(protocol::chat_message(line));
        bool sender_reads = false;
        for (const auto& attached : self->watchers_) {
          if (!protocol::may_read(self->match_, attached.viewer, line)) continue;
          attached.watcher->send(message);
          sender_reads = sender_reads || attached.watcher == watcher;
        }
        // Held until the end (sealed spectators): only its own socket is told it was stored.
        if (!sender_reads) watcher->send(text(protocol::held_chat_message(line)));
      });
    });
  });
}

void Room::send_to_seat(Color seat, const Message& message) const {
  for (const auto& attached : watchers_)
    if (attached.viewer == match::viewer_of(seat)) attached.watcher->send(message);
}

void Room::premove(std::shared_ptr<Watcher> watcher, std::optional<std::string> move) {
  on_strand([this, watcher = std::move(watcher), move = std::move(move)] {
    run([this, watcher, move] {
      const Attached* from = find(watcher);
      if (!from) return;
      if (auto refusal = match_.set_premove(from->viewer, move, Clock::now())) return send_refusal(*watcher, *refusal);
      const Color seat = *match::seat_of(from->viewer);
      send_to_seat(seat, text(protocol::premove_message(match_.premove(seat))));
    });
  });
}

void Room::command(std::shared_ptr<Watcher> watcher, match::Command command) {
  if (auto* rematch = std::get_if<match::RematchCommand>(&command)) rematch->next_id = security::new_game_id();
  on_strand([this, watcher = std::move(watcher), command = std::move(command), arrived = Clock::now()]() mutable {
    run([this, watcher = std::move(watcher), command = std::move(command), arrived] {
      command_arrived_ = arrived;
      const Attached* from = find(watcher);
      if (!from) return;
      auto decision = match_.decide(from->viewer, command, Clock::now());
      if (decision.accepted() && !admit_rematch(decision, *watcher)) return;
      carry_out(std::move(decision), from);
    });
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
  to.send(text({{"t", "error"}, {"code", code}, {"message", message}, {"retry_after_s", AddressLimits::retry_seconds(wait)}}));
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
      auto decision = match_.join(seat, Clock::now(), name);
      if (free_seats != 1 || !decision.accepted()) return done(JoinOutcome::refused(JoinOutcome::Status::Taken));
      busy_ = true;  // nobody else may take the seat while it is being stored
      store_.add_seat(id(), {std::string(protocol::color_name(seat)), hash, name},
                      [self = shared_from_this(), seat, token, hash, done, events = decision.events](
                          bool ok, const std::string& error) {
                        boost::asio::post(self->strand_, [self, seat, token, hash, done, events, ok, error] {
                          if (!ok) {
                            std::cerr << "arbiter: game " << self->id() << ": seat not stored: " << error << "\n";
                            self->busy_ = false;
                            done(JoinOutcome::refused(JoinOutcome::Status::Failed));
                            return self->drain();
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
    run([this, token, done] { done(protocol::game_resource(match_, Clock::now(), viewer_for(token), company())); });
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
    timer_.cancel();
    for (const auto& attached : watchers_) attached.watcher->close_going_away();
    watchers_.clear();
    update_idle();
  });
}

// --- helpers -----------------------------------------------------------------------------

void Room::update_idle() {
  const bool waiting_for_invited = match_.invitation_deadline().has_value() && (seat_hash_[0].empty() || seat_hash_[1].empty());
  const bool unattended = match::waits_on_nobody(match_) && !match_.premove(Color::White) &&
                          !match_.premove(Color::Black) && watchers_.empty();
  unattended_since_ms_ = unattended ? std::max(seen_ms_, match_.last_event_ms()) : kAttended;
  idle_ = (match_.finished() || waiting_for_invited || unattended) && watchers_.empty() && !busy_;
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

Room::Attached* Room::find(const std::shared_ptr<Watcher>& watcher) {
  for (auto& attached : watchers_)
    if (attached.watcher == watcher) return &attached;
  return nullptr;
}

Room::Message Room::state_for(Viewer viewer) const {
  return text(protocol::state_message(match_, Clock::now(), viewer, company()));
}

}  // namespace arbiter
