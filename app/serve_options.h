#pragma once
// `arbiter serve`'s options: what each sets, its help line, and the parse of a command line.
#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include <boost/asio/ip/address.hpp>

#include "app/commands.h"
#include "match/match.h"
#include "server/limits/address_limits.h"
#include "server/lobby/lobby.h"
#include "server/net/network.h"
#include "server/players/analysis_pool.h"
#include "server/players/thread_priority.h"

namespace arbiter {

struct ServeOptions {
  unsigned short port = 8080;
  std::string bind = "127.0.0.1";
  std::string db = "arbiter.db";
  std::string web;  // the page's folder: the build's (ARBITER_WEB_DIR) unless --web says
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

// The options of a command line; nullopt after printing why on stderr (for exit code 2).
std::optional<ServeOptions> parse_serve_options(const Args& args);

}  // namespace arbiter
