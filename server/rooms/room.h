#pragma once
// A game's place and time: its strand (so games never wait on each other) and the timer of its
// clock, tying together its commit queue (commit_queue.h), its audience (audience.h), what it sent
// (sent_log.h) and its computer seat. What a command does and when the game ends is the match's
// (match/match.h); the room commits each event the match decides before applying and
// broadcasting it, and while one commits, later commands wait in order. Its members are defined
// by job: room.cpp (loading, requests), room_commit.cpp, room_audience.cpp (presence, chat),
// room_computer.cpp, room_desertion.cpp.
#include <array>
#include <atomic>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json_fwd.hpp>

#include "match/match.h"
#include "protocol/names.h"
#include "protocol/views.h"
#include "server/limits/address_limits.h"
#include "server/limits/chat_bounds.h"
#include "server/limits/rate_limiter.h"
#include "server/players/computer_admission.h"
#include "server/players/computer_player.h"
#include "server/players/computer_pool.h"
#include "server/rooms/audience.h"
#include "server/rooms/commit_handoff.h"
#include "server/rooms/commit_queue.h"
#include "server/rooms/room_clock.h"
#include "server/rooms/room_loader.h"
#include "server/rooms/sent_log.h"
#include "server/rooms/watcher.h"
#include "storage/store.h"

namespace arbiter {

struct JoinOutcome {
  enum class Status { Joined, Taken, Failed } status = Status::Failed;
  std::string id, color, token;
  static JoinOutcome refused(Status status) {
    JoinOutcome outcome;
    outcome.status = status;
    return outcome;
  }
};

// Stores a new game with both its seats (a rematch) and opens its room; `done(ok)` after. A
// rematch against the computer brings its admission, which the new game holds.
using GameMaker = std::function<void(storage::GameRecord, std::vector<storage::SeatRecord>,
                                     std::optional<ComputerAdmission>, std::function<void(bool)>)>;

class Room : public std::enable_shared_from_this<Room> {
 public:
  // Rebuilds the match by replaying its stored events; throws std::runtime_error if they do not
  // replay (unknown variant, bad FEN, an illegal move, a gap in v).
  // `computers`: where a computer seat thinks (none: computer games wait); `limits`: what a
  // rematch charges its asker (none: nothing); `make_game`: how a rematch creates its game;
  // `downtimes`: the spans the server was down (the side to move is charged its thinking time
  // while it was up; see Match::resume). `admission`: a new computer game's; a computer game in
  // play loaded without one (resumed after a restart) is readmitted to the pool. `clock`: the
  // game's time and the records' (a test's moves by hand); it outlives the room.
  Room(boost::asio::io_context& io, storage::Store& store, storage::StoredGame stored, match::Waits waits,
       ComputerPool* computers, AddressLimits* limits = nullptr, GameMaker make_game = {},
       const std::vector<match::Downtime>& downtimes = {}, std::optional<ComputerAdmission> admission = {},
       RoomClock& clock = real_room_clock());
  // Arms the clock timer; finishes a join that crashed between its seat and its event (or a game
  // created with both seats). `started` runs on the strand once that join is committed.
  void start(std::function<void()> started = {});

  const std::string& id() const { return match_.id(); }
  // Finished, waiting for its invited player, or in play with nothing pending in time (match/
  // desertion.h) and no premove, with nobody watching and nothing under way: the registry may drop
  // it (the store has it all) and load it again when asked for.
  bool idle() const { return idle_.load(); }
  // In play with nothing pending in time and nobody connected: since when nobody moved nor
  // connected (wall clock); nullopt otherwise. What the registry keeps of it once dropped.
  std::optional<std::int64_t> unattended_since_ms() const {
    const std::int64_t since = unattended_since_ms_.load();
    return since == kAttended ? std::nullopt : std::optional(since);
  }
  // Before start(): when someone was last connected, as known from before the room was loaded.
  void seen_at(std::int64_t at_ms) { seen_ms_ = at_ms; }
  // Ends the game if it is deserted (match::desertion_end) by now.
  void end_if_deserted();
  int spectators() const { return audience_.spectators(); }
  // Under way between two people (for the lobby's count).
  bool in_play() const { return in_play_.load(); }

