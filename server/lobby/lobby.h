#pragma once
// The lobby: open games (seeks) anyone may take, live over /ws/lobby with the number of people
// on and games in play. Its state is the seek board, small and behind one interface, which the
// servers of a cluster share through Redis (--redis); the Lobby is this server's fan-out to its
// connections: one update a tick to each, never a message per change per connection.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "protocol/lobby_messages.h"
#include "server/limits/address_limits.h"
#include "server/lobby/matches.h"
#include "server/rooms/registry.h"
#include "server/rooms/watcher.h"

namespace arbiter {

class SocketPeer;

using LobbyClock = std::chrono::steady_clock;
// What the lobby reads the time from: the clock, or a test's hand.
using LobbyNow = std::function<LobbyClock::time_point()>;

struct OpenSeek {
  protocol::Seek seek;
  std::string creator_hash;  // the creator's seat token, hashed: given at once, good for the game
  std::uint64_t owner = 0;   // the creator's lobby connection
  std::string browser;       // the owner's browser id ("": none given): it may not take its own seek
  std::optional<LobbyClock::time_point> owner_gone_since;
  std::uint64_t order = 0;   // set by the board on first add: a seek put back keeps its place
};

class SeekBoard {
 public:
  virtual ~SeekBoard() = default;
  // A seek put back (its game not stored) returns to its place in the order.
  virtual void add(OpenSeek seek) = 0;
  // Removes the seek and hands it over: of concurrent takers exactly one gets it. With `owner`,
  // only that connection's seek is taken (a cancel).
  virtual std::optional<OpenSeek> take(const std::string& id, std::optional<std::uint64_t> owner = std::nullopt) = 0;
  virtual std::optional<OpenSeek> find(const std::string& id) const = 0;
  // The `n` newest seeks, newest first.
  virtual std::vector<protocol::Seek> newest(std::size_t n) const = 0;
  virtual std::size_t size() const = 0;
  virtual std::size_t count_of(std::uint64_t owner) const = 0;
  // The owner's connection closed: its seeks wait for it a while.
  virtual void owner_gone(std::uint64_t owner, LobbyClock::time_point now) = 0;
  // The creator is back on connection `owner` (proved by the seek's token hash).
  virtual bool reclaim(const std::string& id, const std::string& creator_hash, std::uint64_t owner, const std::string& browser) = 0;
  // Removes the seeks whose owner has been gone since before `cutoff`; returns their ids.
  virtual std::vector<std::string> expire(LobbyClock::time_point cutoff) = 0;
};

// A seek as every node of a cluster sees it: what it shows, and what taking it needs.
struct SharedSeek {
  protocol::Seek seek;
  std::string creator_hash;
  std::string browser;  // the creator's: it may not take its own seek on another node either
};

// The seeks of all the nodes of a cluster (server/cluster/redis_cluster.h). Without it, a lobby's seeks
// are its own server's. Callbacks run on any thread.
class SharedLobby {
 public:
  enum class Claim { Won, Gone, Unavailable };
  virtual ~SharedLobby() = default;
  // Shows this node's new seek to every node; `done(false)`: the shared store is unreachable.
  virtual void offer(const SharedSeek& seek, std::function<void(bool)> done) = 0;
  // Withdraws a seek from every node: of concurrent claims on all nodes exactly one is Won.
  virtual void claim(const std::string& id, std::function<void(Claim, std::optional<SharedSeek>)> done) = 0;
  // Tells the node of seek `seek_id` that its creator plays `color` in `game`.
  virtual void tell_matched(const std::string& seek_id, const std::string& game, const std::string& color) = 0;
  // As SeekBoard's, over every node.
  virtual std::vector<protocol::Seek> newest(std::size_t n) const = 0;
  virtual std::size_t size() const = 0;
  virtual std::optional<SharedSeek> find(const std::string& id) const = 0;
  // People online and games in play on every node; nullopt while unknown.
  virtual std::optional<std::pair<std::size_t, std::size_t>> counts() const = 0;
};

std::unique_ptr<SeekBoard> make_memory_seek_board();

// Someone taking a seek: their lobby connection, and the seat token they will hold.
struct Taker {
  std::uint64_t member = 0;
  std::string secret;  // their own (a repeat of an accept), or a new one
  std::string hash;    // the secret's
  std::string name;
};

struct LobbySettings {
  std::chrono::milliseconds owner_grace{10000};  // a seek outlives its creator's connection this long
  std::chrono::milliseconds sweep_every{1000};
  // Changes reach each socket at most once a tick, as one update: live enough for people, and a
  // burst of N seeks over N sockets costs N messages a tick, not N².
  std::chrono::milliseconds tick{150};
  std::size_t shown_seeks = 50;  // the window: the newest this many; the rest are only counted
  std::size_t max_seeks_per_connection = 3;
  double seeks_per_second = 0.5;
  double seek_burst = 3;
};

class Lobby {
 public:
  // `online`: how many people are connected to this server (lobby and games).
  // `limits`: an accepted seek makes a game and charges the taker's creation budget.
  // `now`: the time its expiries, its matches and the takers' creation budgets are reckoned by.
  Lobby(boost::asio::io_context& io, Registry& registry, AddressLimits& limits, std::unique_ptr<SeekBoard> board,
        std::function<std::size_t()> online, LobbySettings settings = {}, LobbyNow now = LobbyClock::now);
  // Before start(): seeks, accepts and the counts go through `shared` (none: this server's own).
  void share(SharedLobby* shared) { shared_ = shared; }
  // Ticks every settings().tick on its strand until stop().
  void start();
  void stop();
  // One tick: expiries and the counts (every sweep_every), then each connection's update. Run by
  // start()'s timer; called directly only where nothing else runs it (a test driving the lobby).
  void tick();
  // A new connection's peer. `browser`: the id the page keeps for its browser (server/lobby/seek_record.h),
  // "" if none: two sockets of one browser are one person, whatever their addresses.
  std::unique_ptr<SocketPeer> peer(std::string browser);

