#pragma once
// The server's own measurements, in Prometheus text format for GET /metrics. prometheus-cpp
// (Debian's prometheus-cpp-dev) keeps the counters and histograms and writes the text; we serve
// it ourselves. Everything here is thread-safe and cheap enough for the move path.
#include <array>
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/metrics/move_observer.h"
#include "storage/store.h"

namespace prometheus {
class Registry;
class Counter;
class Gauge;
class Histogram;
}  // namespace prometheus

namespace arbiter {

// Why the server refused something; one label value of arbiter_refusals_total each.
enum class Refusal {
  ConnectionCap,       // no connection slot left (503, or closed when out of descriptors)
  ReservedForPlayers,  // only seated players may use the last slots (503)
  AddressConnections,  // the address holds its share of connections (503)
  AddressSpectators,   // the address watches this game with its share of sockets (503)
  CreateRate,          // POST /api/games too often (429)
  JoinRate,            // POST /api/join too often (429)
  ComputerGames,       // the address has its share of computer games in play (429)
  ComputerBusy,        // the computer pool has no room for another game at full strength (503)
  MessageRate,         // WebSocket messages or pings too fast ("rate_limited", then 1008)
  IdleSpectator,       // a spectator who never spoke for too long (1008)
  BadRequest,          // malformed HTTP (400, 505)
  UriTooLong,          // 414
  HeadersTooLarge,     // 431
  BodyTooLarge,        // 413
  Descriptors,         // accept failed for want of file descriptors (backed off)
  RequestTimeout,      // a request head (or body) not complete within --header-timeout (closed)
  Displaced,           // a connection waiting for a request head, closed for a newcomer at the cap
  MessageTimeout,      // a WebSocket message not complete within --message-timeout (1008)
  AnalysisUnderWay,    // the address has its share of game analyses under way (429)
  AnalysisRate,        // analyses started too often from the address (429)
  AnalysisBusy,        // the analysis queue is full (503)
  Count
};
std::string_view refusal_name(Refusal refusal);

// What went wrong with Redis (a cluster's); one label value of arbiter_redis_troubles_total each.
enum class RedisTrouble {
  Unanswered,   // no answer: Redis away, or it hung past the command timeout
  OutOfMemory,  // Redis at its maxmemory refused a write ("OOM command not allowed")
  Error,        // any other error reply
  Junk,         // an item read from Redis that no node of this version wrote (skipped)
  Count
};
std::string_view redis_trouble_name(RedisTrouble trouble);

// Numbers read at scrape time rather than counted as they change.
struct MetricsSnapshot {
  std::size_t connections = 0, websockets = 0, connection_cap = 0;
  std::vector<std::pair<std::string, std::int64_t>> games_by_status;
  std::size_t rooms_resident = 0;  // games in memory (the others load when asked for)
};

class Metrics {
 public:
  Metrics();
  ~Metrics();
  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;

  void accepted();
  void refused(Refusal refusal);
  void message();
  void ping();
  // A move (or Kriegspiel try) from its arrival in the room to its broadcast.
  void move_handled(std::chrono::steady_clock::duration took);
  // One stage of a move (see MoveStage): arbiter_move_stage_seconds{stage="decided|committed|sent"}.
  void move_stage(MoveStage stage, std::chrono::steady_clock::duration took);
  void committed(const storage::CommitReport& report);
  // A computer move's thinking (the pool's job for it), and whether the pool's guard stopped it.
  void computer_thought(int level, std::chrono::steady_clock::duration took, bool cut_short);
  // A game analysis ended: "stored", "stopped" (shutdown) or "failed"; how long it ran.
  void analysis_ended(std::string_view outcome, std::chrono::steady_clock::duration took);
  void redis_trouble(RedisTrouble trouble);
  // A heartbeat not sent because the last one was still unanswered.
  void redis_beat_skipped();
  // Commands sent to Redis and not yet answered (now), and connections dropped as hung (more).
  void redis_pending(std::size_t commands);
  void redis_timeouts(std::uint64_t more);
  std::string text(const MetricsSnapshot& snapshot) const;

 private:
  std::shared_ptr<prometheus::Registry> registry_;
  prometheus::Counter* accepted_;
  prometheus::Counter* messages_;
  prometheus::Counter* pings_;
  prometheus::Counter* moves_;
  std::array<prometheus::Counter*, static_cast<std::size_t>(Refusal::Count)> refusals_{};
  prometheus::Histogram* move_seconds_;
  std::array<prometheus::Histogram*, 3> move_stage_seconds_{};  // by MoveStage
  std::array<prometheus::Histogram*, 8> computer_seconds_{};  // by level
  prometheus::Counter* computer_cut_short_;
  std::array<prometheus::Counter*, 3> analyses_{};  // stored, stopped, failed
  prometheus::Histogram* analysis_seconds_;
  std::array<prometheus::Counter*, static_cast<std::size_t>(RedisTrouble::Count)> redis_troubles_{};
  prometheus::Counter* redis_beats_skipped_;
  prometheus::Counter* redis_timeouts_;
  prometheus::Gauge* redis_pending_;
  prometheus::Histogram* commit_seconds_;
  prometheus::Histogram* commit_batch_;
  prometheus::Gauge* connections_;
  prometheus::Gauge* websockets_;
  prometheus::Gauge* connection_cap_;
  prometheus::Gauge* rooms_resident_;
  std::array<prometheus::Gauge*, 3> games_{};
};

}  // namespace arbiter
