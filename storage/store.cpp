// The store: queues writes for the writer thread (group commit) and serves reads from the read
// connection; Store::open.
#include "storage/store.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <iostream>
#include <iterator>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "storage/sqlite.h"
#include "storage/store_reader.h"
#include "storage/store_writer.h"

namespace arbiter::storage {
namespace {

// Bounds a transaction, so one commit never holds callers back for long.
constexpr std::size_t max_writes_per_transaction = 512;

class SqliteStore final : public Store {
 public:
  // The writer connection comes first: it creates the file, switches it to WAL and migrates,
  // all before the read-only connection opens.
  explicit SqliteStore(const std::string& path)
      : writer_(path), reader_(path), writer_thread_([this] { write_loop(); }) {}

  ~SqliteStore() override { close(); }

  void create_game(GameRecord game, std::vector<SeatRecord> seats, Done done) override {
    enqueue({CreateGame{std::move(game), std::move(seats)}, std::move(done)});
  }

  void add_seat(std::string game_id, SeatRecord seat, Done done) override {
    enqueue({AddSeat{std::move(game_id), std::move(seat)}, std::move(done)});
  }

  void add_chat(std::string game_id, ChatRecord chat, Done done) override {
    enqueue({AddChat{std::move(game_id), std::move(chat)}, std::move(done)});
  }

  void append_event(std::string game_id, EventRecord event,
                    std::optional<GameRecord> status_update, Done done) override {
    enqueue({AppendEvent{std::move(game_id), std::move(event), std::move(status_update)},
             std::move(done)});
  }

  void mark_alive(std::int64_t at_ms, Done done) override { enqueue({MarkAlive{at_ms}, std::move(done)}); }

  void add_downtime(DowntimeRecord downtime, Done done) override { enqueue({AddDowntime{downtime}, std::move(done)}); }

  void save_analysis(std::string game_id, std::string body, std::int64_t at_ms, Done done) override {
    enqueue({SaveAnalysis{std::move(game_id), std::move(body), at_ms}, std::move(done)});
  }

  std::optional<std::string> load_analysis(const std::string& game_id) override {
    std::lock_guard lock(reader_.mutex);
    return reader_.load_analysis(game_id);
  }

  std::vector<DowntimeRecord> downtimes() override {
    std::lock_guard lock(reader_.mutex);
    return reader_.downtimes();
  }

  std::vector<std::string> expired_waiting(std::int64_t created_before_ms, std::size_t limit) override {
    std::lock_guard lock(reader_.mutex);
    return reader_.expired_waiting(created_before_ms, limit);
  }

  std::vector<StoredGame> load_in_play() override {
    std::lock_guard lock(reader_.mutex);
    return reader_.load_in_play();
  }

  std::optional<std::int64_t> alive_until() override {
    std::lock_guard lock(reader_.mutex);
    return reader_.alive_until();
  }

  std::optional<StoredGame> load_game(const std::string& id) override {
    std::lock_guard lock(reader_.mutex);
    return reader_.load_game(id);
  }

  std::optional<std::string> game_by_invite(const std::string& invite_hash) override {
    std::lock_guard lock(reader_.mutex);
    return reader_.game_by_invite(invite_hash);
  }

  std::vector<GameSummary> list_games(const GameQuery& query) override {
    std::lock_guard lock(reader_.mutex);
    return reader_.list_games(query);
  }

  std::vector<std::pair<std::string, std::int64_t>> games_by_status() override {
    std::lock_guard lock(reader_.mutex);
    return reader_.games_by_status();
  }

  void on_commit(std::function<void(const CommitReport&)> observer) override {
    std::lock_guard lock(queue_mutex_);
    commit_observer_ = std::make_shared<const std::function<void(const CommitReport&)>>(std::move(observer));
  }

  void close() override {
    std::lock_guard close_lock(close_mutex_);
    {
      std::lock_guard lock(queue_mutex_);
      closing_ = true;
    }
    queue_changed_.notify_one();
    if (writer_thread_.joinable()) writer_thread_.join();
  }

