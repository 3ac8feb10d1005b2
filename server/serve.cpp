// `arbiter serve`: opens the store, resumes unfinished games, serves HTTP and WebSocket on one
// port until SIGINT/SIGTERM, then stops accepting, closes sockets with 1001 and flushes.
#include <malloc.h>
#include <sys/resource.h>

#include <algorithm>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <charconv>
#include <csignal>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <thread>

#include "server/address_limits.h"
#include "server/analysis_pool.h"
#include "server/api.h"
#include "server/client_address.h"
#include "server/commands.h"
#include "server/computer_pool.h"
#include "server/metrics.h"
#include "server/move_observer.h"
#include "server/lobby.h"
#include "server/network.h"
#include "server/redis_cluster.h"
#include "server/registry.h"
#include "server/security.h"
#include "server/static_files.h"
#include "server/thread_priority.h"
#include "server/variants_file.h"
#include "server/wall_clock.h"
#include "storage/store.h"

#ifndef ARBITER_WEB_DIR
#define ARBITER_WEB_DIR "server/web"
#endif

namespace arbiter {
namespace {

struct ServeOptions {
  unsigned short port = 8080;
  std::string bind = "127.0.0.1";
  std::string db = "arbiter.db";
  std::string web = ARBITER_WEB_DIR;
  unsigned threads = std::max(2u, std::thread::hardware_concurrency());
  std::optional<std::size_t> max_connections;       // default: from the open-file limit
  std::optional<std::size_t> reserved_for_players;  // default: a tenth of max_connections
  std::optional<boost::asio::ip::address> trusted_proxy;
  std::optional<std::pair<std::string, unsigned short>> metrics;  // a separate /metrics listener
  std::chrono::seconds spectator_idle{Limits{}.spectator_idle_timeout};
  std::chrono::milliseconds header_timeout{Limits{}.header_timeout};
  std::chrono::milliseconds message_timeout{Limits{}.message_timeout};
  double connection_messages_per_second = Limits{}.messages_per_second;
  double connection_message_burst = Limits{}.message_burst;
  AddressLimitSettings address_limits;
  match::Waits waits;
  // Threads for computer players, one a core: they run below every other thread (SCHED_IDLE),
  // so the network's, the writer's and the kernel's work for them (the disk's completions) take
  // a core from them the moment they wake, and a core left to the network would idle. At nice 10
  // the people's move p99 at 9,000 paced games with 20 computer games was 10-19 ms, against
  // 6.9-8.3 ms idle (issue 19's closing note).
  unsigned computer_threads = std::max(1u, std::thread::hardware_concurrency());
  ThreadPriority computer_priority = kIdleThreadPriority;
  AnalysisSettings analysis;  // --analysis-*: finished games' analyses
  LobbySettings lobby;
  std::string node;  // --node: the name in this node's ids
  std::optional<std::pair<std::string, unsigned short>> redis;  // --redis: the cluster's shared lobby and lists
  std::string variants;  // --variants: the operator's variants file, added to the built-ins
};

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

template <class T>
std::optional<T> number(const std::string& text, T min, T max) {
  long long value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < static_cast<long long>(min) ||
      value > static_cast<long long>(max))
    return std::nullopt;
  return static_cast<T>(value);
}

// Seconds (fractions allowed, up to a day unless said) as milliseconds.
std::optional<std::chrono::milliseconds> seconds(const std::string& text, double most = 86400) {
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !(value > 0) || value > most) return std::nullopt;
  return std::chrono::milliseconds(static_cast<std::int64_t>(value * 1000));
}

std::optional<double> rate(const std::string& text) {
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !(value > 0) || value > 1e6) return std::nullopt;
  return value;
}

// "ADDR:PORT", the address possibly in brackets ("[::1]:9464").
std::optional<std::pair<std::string, unsigned short>> host_port(const std::string& text) {
  auto colon = text.rfind(':');
  if (colon == std::string::npos) return std::nullopt;
  std::string host = text.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  auto port = number<unsigned short>(text.substr(colon + 1), 0, 65535);
  if (!port || !parse_address(host)) return std::nullopt;
  return std::pair(host, *port);
}

// Each option: applies its value, false when the value is bad.
using Setter = std::function<bool(ServeOptions&, const std::string&)>;

template <class T>
Setter whole(std::optional<T> ServeOptions::*field, T min, T max) {
  return [=](ServeOptions& o, const std::string& v) { return bool(o.*field = number<T>(v, min, max)); };
}

