// `arbiter serve`: opens the store, resumes unfinished games, serves HTTP and WebSocket on one
// port until SIGINT/SIGTERM, then stops accepting, closes sockets with 1001 and flushes.
#include <malloc.h>
#include <sys/resource.h>

#include <algorithm>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <csignal>
#include <iostream>
#include <optional>
#include <thread>

#include "app/commands.h"
#include "app/serve_options.h"
#include "app/variants_file.h"
#include "server/api/api.h"
#include "server/cluster/redis_cluster.h"
#include "server/limits/address_limits.h"
#include "server/lobby/lobby.h"
#include "server/metrics/metrics.h"
#include "server/metrics/move_observer.h"
#include "server/net/network.h"
#include "server/net/static_files.h"
#include "server/players/analysis_pool.h"
#include "server/players/computer_pool.h"
#include "server/players/thread_priority.h"
#include "server/rooms/registry.h"
#include "server/rooms/security.h"
#include "storage/store.h"
#include "storage/wall_clock.h"


namespace arbiter {
namespace {

// A computer move still thinking this long is stopped: twice the longest budget (level 8's 1 s; a
// first iteration may run to twice its limit) and a margin. Never shortened when others wait.
constexpr auto kThinkingGuard = std::chrono::milliseconds(2500);

constexpr auto kShutdownGrace = std::chrono::seconds(3);
constexpr auto kEvictionPeriod = std::chrono::seconds(60);
// How often the store learns the server is alive: a restart charges thinking time up to then.
constexpr auto kHeartbeatPeriod = std::chrono::seconds(1);
// Descriptors kept back from connections: stdio, the listeners, SQLite's files, epoll and timers,
// and a static file being read.
constexpr std::size_t kSpareDescriptors = 64;
constexpr std::size_t kMinConnections = 16;

// Adds the variants of --variants to the built-ins, before anything reads the list. False after
// printing every error of the file: nothing is served half-configured.
bool add_operator_variants(const std::string& path) {
  LoadedVariants loaded = read_variants_file(path);
  const auto& errors = loaded.file.errors;
  for (std::size_t i = 0; i < errors.size(); ++i) std::cerr << "arbiter serve: " << loaded.error(i) << "\n";
  if (!errors.empty()) {
    std::cerr << "arbiter serve: " << errors.size() << (errors.size() == 1 ? " error" : " errors") << " in " << path
              << ": not serving\n";
    return false;
  }
  std::string names;
  for (const rules::Variant& v : loaded.file.variants) names += (names.empty() ? "" : ", ") + v.name;
  std::cout << "arbiter: " << loaded.file.variants.size() << " variants from " << path << (names.empty() ? "" : ": ") << names
            << std::endl;
  rules::add_variants(std::move(loaded.file.variants));
  return true;
}

// Raises the soft open-file limit to the hard one (a login shell's 1,024 is far below what a
// game server needs) and returns the soft limit in force.
std::size_t raise_descriptor_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  return limit.rlim_cur == RLIM_INFINITY ? 1'000'000 : static_cast<std::size_t>(limit.rlim_cur);
}

// Stops the io_context once every WebSocket has closed, or after the grace period.
void stop_when_drained(boost::asio::io_context& io, Services& services, std::shared_ptr<boost::asio::steady_timer> timer,
                       std::chrono::steady_clock::time_point deadline) {
  if (services.websockets.load() == 0 || std::chrono::steady_clock::now() >= deadline) return io.stop();
  timer->expires_after(std::chrono::milliseconds(20));
  timer->async_wait([&io, &services, timer, deadline](boost::system::error_code) {
    stop_when_drained(io, services, timer, deadline);
  });
}

void evict_periodically(Registry& registry, std::chrono::milliseconds period, std::shared_ptr<boost::asio::steady_timer> timer) {
  timer->expires_after(period);
  timer->async_wait([&registry, period, timer](boost::system::error_code ec) {
    if (ec) return;
    // glibc keeps freed memory for reuse; after many rooms go (a flood of games nobody
    // joined), give it back so the server's size follows the games in play.
    if (registry.evict_idle() > 0) malloc_trim(0);
    evict_periodically(registry, period, timer);
  });
}

void heartbeat(storage::Store& store, std::shared_ptr<boost::asio::steady_timer> timer) {
  store.mark_alive(wall_clock_ms(), nullptr);
  timer->expires_after(kHeartbeatPeriod);
  timer->async_wait([&store, timer](boost::system::error_code ec) {
    if (!ec) heartbeat(store, timer);
  });
}

// An io_context whose pending handlers (sessions still reading, timers) can be destroyed before
// what they point to: they hold counters, strands and rooms declared after the context, which
// would otherwise be gone when its destructor destroys them (found by the sanitized e2e run).
struct ServeContext : boost::asio::io_context {
  using boost::asio::io_context::io_context;
  using boost::asio::io_context::shutdown;
};

}  // namespace