  WriteStats write_stats() const override {
    return {writes_done_.load(), transactions_done_.load(), shared_inserts_done_.load()};
  }

 private:
  void enqueue(PendingWrite write) {
    bool first = false;
    bool closed = false;
    {
      std::lock_guard lock(queue_mutex_);
      closed = closing_;
      if (!closed) {
        first = queue_.empty();
        queue_.push_back(std::move(write));
      }
    }
    if (closed) return report(write.done, "store is closed");  // not under the lock: it may write again
    // Only the first write of a batch wakes the writer: with writes queued it is awake or woken
    // already. Woken after the unlock, it does not wait at once for the lock held here.
    if (first) queue_changed_.notify_one();
  }

  void write_loop() {
    std::vector<PendingWrite> batch;
    for (;;) {
      std::shared_ptr<const std::function<void(const CommitReport&)>> observer;
      {
        std::unique_lock lock(queue_mutex_);
        queue_changed_.wait(lock, [this] { return !queue_.empty() || closing_; });
        if (queue_.empty()) return;  // closing, and everything is written
        // Read after the wait: an observer set while this thread slept sees this batch too.
        observer = commit_observer_;
        if (queue_.size() <= max_writes_per_transaction) {
          batch.swap(queue_);
        } else {
          const auto end = queue_.begin() + static_cast<std::ptrdiff_t>(max_writes_per_transaction);
          batch.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(end));
          queue_.erase(queue_.begin(), end);
        }
      }
      const std::vector<std::string>& errors = writer_.run(batch);
      transactions_done_.store(writer_.transactions());
      shared_inserts_done_.store(writer_.shared_inserts());
      if (observer && *observer) report_commit(*observer, batch, report_);
      for (std::size_t i = 0; i < batch.size(); ++i) {
        ++writes_done_;
        report(batch[i].done, errors[i]);
      }
      batch.clear();
    }
  }

  // `report`: the writer's, reused for its capacity.
  static void report_commit(const std::function<void(const CommitReport&)>& observer,
                            const std::vector<PendingWrite>& batch, CommitReport& report) {
    const auto committed = std::chrono::steady_clock::now();
    report.writes = batch.size();
    report.waits.clear();
    for (const PendingWrite& write : batch) report.waits.push_back(committed - write.queued);
    try {
      observer(report);
    } catch (const std::exception& exception) {
      std::cerr << "storage: the commit observer threw: " << exception.what() << '\n';
    }
  }

  // Calls `done`; an exception from a caller's callback must not kill the writer thread.
  static void report(const Done& done, const std::string& error) {
    if (!done) return;
    try {
      done(error.empty(), error);
    } catch (const std::exception& exception) {
      std::cerr << "storage: a write callback threw: " << exception.what() << '\n';
    } catch (...) {
      std::cerr << "storage: a write callback threw\n";
    }
  }

  Writer writer_;
  Reader reader_;

  std::mutex queue_mutex_;
  std::condition_variable queue_changed_;
  std::vector<PendingWrite> queue_;  // swapped with the writer's batch: neither allocates once grown
  bool closing_ = false;
  std::shared_ptr<const std::function<void(const CommitReport&)>> commit_observer_;
  CommitReport report_;  // the writer thread's

  std::mutex close_mutex_;
  std::atomic<std::uint64_t> writes_done_{0};
  std::atomic<std::uint64_t> transactions_done_{0};
  std::atomic<std::uint64_t> shared_inserts_done_{0};

  // Last member: the thread starts once everything it uses is constructed.
  std::thread writer_thread_;
};

}  // namespace

std::unique_ptr<Store> Store::open(const std::string& path) {
  // Connections move between threads (open, writer, readers), which a single-thread build of
  // SQLite does not allow.
  if (sqlite3_threadsafe() == 0) {
    throw std::runtime_error("SQLite is built without thread support");
  }
  return std::make_unique<SqliteStore>(path);
}

}  // namespace arbiter::storage
