#include "server/players/analysis_pool.h"

#include <algorithm>
#include <iostream>

#include "engine/analysis.h"
#include "protocol/messages.h"
#include "server/players/analysis_json.h"
#include "storage/wall_clock.h"

namespace arbiter {
namespace {

constexpr std::size_t kHashMegabytes = 16;

}  // namespace

std::int64_t AnalysisSettings::movetime_for(int positions) const {
  if (positions <= kPositionsAtFullTime) return movetime_ms;
  return std::max<std::int64_t>(1, movetime_ms * kPositionsAtFullTime / positions);
}

AnalysisPool::AnalysisPool(storage::Store& store, AnalysisSettings settings, Observer observer)
    : store_(store),
      settings_(settings),
      observer_(std::move(observer)),
      workers_(settings_.threads, settings_.priority, [this] {
        return [this](std::shared_ptr<Job>& job) {
          job->running = true;
          run(*job);
        };
      }) {}

AnalysisPool::~AnalysisPool() { stop(); }

void AnalysisPool::stop() {
  std::lock_guard lock(mutex_);
  stopping_ = true;
  for (const auto& job : workers_.stop()) jobs_.erase(job->id);
}

AnalysisPool::Start AnalysisPool::start(const std::string& id, rules::Game game, const std::string& client,
                                        AddressLimits::Lease lease, const std::function<bool()>& admit) {
  {
    std::lock_guard lock(mutex_);
    if (jobs_.contains(id)) return Start::UnderWay;
    // Under the lock: a job leaves jobs_ only once its analysis is stored, so this read sees it.
    if (store_.load_analysis(id)) return Start::Stored;
    if (stopping_ || jobs_.size() >= settings_.queue) return Start::Full;
    if (admit && !admit()) return Start::NotAdmitted;
    auto job = std::make_shared<Job>(id, std::move(game), std::move(lease));
    jobs_.emplace(id, job);
    // Never refused: the pool stops only under this lock, with stopping_ set.
    workers_.push(client, std::move(job));
  }
  return Start::Queued;
}

std::optional<AnalysisPool::Progress> AnalysisPool::progress(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = jobs_.find(id);
  if (it == jobs_.end()) return std::nullopt;
  const Job& job = *it->second;
  const int positions = static_cast<int>(job.game.moves().size()) + 1;
  return Progress{job.running.load(), job.positions_done.load(), positions, settings_.movetime_for(positions)};
}

std::size_t AnalysisPool::under_way() const {
  std::lock_guard lock(mutex_);
  return jobs_.size();
}

void AnalysisPool::run(Job& job) {
  static thread_local engine::Searcher searcher(kHashMegabytes);
  const auto started = std::chrono::steady_clock::now();
  const int positions = static_cast<int>(job.game.moves().size()) + 1;
  engine::Limits limits;
  limits.movetime_ms = settings_.movetime_for(positions);
  std::optional<std::vector<engine::PlyAnalysis>> plies;
  try {
    plies = engine::analyse(searcher, job.game, limits, stopping_, [&job](int done) { job.positions_done = done; });
  } catch (const std::exception& e) {
    std::cerr << "arbiter: the analysis of game " << job.id << " failed: " << e.what() << "\n";
    return finished(job.id, Outcome::Failed, std::chrono::steady_clock::now() - started, positions);
  }
  if (!plies) return finished(job.id, Outcome::Stopped, std::chrono::steady_clock::now() - started, positions);
  const auto took = std::chrono::steady_clock::now() - started;
  auto body = analysis_json(job.game, *plies, limits.movetime_ms);
  const std::int64_t now = wall_clock_ms();
  body["analysed_at_ms"] = now;
  body["took_ms"] = std::chrono::duration_cast<std::chrono::milliseconds>(took).count();
  // Forgotten here only once stored: until then it is under way, so nobody starts it again.
  store_.save_analysis(job.id, protocol::dump(body), now, [this, id = job.id, took, positions](bool ok, const std::string& error) {
    if (!ok) std::cerr << "arbiter: the analysis of game " << id << " could not be stored: " << error << "\n";
    finished(id, ok ? Outcome::Stored : Outcome::Failed, took, positions);
  });
}

void AnalysisPool::finished(const std::string& id, Outcome outcome, std::chrono::steady_clock::duration took, int positions) {
  // Counted before it stops being under way: whoever reads it stored reads it counted.
  if (observer_) observer_(outcome, took, positions);
  std::lock_guard lock(mutex_);
  auto it = jobs_.find(id);
  if (it == jobs_.end()) return;
  it->second->lease = AddressLimits::Lease();  // now: the worker may still hold the job a moment
  jobs_.erase(it);
}

}  // namespace arbiter