  // All of these are thread-safe: they run on the room's strand.
  // `since`: the last event number the watcher holds (a reconnect); it is sent the events it
  // missed when the room still has them, the whole state otherwise.
  void attach(std::shared_ptr<Watcher> watcher, std::string token, std::optional<std::int64_t> since);
  void detach(std::shared_ptr<Watcher> watcher);
  void command(std::shared_ptr<Watcher> watcher, match::Command command);
  // Queues (or cancels, with no move) the watcher's seat's move for its next turn.
  void premove(std::shared_ptr<Watcher> watcher, std::optional<std::string> move);
  // Sends a chat message to the readers of the sender's channel, once stored.
  // `name`: a spectator's display name (a player's is their seat's).
  void chat(std::shared_ptr<Watcher> watcher, std::string text, std::string name);
  // Gives the free seat to `name`. `secret`: the joiner's own token for it (else a random one);
  // a repeat with the secret of a seat already taken is answered with that seat again, so a
  // join whose answer was lost can be retried.
  void join(std::string name, std::optional<std::string> secret, std::function<void(JoinOutcome)> done);
  void describe(std::string token, std::function<void(nlohmann::json)> done);
  // What the invitation shows before it is taken (protocol::invitation_resource).
  void describe_invitation(std::function<void(nlohmann::json)> done);
  // The PGN, or nullopt while the game may not be shown yet (a live hidden game). `evals`: an
  // analysis's comment after each ply (protocol::pgn).
  void pgn(std::vector<std::string> evals, std::function<void(std::optional<std::string>)> done);
  // The whole game once it is over (every move, Kriegspiel's too), for its analysis; nullopt before.
  void finished_game(std::function<void(std::optional<rules::Game>)> done);
  void close_watchers();
  // The seat this token holds, if any. Thread-safe without the strand (the network asks it before
  // admitting a socket: seats keep connection slots reserved for them).
  std::optional<rules::Color> seat_of(const std::string& token) const;

  // How many recent events a reconnecting watcher can be sent instead of the whole state.
  static constexpr std::size_t kResumableEvents = 32;

 private:
  // What the move metrics time (the real time a move takes here, whatever the game's clock).
  using MetricsClock = std::chrono::steady_clock;
  using Message = std::shared_ptr<const std::string>;
  using Attached = Audience::Attached;

  Room(boost::asio::io_context& io, storage::Store& store, LoadedGame loaded, ComputerPool* computers,
       AddressLimits* limits, GameMaker make_game, std::optional<ComputerAdmission> admission, RoomClock& clock);

  template <class F>
  void on_strand(F&& f);
  // Runs a task now, or after the events being committed (tasks keep their order).
  template <class F>
  void run(F&& task) {
    queue_.run(std::forward<F>(task));
  }
  // A refusal or a resend goes to `from` alone; events are committed, applied and broadcast.
  void carry_out(match::Decision decision, const Attached* from);
  // Commits the events one by one; each is applied and broadcast once durable. `after` runs once
  // all are (or one failed); `failure_to` is told when the store refused one (the sender's usual
  // `after`, kept without a std::function of its own).
  void commit(std::vector<match::Event> events, std::function<void(bool ok)> after,
              std::shared_ptr<Watcher> failure_to = nullptr);
  // Stores the next event of the commit in flight, or ends the commit when none is left.
  void store_next();
  // The store's answer for it, on the strand.
  void stored();
  void end_commit(bool ok);
  // The game's row as it stands after `event`, when the event changes it.
  std::optional<storage::GameRecord> record_after(const match::Event& event, std::int64_t at_ms) const;
  // `committed`: when a move's event came back durable (for MoveStage::Sent); none for others.
  void broadcast(const match::Event& event, std::optional<MetricsClock::time_point> committed);
  void arm_timer();
  static void send_refusal(Watcher& to, const match::Refusal& refusal);
  // An `error` with `retry_after_s`: a limit, not the game, refused.
  static void send_refusal_with_retry(Watcher& to, std::string_view code, std::string_view message,
                                      AddressLimits::Clock::duration wait);
  void update_idle();
  // The computer seat: thinks when its turn has come, answers offers made to it.
  void think_if_due();
  // A computer game's person gone `abandon_after`: the computer claims the game (as a person
  // would), so a game left open does not hold its place in the pool and its creator's cap for ever.
  void claim_when_abandoned();
  void on_computer_decision(std::optional<match::Command> command);
  void computer_responds(const match::Event& event);
  // Plays the premove of the side to move, if one is queued; returns whether it committed.
  bool play_due_premove();
  // Counts a seat's connections; the match hears when a seat comes or goes, and everyone is told.
  // The watcher that just came is not told: its state says so already.
  void seat_watchers_changed(std::optional<rules::Color> seat, int by, const Watcher* just_came = nullptr);
  // Tells everyone how many spectators there are, when that changed and may be shown (not while
  // the match seals spectators: then the count is told once they are unsealed, at the end).
  void spectators_changed();
  // A rematch agreed: the new game is stored (seats swapped) before the event that names it.
  void start_rematch(const match::Decision& decision, std::shared_ptr<Watcher> from);
  // A rematch asked for (offered or accepted) makes a game on the asker's behalf: it is charged
  // to the asker's address, and against the computer (which accepts at once) takes the new
  // game's admission. false: refused, the asker told why, nothing done.
  bool admit_rematch(const match::Decision& decision, Watcher& asker);
  protocol::Company company() const;

