#include "server/metrics/metrics.h"

#include <prometheus/counter.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>

#include <sstream>

namespace arbiter {
namespace {

using Seconds = std::chrono::duration<double>;

// From 50 µs (a move that only waits on a fast fsync) to 1 s (something is badly wrong).
const prometheus::Histogram::BucketBoundaries kLatencyBuckets{
    0.00005, 0.0001, 0.00025, 0.0005, 0.00075, 0.001, 0.0015, 0.002, 0.003, 0.005, 0.0075,
    0.01,    0.015,  0.025,   0.035,  0.05,    0.075, 0.1,    0.25,  0.5,   1};
// Around the levels' budgets (50 ms to 1 s a move) and the pool's guard.
const prometheus::Histogram::BucketBoundaries kThinkingBuckets{0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5,
                                                               0.8,  1,     1.25, 1.5, 2,   2.5, 5};
const prometheus::Histogram::BucketBoundaries kBatchBuckets{1, 2, 4, 8, 16, 32, 64, 128, 256, 512};
constexpr std::array<const char*, 3> kStatuses{"waiting", "playing", "finished"};
constexpr std::array<const char*, 3> kAnalysisOutcomes{"stored", "stopped", "failed"};
// A game's analysis: a few positions at the shortest budget to a long game at a long one.
const prometheus::Histogram::BucketBoundaries kAnalysisBuckets{1, 2, 5, 10, 20, 30, 60, 120, 300, 600};

}  // namespace

std::string_view refusal_name(Refusal refusal) {
  switch (refusal) {
    case Refusal::ConnectionCap: return "connection_cap";
    case Refusal::ReservedForPlayers: return "reserved_for_players";
    case Refusal::AddressConnections: return "address_connections";
    case Refusal::AddressSpectators: return "address_spectators";
    case Refusal::CreateRate: return "create_rate";
    case Refusal::JoinRate: return "join_rate";
    case Refusal::ComputerGames: return "computer_games";
    case Refusal::ComputerBusy: return "computer_busy";
    case Refusal::MessageRate: return "message_rate";
    case Refusal::IdleSpectator: return "idle_spectator";
    case Refusal::BadRequest: return "bad_request";
    case Refusal::UriTooLong: return "uri_too_long";
    case Refusal::HeadersTooLarge: return "headers_too_large";
    case Refusal::BodyTooLarge: return "body_too_large";
    case Refusal::Descriptors: return "descriptors";
    case Refusal::RequestTimeout: return "request_timeout";
    case Refusal::Displaced: return "displaced";
    case Refusal::MessageTimeout: return "message_timeout";
    case Refusal::AnalysisUnderWay: return "analysis_under_way";
    case Refusal::AnalysisRate: return "analysis_rate";
    case Refusal::AnalysisBusy: return "analysis_busy";
    case Refusal::Count: break;
  }
  return "unknown";
}

std::string_view redis_trouble_name(RedisTrouble trouble) {
  switch (trouble) {
    case RedisTrouble::Unanswered: return "unanswered";
    case RedisTrouble::OutOfMemory: return "out_of_memory";
    case RedisTrouble::Error: return "error";
    case RedisTrouble::Junk: return "junk";
    case RedisTrouble::Count: break;
  }
  return "unknown";
}

Metrics::Metrics() : registry_(std::make_shared<prometheus::Registry>()) {
  auto& registry = *registry_;
  accepted_ = &prometheus::BuildCounter()
                   .Name("arbiter_connections_accepted_total")
                   .Help("TCP connections accepted")
                   .Register(registry)
                   .Add({});
  messages_ = &prometheus::BuildCounter()
                   .Name("arbiter_websocket_messages_total")
                   .Help("WebSocket messages received")
                   .Register(registry)
                   .Add({});
  pings_ = &prometheus::BuildCounter()
                .Name("arbiter_websocket_pings_total")
                .Help("WebSocket ping frames received")
                .Register(registry)
                .Add({});
  moves_ = &prometheus::BuildCounter()
                .Name("arbiter_moves_total")
                .Help("moves (and Kriegspiel tries) committed and broadcast")
                .Register(registry)
                .Add({});
  auto& refusals =
      prometheus::BuildCounter().Name("arbiter_refusals_total").Help("requests, connections and messages refused, by reason").Register(registry);
  for (std::size_t i = 0; i < refusals_.size(); ++i)
    refusals_[i] = &refusals.Add({{"reason", std::string(refusal_name(static_cast<Refusal>(i)))}});
  move_seconds_ = &prometheus::BuildHistogram()
                       .Name("arbiter_move_seconds")
                       .Help("a move from its arrival in the game's room to its broadcast, durable commit included")
                       .Register(registry)
                       .Add({}, kLatencyBuckets);
  auto& stages = prometheus::BuildHistogram()
                     .Name("arbiter_move_stage_seconds")
                     .Help("a move by stage: received to decided, decided to committed (synced), committed to its "
                           "event's write begun on each recipient's socket")
                     .Register(registry);
  for (auto [stage, name] : {std::pair{MoveStage::Decided, "decided"}, {MoveStage::Committed, "committed"}, {MoveStage::Sent, "sent"}})
    move_stage_seconds_[static_cast<std::size_t>(stage)] = &stages.Add({{"stage", name}}, kLatencyBuckets);
  auto& thinking = prometheus::BuildHistogram()
                       .Name("arbiter_computer_thinking_seconds")
                       .Help("a computer move's thinking, by level, from the start of its search to its decision")
                       .Register(registry);
  for (std::size_t i = 0; i < computer_seconds_.size(); ++i)
    computer_seconds_[i] = &thinking.Add({{"level", std::to_string(i + 1)}}, kThinkingBuckets);
  computer_cut_short_ = &prometheus::BuildCounter()
                             .Name("arbiter_computer_moves_cut_short_total")
                             .Help("computer moves whose search the pool stopped before the level's own limits")
                             .Register(registry)
                             .Add({});
  auto& analyses = prometheus::BuildCounter()
                       .Name("arbiter_analyses_total")
                       .Help("game analyses run to their end, by outcome (stored, stopped at shutdown, failed)")
                       .Register(registry);
  for (std::size_t i = 0; i < analyses_.size(); ++i) analyses_[i] = &analyses.Add({{"outcome", kAnalysisOutcomes[i]}});
  analysis_seconds_ = &prometheus::BuildHistogram()
                           .Name("arbiter_analysis_seconds")
                           .Help("a game analysis from its first search to its last")
                           .Register(registry)
                           .Add({}, kAnalysisBuckets);
  commit_seconds_ = &prometheus::BuildHistogram()
                         .Name("arbiter_commit_seconds")
                         .Help("a write from being queued for the store to its transaction synced to disk")
                         .Register(registry)
                         .Add({}, kLatencyBuckets);
  commit_batch_ = &prometheus::BuildHistogram()
                       .Name("arbiter_commit_batch_writes")
                       .Help("writes per committed transaction (group commit)")
                       .Register(registry)
                       .Add({}, kBatchBuckets);
  auto& connections = prometheus::BuildGauge().Name("arbiter_connections").Help("open connections").Register(registry);
  connections_ = &connections.Add({{"kind", "all"}});
  websockets_ = &connections.Add({{"kind", "websocket"}});
  connection_cap_ = &prometheus::BuildGauge()
                         .Name("arbiter_connection_cap")
                         .Help("connections the server accepts at most")
                         .Register(registry)
                         .Add({});
  auto& games = prometheus::BuildGauge().Name("arbiter_games").Help("stored games by status").Register(registry);
  for (std::size_t i = 0; i < games_.size(); ++i) games_[i] = &games.Add({{"status", kStatuses[i]}});
  auto& troubles = prometheus::BuildCounter()
                       .Name("arbiter_redis_troubles_total")
                       .Help("Redis commands that failed and items read from Redis that were skipped, by kind")
                       .Register(registry);
  for (std::size_t i = 0; i < redis_troubles_.size(); ++i)
    redis_troubles_[i] = &troubles.Add({{"kind", std::string(redis_trouble_name(static_cast<RedisTrouble>(i)))}});
  redis_beats_skipped_ = &prometheus::BuildCounter()
                              .Name("arbiter_redis_beats_skipped_total")
                              .Help("cluster heartbeats not sent because the last one was still unanswered")
                              .Register(registry)
                              .Add({});
  redis_timeouts_ = &prometheus::BuildCounter()
                         .Name("arbiter_redis_timeouts_total")
                         .Help("Redis connections dropped because a command went unanswered past the command timeout")
                         .Register(registry)
                         .Add({});
  redis_pending_ = &prometheus::BuildGauge()
                        .Name("arbiter_redis_pending_commands")
                        .Help("commands sent to Redis and not yet answered (as of the last heartbeat)")
                        .Register(registry)
                        .Add({});
  rooms_resident_ = &prometheus::BuildGauge()
                         .Name("arbiter_rooms_resident")
                         .Help("games in memory; the others load from the store when asked for")
                         .Register(registry)
                         .Add({});
}

Metrics::~Metrics() = default;

void Metrics::accepted() { accepted_->Increment(); }

void Metrics::redis_trouble(RedisTrouble trouble) { redis_troubles_[static_cast<std::size_t>(trouble)]->Increment(); }

void Metrics::redis_beat_skipped() { redis_beats_skipped_->Increment(); }

void Metrics::redis_pending(std::size_t commands) { redis_pending_->Set(static_cast<double>(commands)); }

void Metrics::redis_timeouts(std::uint64_t more) { redis_timeouts_->Increment(static_cast<double>(more)); }

void Metrics::refused(Refusal refusal) { refusals_[static_cast<std::size_t>(refusal)]->Increment(); }
void Metrics::message() { messages_->Increment(); }
void Metrics::ping() { pings_->Increment(); }

void Metrics::move_handled(std::chrono::steady_clock::duration took) {
  moves_->Increment();
  move_seconds_->Observe(Seconds(took).count());
}

void Metrics::move_stage(MoveStage stage, std::chrono::steady_clock::duration took) {
  move_stage_seconds_[static_cast<std::size_t>(stage)]->Observe(Seconds(took).count());
}

void Metrics::computer_thought(int level, std::chrono::steady_clock::duration took, bool cut_short) {
  if (level >= 1 && level <= static_cast<int>(computer_seconds_.size())) computer_seconds_[level - 1]->Observe(Seconds(took).count());
  if (cut_short) computer_cut_short_->Increment();
}

void Metrics::analysis_ended(std::string_view outcome, std::chrono::steady_clock::duration took) {
  for (std::size_t i = 0; i < analyses_.size(); ++i)
    if (outcome == kAnalysisOutcomes[i]) analyses_[i]->Increment();
  if (outcome == kAnalysisOutcomes[0]) analysis_seconds_->Observe(Seconds(took).count());
}

void Metrics::committed(const storage::CommitReport& report) {
  commit_batch_->Observe(static_cast<double>(report.writes));
  for (auto wait : report.waits) commit_seconds_->Observe(Seconds(wait).count());
}

std::string Metrics::text(const MetricsSnapshot& snapshot) const {
  connections_->Set(static_cast<double>(snapshot.connections));
  websockets_->Set(static_cast<double>(snapshot.websockets));
  connection_cap_->Set(static_cast<double>(snapshot.connection_cap));
  rooms_resident_->Set(static_cast<double>(snapshot.rooms_resident));
  for (std::size_t i = 0; i < games_.size(); ++i) {
    double count = 0;
    for (const auto& [status, n] : snapshot.games_by_status)
      if (status == kStatuses[i]) count = static_cast<double>(n);
    games_[i]->Set(count);
  }
  std::ostringstream out;
  prometheus::TextSerializer().Serialize(out, registry_->Collect());
  return out.str();
}

}  // namespace arbiter
