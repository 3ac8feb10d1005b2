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

#include "server/api.h"
#include "server/lobby.h"
#include "server/redis_client.h"

namespace arbiter {

class RedisCluster : public SharedLists, public SharedLobby {
 public:
  static constexpr auto kBeat = std::chrono::milliseconds(1000);
  static constexpr auto kExpiry = std::chrono::milliseconds(3000);
  // Each node publishes this many of its newest games of each list: the shared lists reach back
  // that far on every node.
  static constexpr int kPublishedGames = 100;

  // `online`: this node's people connected.
  RedisCluster(boost::asio::io_context& io, std::string node, std::string host, unsigned short port,
               storage::Store& store, Registry& registry, std::function<std::size_t()> online);
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

 private:
  struct NodeView {
    std::size_t online = 0, games = 0;
    std::vector<nlohmann::json> playing, finished;
  };

  void beat();
  void read_view();
  void published(const std::string& channel, const std::string& payload);
  bool fresh() const;  // the view was read lately: Redis answers

  boost::asio::io_context& io_;
  std::string node_;
  storage::Store& store_;
  Registry& registry_;
  std::function<std::size_t()> online_;
  RedisClient commands_, subscriber_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  Lobby* lobby_ = nullptr;
  bool stopped_ = false;  // the strand's

  mutable std::mutex mutex_;  // guards what follows
  std::map<std::string, NodeView> nodes_;
  std::map<std::string, SharedSeek> seeks_;  // every node's, by id
  // Seeks taken lately: a view read before their removal does not bring them back.
  std::map<std::string, std::chrono::steady_clock::time_point> removed_;
  std::optional<std::chrono::steady_clock::time_point> viewed_at_;
};

}  // namespace arbiter
