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
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "protocol/lobby_messages.h"
#include "server/limits/address_limits.h"
#include "server/rooms/registry.h"
#include "server/rooms/watcher.h"

namespace arbiter {

class SocketPeer;

using LobbyClock = std::chrono::steady_clock;

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
  Lobby(boost::asio::io_context& io, Registry& registry, AddressLimits& limits, std::unique_ptr<SeekBoard> board,
        std::function<std::size_t()> online, LobbySettings settings = {});
  // Before start(): seeks, accepts and the counts go through `shared` (none: this server's own).
  void share(SharedLobby* shared) { shared_ = shared; }
  void start();
  void stop();
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

 private:
  // A seek taken while its creator was away: told when they reclaim it.
  // Also the taker's seat, for a taker repeating its accept with its own secret.
  // While its game is being stored, `game` is empty and repeats wait in `waiting`.
  struct Match {
    std::string game, color, creator_hash;
    LobbyClock::time_point at;
    std::string taker_color, taker_hash;
    std::vector<std::pair<std::uint64_t, std::string>> waiting;  // member, and a taker's secret ("": the creator)
  };
  // The "matched" a repeat gets: a taker's (with its secret), or the creator's ("").
  static std::string matched_message(const Match& match, const std::string& seek, const std::string& taker_secret);

  // A lobby socket, and the last update sent to it: while that is still queued (not yet
  // written), the socket is behind and gets the next snapshot instead of more updates.
  struct Member {
    std::shared_ptr<Watcher> connection;
    std::string browser;
    std::weak_ptr<const std::string> unsent;
    bool missed = false;  // skipped an update: its next message is a snapshot
  };

  // Stores the game of a taken seek and tells both players (the creator maybe on another node).
  void create_game(std::uint64_t member, OpenSeek seek, std::string token, std::vector<storage::SeatRecord> seats);
  // A cluster's accept: the seek is claimed from every node first.
  void claim_and_create(std::uint64_t member, const std::string& id, std::string token, std::string name);
  void tick();
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
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  LobbyClock::time_point next_sweep_;  // the strand's: expiries and the counts, every sweep_every
  bool stopped_ = false;               // the strand's
  std::atomic<std::uint64_t> next_member_ = 1;
  AddressLimits& limits_;

  std::mutex mutex_;  // guards what follows
  std::unordered_map<std::uint64_t, Member> members_;
  std::unordered_map<std::string, Match> matched_;
  // As of the last tick: what every member has (or will have, once its queue drains).
  std::vector<protocol::Seek> window_;
  std::size_t online_shown_ = 0, games_shown_ = 0, total_shown_ = 0;
  std::shared_ptr<const std::string> snapshot_;
};

}  // namespace arbiter
