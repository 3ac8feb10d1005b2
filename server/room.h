#pragma once
// One game: its state machine, its clock timer and its watchers, all on one strand, so games
// never wait on each other. Every change is an event that is committed to the store before it
// is applied and sent; while one commits, later commands wait in order in the room's queue.
#include <array>
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json_fwd.hpp>

#include "protocol/messages.h"
#include "protocol/views.h"
#include "rules/game.h"
#include "rules/kriegspiel.h"
#include "server/game_clock.h"
#include "server/watcher.h"
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

class Room : public std::enable_shared_from_this<Room> {
 public:
  // Rebuilds the game by replaying its stored events; throws std::runtime_error if they do not
  // replay (unknown variant, bad FEN, an illegal move, a gap in v).
  Room(boost::asio::io_context& io, storage::Store& store, storage::StoredGame stored);
  // Arms the clock timer; finishes a join that crashed between its seat and its event.
  void start();

  const std::string& id() const { return id_; }
  // Finished, with nobody watching: the registry may drop it (the store has it all).
  bool idle() const { return idle_.load(); }

  // All of these are thread-safe: they run on the room's strand.
  void attach(std::shared_ptr<Watcher> watcher, std::string token);
  void detach(std::shared_ptr<Watcher> watcher);
  void command(std::shared_ptr<Watcher> watcher, protocol::ClientCommand command);
  void join(std::function<void(JoinOutcome)> done);
  void describe(std::string token, std::function<void(nlohmann::json)> done);
  // The PGN, or nullopt while the game may not be shown yet (a live hidden game).
  void pgn(std::function<void(std::optional<std::string>)> done);
  void close_watchers();
  // The seat this token holds, if any. Thread-safe without the strand (the network asks it before
  // admitting a socket: seats keep connection slots reserved for them).
  std::optional<rules::Color> seat_of(const std::string& token) const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Attached {
    std::shared_ptr<Watcher> watcher;
    protocol::Viewer viewer;
  };
  struct LastMove {
    std::int64_t ply;
    std::string move;
    protocol::Viewer mover;
    std::array<std::shared_ptr<const std::string>, 3> messages;  // as each viewer got it
  };

  template <class F>
  void on_strand(F&& f);
  // Runs a command now, or after the event being committed (commands keep their order).
  void run(std::function<void()> task);
  void drain();
  // Commits the events one by one; each is applied and broadcast once durable.
  void commit(std::vector<protocol::Event> events, std::function<void(bool ok)> after);
  void commit_next(std::shared_ptr<std::vector<protocol::Event>> events, std::size_t index,
                   std::function<void(bool ok)> after);
  void apply(const protocol::Event& event, std::int64_t at_ms, Clock::time_point sent);
  storage::GameRecord record_after(const protocol::Event& event, std::int64_t at_ms) const;
  void broadcast(const protocol::Event& event);

  void on_command(const Attached& from, const protocol::ClientCommand& command);
  void on_move(const Attached& from, const protocol::MoveCommand& move);
  // Kriegspiel: a try (past on_move's checks) and "Are there any?", answered by the umpire.
  void on_try(const Attached& from, const std::string& uci, rules::Color mover, std::int64_t ply,
              Clock::time_point now);
  void on_any(const Attached& from);
  // Kriegspiel: the umpire hears a stored act again; it must answer as it did then.
  void apply_umpire(const protocol::Event& event);
  void on_resign(const Attached& from);
  void on_draw(const Attached& from);
  void on_abort(const Attached& from);
  // Ends the game of the side whose time ran out; a draw if the other cannot mate.
  void flag(Clock::time_point now);
  void arm_flag_timer();
  // Errors out (and returns false) unless `from` holds a seat of a game in progress.
  bool check_player(const Attached& from);
  void reply_error(const Attached& to, std::string_view code, std::string_view message);
  // For commit(): tells the sender when the store refused their event.
  std::function<void(bool)> report_failure(const Attached& from) const;
  void update_idle();

  protocol::Viewer viewer_for(const std::string& token) const;
  protocol::GameSnapshot snapshot(Clock::time_point now) const;
  std::optional<protocol::ClockTimes> clock_times(Clock::time_point now) const;
  const Attached* find(const std::shared_ptr<Watcher>& watcher) const;

  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  storage::Store& store_;
  boost::asio::steady_timer flag_timer_;
  std::uint64_t flag_generation_ = 0;

  std::string id_;
  storage::GameRecord record_;
  std::array<std::string, 2> seat_hash_;  // by colour; empty while the seat is free
  mutable std::mutex seat_mutex_;          // for seat_of(); written on the strand under it
  rules::Game game_;
  std::optional<rules::Umpire> umpire_;  // Kriegspiel: the umpire, whose game game_ copies
  std::int64_t v_ = 0;
  std::optional<GameClock> clock_;
  std::optional<rules::Color> draw_offer_;
  std::array<bool, 2> moved_{};  // whether each side has made a move (abort is allowed until both have)
  std::optional<LastMove> last_move_;
  Clock::time_point command_arrived_{};  // of the command being handled (for observe_move)

  std::vector<Attached> watchers_;
  bool busy_ = false;
  std::atomic<bool> idle_ = false;
  std::deque<std::function<void()>> queue_;
};

}  // namespace arbiter