int serve_command(const Args& args) {
  auto options = parse_serve_options(args);
  if (!options) return 2;
  if (!options->variants.empty() && !add_operator_variants(options->variants)) return 2;

  Limits limits;
  std::size_t descriptors = raise_descriptor_limit();
  std::size_t fitting = std::max(kMinConnections, descriptors > kSpareDescriptors ? descriptors - kSpareDescriptors : 0);
  limits.max_connections = options->max_connections.value_or(fitting);
  if (limits.max_connections > fitting)
    std::cerr << "arbiter: warning: --max-connections " << limits.max_connections << " is more than the open-file limit ("
              << descriptors << ") allows; accepting will pause while descriptors run out\n";
  limits.reserved_for_players = std::min(limits.max_connections, options->reserved_for_players.value_or(limits.max_connections / 10));
  limits.spectator_idle_timeout = options->spectator_idle;
  limits.header_timeout = options->header_timeout;
  limits.message_timeout = options->message_timeout;
  limits.messages_per_second = options->connection_messages_per_second;
  limits.message_burst = options->connection_message_burst;

  security::set_node(options->node);
  Metrics metrics;
  move_observer() = {[&metrics](std::chrono::steady_clock::duration took) { metrics.move_handled(took); },
                     [&metrics](MoveStage stage, std::chrono::steady_clock::duration took) { metrics.move_stage(stage, took); }};
  ServeContext io(static_cast<int>(options->threads));
  auto store = storage::Store::open(options->db);
  store->on_commit([&metrics](const storage::CommitReport& report) { metrics.committed(report); });
  // Before the pool: a job's room, let go as the pool stops, gives back its lease here.
  AddressLimits address_limits(options->address_limits);
  ComputerPool computers(io, options->computer_threads, kThinkingGuard,
                         [&metrics](int level, std::chrono::steady_clock::duration took, bool cut_short) {
                           metrics.computer_thought(level, took, cut_short);
                         },
                         options->computer_priority);
  options->analysis.priority.idle = options->computer_priority.idle;
  Registry registry(io, *store, options->waits, &computers, &address_limits);
  AnalysisPool analyses(*store, options->analysis,
                        [&metrics](AnalysisPool::Outcome outcome, std::chrono::steady_clock::duration took, int) {
                          metrics.analysis_ended(outcome == AnalysisPool::Outcome::Stored    ? "stored"
                                                 : outcome == AnalysisPool::Outcome::Stopped ? "stopped"
                                                                                             : "failed",
                                                 took);
                        });
  std::size_t resumed = registry.restore();  // reads the last alive mark: before any heartbeat
  malloc_trim(0);  // the games in play were all read to sort them: most were let go
  auto heartbeat_timer = std::make_shared<boost::asio::steady_timer>(io);
  heartbeat(*store, heartbeat_timer);
  // Declared before the Api and the Lobby that use it; started once they exist.
  std::function<std::size_t()> online;
  std::optional<RedisCluster> cluster;
  if (options->redis)
    cluster.emplace(io, options->node, options->redis->first, options->redis->second, *store, registry, [&online] { return online(); },
                    address_limits, metrics);
  if (cluster) address_limits.share(&*cluster);
  Api api(registry, *store, address_limits, metrics, cluster ? &*cluster : nullptr, &analyses);
  StaticFiles files(options->web);
  Services services{registry, api, files, limits, address_limits, metrics, *store, options->trusted_proxy};
  online = [&services] { return services.websockets.load(); };
  Lobby lobby(io, registry, address_limits, make_memory_seek_board(), online, options->lobby);
  services.lobby = &lobby;
  if (cluster) {
    lobby.share(&*cluster);
    cluster->start(lobby);
  }
  lobby.start();
  Listener listener(io, services, options->bind, options->port);
  listener.start();
  std::optional<Listener> metrics_listener;
  if (options->metrics) {
    metrics_listener.emplace(io, services, options->metrics->first, options->metrics->second, Serving::MetricsOnly);
    metrics_listener->start();
  }

  // Often enough that a short invitation or desertion (tests) ends in the store soon after it is due.
  const auto shortest_wait = std::min(options->waits.invitation, options->waits.deserted_after);
  const auto eviction_period = std::clamp(std::chrono::duration_cast<std::chrono::milliseconds>(shortest_wait / 4),
                                          std::chrono::milliseconds(250), std::chrono::milliseconds(kEvictionPeriod));
  auto eviction_timer = std::make_shared<boost::asio::steady_timer>(io);
  evict_periodically(registry, eviction_period, eviction_timer);

  boost::asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code ec, int) {
    if (ec) return;
    std::cout << "arbiter: shutting down" << std::endl;
    api.shutting_down();
    analyses.stop();  // an analysis under way is dropped, not stored: it can be asked for again
    if (cluster) cluster->stop();  // the others drop this node's lists and seeks as its keys expire
    listener.stop();
    if (metrics_listener) metrics_listener->stop();
    lobby.stop();
    heartbeat_timer->cancel();
    registry.close_all();
    stop_when_drained(io, services, std::make_shared<boost::asio::steady_timer>(io),
                      std::chrono::steady_clock::now() + kShutdownGrace);
  });

  std::cout << "arbiter: listening on http://" << options->bind << ":" << listener.port() << " (db " << options->db
            << ", " << resumed << " games resumed, web " << files.root().string() << ", up to " << limits.max_connections
            << " connections, " << limits.reserved_for_players << " kept for players, address limits "
            << (options->address_limits.enabled ? "on" : "off") << ")" << std::endl;
  if (cluster)
    std::cout << "arbiter: node " << options->node << ", sharing the lobby and lists through Redis at " << options->redis->first
              << ":" << options->redis->second << std::endl;
  if (metrics_listener)
    std::cout << "arbiter: metrics on http://" << options->metrics->first << ":" << metrics_listener->port() << "/metrics"
              << std::endl;

  std::vector<std::thread> threads;
  for (unsigned i = 1; i < options->threads; ++i) threads.emplace_back([&io] { io.run(); });
  io.run();
  for (auto& thread : threads) thread.join();
  io.shutdown();  // the handlers left (idle sessions) go while what they point to still lives
  store->mark_alive(wall_clock_ms(), nullptr);  // the clocks stopped being watched now
  store->close();
  move_observer() = {};
  std::cout << "arbiter: stopped" << std::endl;
  return 0;
}

}  // namespace arbiter
