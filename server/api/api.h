#pragma once
// The JSON routes under /api/, free of any network type: a request in, a response out
// (asynchronously, since creating and joining wait for the store).
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/limits/address_limits.h"
#include "server/metrics/metrics.h"
#include "server/players/analysis_pool.h"
#include "server/rooms/registry.h"
#include "storage/store.h"

namespace arbiter {

struct HttpRequest {
  std::string method;  // "GET", "POST", ...
  std::string target;  // path and query
  std::string body;
  std::string authorization;  // the Authorization header, if any
  std::string client;         // the client's address key (see client_address.h), for rate limits
};

struct HttpResponse {
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string allow;  // for 405
  unsigned retry_after_s = 0;  // for 429 and 503: sent as Retry-After when set
};

// The lists of every node's games, when several nodes share them (server/cluster/redis_cluster.h).
class SharedLists {
 public:
  virtual ~SharedLists() = default;
  // The list items (as list_items() makes them) of every live node, any order; nullopt when the
  // shared store cannot be read.
  virtual std::optional<std::vector<nlohmann::json>> games(bool playing) const = 0;
};

// The items of GET /api/games for this node's games, newest first.
nlohmann::json list_items(storage::Store& store, Registry& registry, const storage::GameQuery& query);

class Api {
 public:
  // `shared`: GET /api/games lists every node's games from there (none: this node's).
  // `analyses`: where games are analysed (none: the analysis routes answer 404).
  Api(Registry& registry, storage::Store& store, AddressLimits& limits, Metrics& metrics, const SharedLists* shared = nullptr,
      AnalysisPool* analyses = nullptr);
  static bool handles(std::string_view target);
  // From now on GET /healthz answers 503: a front stops sending new requests here.
  void shutting_down() { shutting_down_ = true; }
  // `done` runs exactly once, on any thread. A store that throws is answered 500.
  void handle(const HttpRequest& request, std::function<void(HttpResponse)> done);

 private:
  void create_game(const HttpRequest& request, std::function<void(HttpResponse)> done);
  void store_game(const protocol::CreateGameRequest& create, std::optional<ComputerAdmission> admission,
                  std::function<void(HttpResponse)> done);
  // Runs `step` (part of answering `request`), answering 500 if the store throws in it.
  void guarded(const HttpRequest& request, const std::function<void(HttpResponse)>& done, const std::function<void()>& step);
  void join(const HttpRequest& request, const std::string& code, std::function<void(HttpResponse)> done);
  void invitation(const std::string& code, std::function<void(HttpResponse)> done);
  void join_game(const HttpRequest& request, const std::string& id, std::function<void(HttpResponse)> done);
  void list_games(const HttpRequest& request, std::function<void(HttpResponse)> done);
  void health(std::function<void(HttpResponse)> done);
  void game(const std::string& id, const HttpRequest& request, std::function<void(HttpResponse)> done);
  void pgn(const std::string& id, std::function<void(HttpResponse)> done);
  void analysis(const std::string& id, std::function<void(HttpResponse)> done);
  void start_analysis(const HttpRequest& request, const std::string& id, std::function<void(HttpResponse)> done);
  // The stored analysis as served, if there is one.
  std::optional<HttpResponse> stored_analysis(const std::string& id);
  // The analysis under way, if there is one (`status`: 200 for GET, 202 for POST).
  std::optional<HttpResponse> analysis_under_way(const std::string& id, unsigned status);

  void route(const HttpRequest& request, std::function<void(HttpResponse)> done);
  // A 429 for `client` if it has created (or joined) too often lately.
  std::optional<HttpResponse> too_often(std::optional<AddressLimits::Clock::duration> wait, Refusal refusal);

  Registry& registry_;
  storage::Store& store_;
  AddressLimits& limits_;
  Metrics& metrics_;
  const SharedLists* shared_;
  AnalysisPool* analyses_;
  std::atomic<bool> shutting_down_{false};
};

HttpResponse error_response(unsigned status, std::string_view code, std::string_view message);

}  // namespace arbiter