  match::Viewer viewer_for(const std::string& token) const;
  Message state_for(match::Viewer viewer) const;

  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  storage::Store& store_;
  RoomClock& clock_;
  std::unique_ptr<RoomTimer> timer_;
  std::uint64_t timer_generation_ = 0;
  std::unique_ptr<RoomTimer> claim_timer_;  // claim_when_abandoned()

  storage::GameRecord record_;
  std::array<std::string, 2> seat_hash_;  // by colour; empty while the seat is free
  mutable std::mutex seat_mutex_;         // for seat_of(); written on the strand under it
  match::Match match_;
  MetricsClock::time_point command_arrived_{};  // of the command being handled (for observe_move)
  MetricsClock::time_point move_decided_{};     // of the move being committed (MoveStage)

  struct Computer {
    rules::Color seat;
    std::shared_ptr<ComputerPlayer> player;
    bool thinking = false;
    int refusals = 0;  // in a row: a computer whose moves keep being refused resigns
    std::optional<ComputerAdmission> admission = std::nullopt;  // while the game is in play
  };
  ComputerPool* computers_;
  AddressLimits* limits_;
  std::optional<Computer> computer_;
  std::optional<ComputerAdmission> rematch_admission_;  // from the person's offer to the computer's acceptance

  Audience audience_;
  SentLog sent_{kResumableEvents};
  std::atomic<bool> idle_ = false;
  static constexpr std::int64_t kAttended = std::numeric_limits<std::int64_t>::min();
  std::atomic<std::int64_t> unattended_since_ms_ = kAttended;
  std::int64_t seen_ms_ = 0;  // the last connection's coming or going (wall clock; 0: none known)
  std::atomic<bool> in_play_ = false;
  CommitQueue queue_;
  CommitHandoff& handoff_;  // the io_context's
  ChatRate& chat_rate_;     // the io_context's: every room's chat, per address
  // The commit in flight (one at a time: queue_ holds the rest back), kept here rather than in
  // the store's callback, which then holds only the room's address (no allocation).
  struct Committing {
    std::vector<match::Event> events;
    std::size_t index = 0;  // the event being stored
    std::int64_t at_ms = 0;  // its time
    std::function<void(bool ok)> after;
    std::shared_ptr<Watcher> failure_to;
    bool ok = false;  // the store's answer, written on its thread before the hand-over
    std::string error;
    std::shared_ptr<Room> self;  // the room lives until the store has answered (then handed over)
  } committing_;
  GameMaker make_game_;
  std::vector<protocol::ChatLine> chat_;   // the latest storage::kChatKept of each channel
  std::int64_t chat_seq_ = 0;              // the last stored message's number
};

}  // namespace arbiter