const std::map<std::string, Setter>& setters() {
  static const std::map<std::string, Setter> table{
      {"--port", [](ServeOptions& o, const std::string& v) {
         auto port = number<unsigned short>(v, 0, 65535);
         if (port) o.port = *port;
         return port.has_value();
       }},
      {"--bind", [](ServeOptions& o, const std::string& v) { o.bind = v; return true; }},
      {"--db", [](ServeOptions& o, const std::string& v) { o.db = v; return true; }},
      {"--web", [](ServeOptions& o, const std::string& v) { o.web = v; return true; }},
      {"--variants", [](ServeOptions& o, const std::string& v) { o.variants = v; return !v.empty(); }},
      {"--threads", [](ServeOptions& o, const std::string& v) {
         auto threads = number<unsigned>(v, 1, 256);
         if (threads) o.threads = *threads;
         return threads.has_value();
       }},
      {"--max-connections", whole<std::size_t>(&ServeOptions::max_connections, 1, 1'000'000)},
      {"--reserved-for-players", whole<std::size_t>(&ServeOptions::reserved_for_players, 0, 1'000'000)},
      {"--trusted-proxy", [](ServeOptions& o, const std::string& v) { return bool(o.trusted_proxy = parse_address(v)); }},
      {"--metrics", [](ServeOptions& o, const std::string& v) { return bool(o.metrics = host_port(v)); }},
      {"--header-timeout", [](ServeOptions& o, const std::string& v) {
         auto wait = seconds(v, 300);
         if (wait) o.header_timeout = *wait;
         return wait.has_value();
       }},
      {"--message-timeout", [](ServeOptions& o, const std::string& v) {
         auto wait = seconds(v, 300);
         if (wait) o.message_timeout = *wait;
         return wait.has_value();
       }},
      {"--spectator-idle-s", [](ServeOptions& o, const std::string& v) {
         auto seconds = number<long>(v, 1, 86400);
         if (seconds) o.spectator_idle = std::chrono::seconds(*seconds);
         return seconds.has_value();
       }},
      {"--address-limits", [](ServeOptions& o, const std::string& v) {
         if (v != "on" && v != "off") return false;
         o.address_limits.enabled = v == "on";
         return true;
       }},
      {"--connections-per-address", [](ServeOptions& o, const std::string& v) {
         auto cap = number<std::size_t>(v, 1, 1'000'000);
         if (cap) o.address_limits.connections_per_address = *cap;
         return cap.has_value();
       }},
      {"--spectators-per-game", [](ServeOptions& o, const std::string& v) {
         auto cap = number<std::size_t>(v, 1, 1'000'000);
         if (cap) o.address_limits.spectators_per_game = *cap;
         return cap.has_value();
       }},
      // Rates come with a burst of twice the rate: two minutes' (or seconds') worth at once.
      {"--creates-per-minute", [](ServeOptions& o, const std::string& v) {
         auto r = rate(v);
         if (r) o.address_limits.creates_per_minute = *r, o.address_limits.create_burst = std::max(1.0, 2 * *r);
         return r.has_value();
       }},
      {"--joins-per-minute", [](ServeOptions& o, const std::string& v) {
         auto r = rate(v);
         if (r) o.address_limits.joins_per_minute = *r, o.address_limits.join_burst = std::max(1.0, 2 * *r);
         return r.has_value();
       }},
      {"--messages-per-second", [](ServeOptions& o, const std::string& v) {
         auto r = rate(v);
         if (r) o.address_limits.messages_per_second = *r, o.address_limits.message_burst = std::max(1.0, 2 * *r);
         return r.has_value();
       }},
      {"--connection-messages-per-second", [](ServeOptions& o, const std::string& v) {
         auto r = rate(v);
         if (r) o.connection_messages_per_second = *r, o.connection_message_burst = std::max(1.0, 2 * *r);
         return r.has_value();
       }},
      {"--seek-grace", [](ServeOptions& o, const std::string& v) {
         auto wait = seconds(v);
         if (wait) o.lobby.owner_grace = *wait;
         return wait.has_value();
       }},
      {"--computer-threads", [](ServeOptions& o, const std::string& v) {
         auto threads = number<unsigned>(v, 1, 64);
         if (threads) o.computer_threads = *threads;
         return threads.has_value();
       }},
      {"--computer-nice", [](ServeOptions& o, const std::string& v) {
         auto priority = parse_thread_priority(v);
         if (priority) o.computer_priority = *priority;
         return priority.has_value();
       }},
      {"--computer-games-per-address", [](ServeOptions& o, const std::string& v) {
         auto cap = number<std::size_t>(v, 1, 1'000'000);
         if (cap) o.address_limits.computer_games_per_address = *cap;
         return cap.has_value();
       }},
      {"--first-move-limit", [](ServeOptions& o, const std::string& v) {
         auto wait = seconds(v);
         if (wait) o.waits.first_move = *wait;
         return wait.has_value();
       }},
      {"--abandon-after", [](ServeOptions& o, const std::string& v) { return bool(o.waits.abandon = seconds(v)); }},
      {"--waiting-expiry", [](ServeOptions& o, const std::string& v) {
         auto wait = seconds(v, 30 * 86400.0);
         if (wait) o.waits.invitation = *wait;
         return wait.has_value();
       }},
      {"--deserted-after-days", [](ServeOptions& o, const std::string& v) {
         auto days = rate(v);  // a positive number, fractions allowed
         if (days && *days <= 365) o.waits.deserted_after = std::chrono::milliseconds(static_cast<std::int64_t>(*days * 86'400'000));
         return days && *days <= 365;
       }},
      {"--chat-after-end", [](ServeOptions& o, const std::string& v) {
         auto wait = seconds(v, 30 * 86400.0);
         if (wait) o.waits.chat_after_end = *wait;
         return wait.has_value();
       }},
      {"--node", [](ServeOptions& o, const std::string& v) {
         o.node = v;
         return security::valid_node(v);
       }},
      {"--redis", [](ServeOptions& o, const std::string& v) { return bool(o.redis = host_port(v)); }},
      {"--analysis-threads", [](ServeOptions& o, const std::string& v) {
         auto threads = number<unsigned>(v, 1, 64);
         if (threads) o.analysis.threads = *threads;
         return threads.has_value();
       }},
      {"--analysis-movetime", [](ServeOptions& o, const std::string& v) {
         auto ms = number<std::int64_t>(v, 10, 60'000);
         if (ms) o.analysis.movetime_ms = *ms;
         return ms.has_value();
       }},
      {"--analysis-queue", [](ServeOptions& o, const std::string& v) {
         auto cap = number<std::size_t>(v, 1, 10'000);
         if (cap) o.analysis.queue = *cap;
         return cap.has_value();
       }},
      {"--analyses-per-hour", [](ServeOptions& o, const std::string& v) {
         auto r = rate(v);
         if (r) o.address_limits.analyses_per_hour = *r;
         return r.has_value();
       }},
      {"--seat-messages-per-second", [](ServeOptions& o, const std::string& v) {
         auto r = rate(v);
         if (r) o.address_limits.seat_messages_per_second = *r, o.address_limits.seat_message_burst = std::max(1.0, 2 * *r);
         return r.has_value();
       }},
  };
  return table;
}

// What `arbiter serve --help` says of each option: its value and what it does (default in
// brackets). tests/cli checks that every option in setters() has a line here.
const std::map<std::string, std::pair<std::string_view, std::string_view>>& option_help() {
  static const std::map<std::string, std::pair<std::string_view, std::string_view>> help{
      {"--port", {"N", "the port to listen on; 0 picks a free one [8080]"}},
      {"--bind", {"ADDR", "the address to listen on [127.0.0.1]"}},
      {"--db", {"FILE", "the SQLite file of the games [arbiter.db]"}},
      {"--web", {"DIR", "the page's files [the source tree's server/web]"}},
      {"--threads", {"N", "network threads [the cores, at least 2]"}},
      {"--max-connections", {"N", "connections at once [the open-file limit less 64]"}},
      {"--reserved-for-players", {"N", "of those, the last ones only seated players may use [a tenth]"}},
      {"--trusted-proxy", {"ADDR", "a reverse proxy whose X-Real-IP / X-Forwarded-For is believed [none]"}},
      {"--metrics", {"ADDR:PORT", "also serve GET /metrics there, to anyone who reaches it [only on the main port, to loopback clients]"}},
      {"--spectator-idle-s", {"S", "a spectator that sends nothing this long is closed [600]"}},
      {"--address-limits", {"on|off", "the per-address limits; off for load tests from one machine [on]"}},
      {"--connections-per-address", {"N", "connections from one address [64]"}},
      {"--spectators-per-game", {"N", "spectator sockets of one address on one game [8]"}},
      {"--creates-per-minute", {"R", "games one address may make a minute, by any path, after a burst of 2R [10]"}},
      {"--joins-per-minute", {"R", "joins from one address a minute [30]"}},
      {"--messages-per-second", {"R", "WebSocket messages and pings of one address a second [60]"}},
      {"--connection-messages-per-second", {"R", "WebSocket messages and pings of one connection a second, after a burst of 2R; load tests lift it [20]"}},
      {"--seat-messages-per-second", {"R", "messages of one seat a second, over all its sockets [20]"}},
      {"--seek-grace", {"S", "a seek outlives its creator's lobby connection this long [10]"}},
      {"--computer-threads", {"N", "threads the computer players think on; they bound the computer games taken at once [the cores]"}},
      {"--computer-nice", {"N|idle", "the computer's threads run N (0-19) nicer than the server's, or only on cores nothing else wants (idle); on a busy machine they think with less than their time [idle]"}},
      {"--first-move-limit", {"S", "a side that makes no first move within this aborts the game [30]"}},
      {"--abandon-after", {"S", "an absent player's opponent may claim the game after this [from the clock: 30 s to 2 min]"}},
      {"--waiting-expiry", {"S", "an invitation nobody takes ends its game [86400]"}},
      {"--deserted-after-days", {"D", "an untimed game nobody moves in nor connects to this long ends, without a winner [7]"}},
      {"--chat-after-end", {"S", "a finished game's chat stays open this long to its players and those there at the end [600]"}},
      {"--computer-games-per-address", {"N", "games against the computer one address may have in play [2]"}},
      {"--analysis-threads", {"N", "threads finished games are analysed on, at nice 19 (idle when the computer's are: --computer-nice), apart from the computer players' [1]"}},
      {"--analysis-movetime", {"MS", "an analysis's search of each position, in milliseconds; a game past 150 positions shares 150 positions' time [200]"}},
      {"--analysis-queue", {"N", "analyses queued or running at once, over every address [16]"}},
      {"--analyses-per-hour", {"R", "analyses one address may start an hour, after a burst of R; one at a time [10]"}},
      {"--header-timeout", {"S", "each request head must arrive within this (its body as long again) [5]"}},
      {"--message-timeout", {"S", "a WebSocket message must be complete this long after its first byte [5]"}},
      {"--node", {"NAME", "this node's name in a cluster (1-8 of a-z 0-9): new game ids, invitations and seeks start NAME_ [none]"}},
      {"--redis", {"HOST:PORT", "share the lobby, the lists and the counts with the other nodes there; needs --node [none: this server's own]"}},
      {"--variants", {"FILE", "also serve this file's variants (rules/VARIANTS.md); any error in it stops serve with every error (line, field), exit 2 [none]"}},
  };
  return help;
}

}  // namespace

std::string serve_usage() {
  std::string text = "usage: arbiter serve [options]\n"
                     "Serves the page, the API and the WebSockets until SIGINT or SIGTERM.\n";
  for (const auto& [flag, _] : setters()) {
    auto help = option_help().find(flag);
    std::string option = "  " + flag + (help == option_help().end() ? "" : " " + std::string(help->second.first));
    option.resize(std::max<std::size_t>(option.size() + 1, 36), ' ');
    text += option + (help == option_help().end() ? "" : std::string(help->second.second)) + "\n";
  }
  return text;
}

namespace {

// nullopt after printing why, for exit code 2.
std::optional<ServeOptions> parse(const Args& args) {
  ServeOptions options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    auto setter = setters().find(flag);
    if (setter == setters().end()) {
      std::cerr << "arbiter serve: unknown option " << flag << " (options:";
      for (const auto& [name, _] : setters()) std::cerr << " " << name;
      std::cerr << ")\n";
      return std::nullopt;
    }
    if (i + 1 >= args.size()) {
      std::cerr << "arbiter serve: " << flag << " needs a value\n";
      return std::nullopt;
    }
    const std::string& value = args[++i];
    if (!setter->second(options, value)) {
      std::cerr << "arbiter serve: bad value for " << flag << ": " << value << "\n";
      return std::nullopt;
    }
  }
  if (options.redis && options.node.empty()) {
    std::cerr << "arbiter serve: --redis needs --node: the nodes tell their games apart by it\n";
    return std::nullopt;
  }
  // A binary moved away from its build (an image's runtime stage) would answer 404 for every page.
  if (std::error_code ec; !std::filesystem::is_directory(options.web, ec)) {
    std::cerr << "arbiter serve: the page's folder " << options.web << " is not there: say where it is with --web DIR\n";
    return std::nullopt;
  }
  return options;
}

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
  auto options = parse(args);
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