  // For the peers.
  void opened(std::uint64_t member, std::shared_ptr<Watcher> connection, std::string browser);
  void closed(std::uint64_t member);
  void seek(std::uint64_t member, protocol::CreateGameRequest game);
  void cancel(std::uint64_t member, const std::string& id);
  void accept(std::uint64_t member, const protocol::AcceptSeekCommand& accept);
  void reclaim(std::uint64_t member, const protocol::ReclaimSeekCommand& reclaim);
  void send_to(std::uint64_t member, std::string text);
  // A seek of this node was taken on another: its creator plays `color` in `game`.
  void matched_elsewhere(const std::string& seek_id, const std::string& game, const std::string& color);
  const LobbySettings& settings() const { return settings_; }
  LobbyClock::time_point now() const { return now_(); }

 private:
  // A lobby socket, and the last update sent to it: while that is still queued (not yet
  // written), the socket is behind and gets the next snapshot instead of more updates.
  struct Member {
    std::shared_ptr<Watcher> connection;
    std::string browser;
    std::weak_ptr<const std::string> unsent;
    bool missed = false;  // skipped an update: its next message is a snapshot
  };

  // The steps of an accept (server/lobby/lobby_accept.cpp). First, under the mutex, what it comes
  // to: nothing to say (the taker's connection is gone, or it waits for its game being stored),
  // an answer at once, a cluster's claim to make, or the seek taken here with its two seats.
  struct ClaimShared {};
  struct Taken {
    OpenSeek seek;
    std::vector<storage::SeatRecord> seats;
  };
  using AcceptStep = std::variant<std::monostate, std::string, ClaimShared, Taken>;
  AcceptStep take_seek(const Taker& taker, const std::string& id);
  // The seek `id` if it is open here or (in a cluster) on another node; under the mutex.
  std::optional<OpenSeek> open_seek(const std::string& id) const;
  // A cluster's accept: the seek is claimed from every node first.
  void claim_and_create(const Taker& taker, const std::string& id);
  // Stores the game of a taken seek; then tells both players, or puts the seek back.
  void create_game(const Taker& taker, OpenSeek seek, std::vector<storage::SeatRecord> seats);
  void tell_matched(const Taker& taker, const OpenSeek& seek, const Match& match);
  void put_back(const Taker& taker, OpenSeek seek, const Match& match);
  void sweep(LobbyClock::time_point now);
  // Sends a lobby message to one member, remembering it until the socket has written it.
  static void deliver(Member& member, const std::shared_ptr<const std::string>& text);
  std::string snapshot_message(const std::vector<protocol::Seek>& window, std::size_t online, std::size_t games) const;

  boost::asio::io_context& io_;
  Registry& registry_;
  std::unique_ptr<SeekBoard> board_;  // this server's seeks
  SharedLobby* shared_ = nullptr;
  std::function<std::size_t()> online_;
  LobbySettings settings_;
  LobbyNow now_;
  AddressLimits& limits_;
  std::atomic<std::uint64_t> next_member_ = 1;

  // Two guards for two kinds of caller. The strand runs the timer's ticks one at a time, so what
  // only a tick touches (below) needs no lock. The connections call in on their own strands, many
  // at once, and so do the store's and a cluster's callbacks: what they share with each other and
  // with the tick is under the mutex. The board locks itself; taking a seek from it and recording
  // who took it happen under the mutex together, so that a repeated accept finds one or the other.
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  LobbyClock::time_point next_sweep_;  // the tick's: expiries and the counts, every sweep_every
  bool stopped_ = false;               // the tick's

  std::mutex mutex_;  // guards what follows
  std::unordered_map<std::uint64_t, Member> members_;
  Matches matches_;
  // As of the last tick: what every member has (or will have, once its queue drains).
  std::vector<protocol::Seek> window_;
  std::size_t online_shown_ = 0, games_shown_ = 0, total_shown_ = 0;
  std::shared_ptr<const std::string> snapshot_;
};

}  // namespace arbiter
