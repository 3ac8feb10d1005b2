#pragma once
// What the nodes of a cluster (`arbiter serve --node NAME --redis HOST:PORT`) share through
// Redis: the lobby's seeks, the lists of games and the counts. Each game stays on its node.
//
// Every second a node writes its counts and its newest games of each list to its own key
// (arbiter:node:NAME) and refreshes the expiry of that key and of its seeks' (arbiter:seeks:NAME),
// then reads every node's: a node that stops refreshing drops out of the lists, counts and lobby
// once its keys expire (kExpiry). Seeks also travel at once over the channel arbiter:lobby, and a
// seek is taken by one Lua script (read and delete): of concurrent claims on any nodes exactly one
// gets it. The winner's node makes the game and tells the seek's node (channel arbiter:node:NAME).
//
// The per-address limits are kept here too (SharedLimits): each address's creation bucket
// (arbiter:creates:ADDRESS) and each node's computer games in play by address
// (arbiter:computer:NAME, rewritten every beat). Every key a node writes expires.
//
// What is read is checked: a node key without an expiry or of another type, and list items of
// another shape, are skipped (and said, see redis_checks.h). A heartbeat is not sent while the
// last is unanswered (RedisClient's timeout bounds that); the lists count as unreadable while
// this node's own heartbeat fails (Redis full, say): they would miss this node's games.
#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "server/api/api.h"
#include "server/cluster/redis_checks.h"
#include "server/cluster/redis_client.h"
#include "server/limits/address_limits.h"
#include "server/limits/shared_limits.h"
#include "server/lobby/lobby.h"
#include "server/metrics/metrics.h"

namespace arbiter {

class RedisCluster : public SharedLists, public SharedLobby, public SharedLimits {
 public:
  static constexpr auto kBeat = std::chrono::milliseconds(1000);
  static constexpr auto kExpiry = std::chrono::milliseconds(3000);
  // Each node publishes this many of its newest games of each list: the shared lists reach back
  // that far on every node.
  static constexpr int kPublishedGames = 100;

  // `online`: this node's people connected.
  RedisCluster(boost::asio::io_context& io, std::string node, std::string host, unsigned short port,
               storage::Store& store, Registry& registry, std::function<std::size_t()> online, AddressLimits& limits,
               Metrics& metrics);
  // `lobby` hears of its seeks taken on other nodes.
  void start(Lobby& lobby);
  void stop();

  std::optional<std::vector<nlohmann::json>> games(bool playing) const override;

  void offer(const SharedSeek& seek, std::function<void(bool)> done) override;
  void claim(const std::string& id, std::function<void(Claim, std::optional<SharedSeek>)> done) override;
  void tell_matched(const std::string& seek_id, const std::string& game, const std::string& color) override;
  std::vector<protocol::Seek> newest(std::size_t n) const override;
  std::size_t size() const override;
  std::optional<SharedSeek> find(const std::string& id) const override;
  std::optional<std::pair<std::size_t, std::size_t>> counts() const override;

  void take_create(const std::string& address, double per_second, double burst,
                   std::function<void(std::optional<Take>)> done) override;
  void hold_computer_games(const std::string& address, std::size_t held, std::size_t cap,
                           std::function<void(std::optional<bool>)> done) override;
  std::size_t nodes() const override;

 private:
  struct NodeView {
    std::size_t online = 0, games = 0;
    std::vector<nlohmann::json> playing, finished;
  };

  void beat();
  void publish_computer_games();
  void read_view();
  std::vector<nlohmann::json> read_items(const std::string& node, const std::string& text, bool playing);
  // A failed command's trouble said and counted; true if it failed.
  bool failed(const std::optional<RedisReply>& reply, std::string_view what);
  void published(const std::string& channel, const std::string& payload);
  bool fresh() const;  // the view was read lately: Redis answers

  boost::asio::io_context& io_;
  std::string node_;
  storage::Store& store_;
  Registry& registry_;
  std::function<std::size_t()> online_;
  AddressLimits& limits_;
  Metrics& metrics_;
  RedisTroubles troubles_;
  RedisClient commands_, subscriber_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  Lobby* lobby_ = nullptr;
  bool stopped_ = false;  // the strand's
  std::atomic<bool> beat_unanswered_{false};
  std::uint64_t timeouts_seen_ = 0;  // the strand's: of commands_.timeouts(), those counted

  mutable std::mutex mutex_;  // guards what follows
  std::map<std::string, NodeView> nodes_;
  std::map<std::string, SharedSeek> seeks_;  // every node's, by id
  // Seeks taken lately: a view read before their removal does not bring them back.
  std::map<std::string, std::chrono::steady_clock::time_point> removed_;
  std::optional<std::chrono::steady_clock::time_point> viewed_at_;
  std::optional<std::chrono::steady_clock::time_point> written_at_;  // this node's last heartbeat stored
};

}  // namespace arbiter
