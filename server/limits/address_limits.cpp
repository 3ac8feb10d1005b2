#include "server/limits/address_limits.h"

#include <algorithm>
#include <memory>

namespace arbiter {
namespace {

// Full buckets are swept out of the map after this many takes, so that the map holds only the
// addresses active lately.
constexpr std::size_t kTakesBetweenSweeps = 4096;

}  // namespace

std::optional<TokenBucket::Clock::duration> TokenBucket::take(double per_second, double burst, Clock::time_point now, double cost) {
  if (now > last_) tokens_ = std::min(burst, tokens_ + std::chrono::duration<double>(now - last_).count() * per_second);
  last_ = std::max(last_, now);
  if (tokens_ >= cost) {
    tokens_ -= cost;
    return std::nullopt;
  }
  if (per_second <= 0 || cost > burst) return Clock::duration::max();
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>((cost - tokens_) / per_second));
}

bool TokenBucket::full(double per_second, double burst, Clock::time_point now) const {
  double seconds = now > last_ ? std::chrono::duration<double>(now - last_).count() : 0;
  return tokens_ + seconds * per_second >= burst;
}

std::optional<KeyedBuckets::Clock::duration> KeyedBuckets::take(const std::string& key, Clock::time_point now, double cost) {
  std::lock_guard lock(mutex_);
  if (++takes_since_sweep_ >= kTakesBetweenSweeps) forget_full(now);
  auto it = buckets_.try_emplace(key, burst_, now).first;
  return it->second.take(per_second_, burst_, now, cost);
}

std::size_t KeyedBuckets::size() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

void KeyedBuckets::forget_full(Clock::time_point now) {
  takes_since_sweep_ = 0;
  std::erase_if(buckets_, [&](const auto& entry) { return entry.second.full(per_second_, burst_, now); });
}

Counter::Lease& Counter::Lease::operator=(Lease&& other) noexcept {
  if (this != &other) {
    release();
    counter_ = other.counter_;
    key_ = std::move(other.key_);
    other.counter_ = nullptr;
  }
  return *this;
}

void Counter::Lease::release() {
  if (counter_) counter_->give_back(key_);
  counter_ = nullptr;
}

std::optional<Counter::Lease> Counter::acquire(const std::string& key, std::size_t cap) {
  auto counted = acquire_counted(key, cap);
  if (!counted) return std::nullopt;
  return std::move(counted->first);
}

std::optional<std::pair<Counter::Lease, std::size_t>> Counter::acquire_counted(const std::string& key, std::size_t cap) {
  std::lock_guard lock(mutex_);
  auto& count = counts_[key];
  if (count >= cap) {
    if (count == 0) counts_.erase(key);
    return std::nullopt;
  }
  return std::pair(Lease(this, key), count++);
}

std::size_t Counter::count(const std::string& key) const {
  std::lock_guard lock(mutex_);
  auto it = counts_.find(key);
  return it == counts_.end() ? 0 : it->second;
}

std::size_t Counter::keys() const {
  std::lock_guard lock(mutex_);
  return counts_.size();
}

std::vector<std::pair<std::string, std::size_t>> Counter::counts() const {
  std::lock_guard lock(mutex_);
  return {counts_.begin(), counts_.end()};
}

void Counter::give_back(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto it = counts_.find(key);
  if (it == counts_.end()) return;
  if (--it->second == 0) counts_.erase(it);
}

AddressLimits::AddressLimits(AddressLimitSettings settings)
    : settings_(settings),
      creates_(settings.creates_per_minute / 60, settings.create_burst),
      joins_(settings.joins_per_minute / 60, settings.join_burst),
      messages_(settings.messages_per_second, settings.message_burst),
      seat_messages_(settings.seat_messages_per_second, settings.seat_message_burst),
      analysis_starts_(settings.analyses_per_hour / 3600, settings.analyses_per_hour),
      fallback_creates_(settings.creates_per_minute / 60, settings.create_burst) {}

unsigned AddressLimits::retry_seconds(Clock::duration wait) {
  return static_cast<unsigned>(std::clamp<std::int64_t>(std::chrono::ceil<std::chrono::seconds>(wait).count(), 1, 3600));
}

AddressLimits::Connection AddressLimits::connect(const std::string& address) {
  if (!settings_.enabled) return {};
  auto counted = connections_.acquire_counted(address, settings_.connections_per_address + kRefusalsInFlight);
  if (!counted) return {Connection::Verdict::Drop, {}};
  auto verdict = counted->second < settings_.connections_per_address ? Connection::Verdict::Admit : Connection::Verdict::Refuse;
  return {verdict, std::move(counted->first)};
}

std::optional<AddressLimits::Lease> AddressLimits::watch(const std::string& game_id, const std::string& address) {
  if (!settings_.enabled) return Lease();
  return spectators_.acquire(game_id + ' ' + address, settings_.spectators_per_game);
}

std::optional<AddressLimits::Clock::duration> AddressLimits::create(const std::string& address, Clock::time_point now) {
  if (!settings_.enabled) return std::nullopt;
  if (shared_)
    if (auto wait = shared_refusal(address, now)) return wait;
  auto wait = creates_.take(address, now);
  if (shared_ && !wait)
    shared_->take_create(address, settings_.creates_per_minute / 60, settings_.create_burst,
                         [this, address](std::optional<SharedLimits::Take> take) {
                           if (take && take->wait) refused_shared(address, *take->wait);
                         });
  return wait;
}

void AddressLimits::refused_shared(const std::string& address, Clock::duration wait) {
  const auto now = Clock::now();
  std::lock_guard lock(refusals_mutex_);
  if (shared_refusals_.size() >= kTakesBetweenSweeps)
    std::erase_if(shared_refusals_, [&](const auto& entry) { return entry.second <= now; });
  shared_refusals_[address] = now + wait;
}

std::optional<AddressLimits::Clock::duration> AddressLimits::shared_refusal(const std::string& address, Clock::time_point now) {
  std::lock_guard lock(refusals_mutex_);
  auto it = shared_refusals_.find(address);
  if (it == shared_refusals_.end()) return std::nullopt;
  if (it->second > now) return it->second - now;
  shared_refusals_.erase(it);
  return std::nullopt;
}

void AddressLimits::create_shared(const std::string& address, Clock::time_point now,
                                  std::function<void(std::optional<Clock::duration>)> done) {
  if (!settings_.enabled || !shared_) return done(create(address, now));
  shared_->take_create(address, settings_.creates_per_minute / 60, settings_.create_burst,
                       [this, address, done = std::move(done)](std::optional<SharedLimits::Take> take) {
                         if (take && take->wait) refused_shared(address, *take->wait);
                         if (take) return done(take->wait);
                         // Each creation costs N tokens: this node alone gives 1/N of the budget.
                         done(fallback_creates_.take(address, Clock::now(), static_cast<double>(shared_->nodes())));
                       });
}

std::optional<AddressLimits::Clock::duration> AddressLimits::join(const std::string& address, Clock::time_point now) {
  if (!settings_.enabled) return std::nullopt;
  return joins_.take(address, now);
}

bool AddressLimits::message(const std::string& address, const std::string& seat, Clock::time_point now) {
  if (!seat.empty() && seat_messages_.take(seat, now)) return false;
  return !settings_.enabled || !messages_.take(address, now);
}

std::optional<AddressLimits::Lease> AddressLimits::computer_game(const std::string& address) {
  if (!settings_.enabled) return Lease();
  return computer_games_.acquire(address, settings_.computer_games_per_address);
}

void AddressLimits::computer_game_shared(const std::string& address, std::function<void(std::optional<Lease>)> done) {
  if (!settings_.enabled) return done(Lease());
  const std::size_t cap = settings_.computer_games_per_address;
  auto counted = computer_games_.acquire_counted(address, cap);
  if (!counted || !shared_) return done(counted ? std::optional(std::move(counted->first)) : std::nullopt);
  const std::size_t held = counted->second + 1;
  auto lease = std::make_shared<Lease>(std::move(counted->first));  // given back if refused
  shared_->hold_computer_games(address, held, cap, [this, held, cap, lease, done = std::move(done)](std::optional<bool> within) {
    const bool admitted = within ? *within : held <= std::max<std::size_t>(1, cap / shared_->nodes());
    if (!admitted) return done(std::nullopt);
    done(std::move(*lease));
  });
}

std::optional<AddressLimits::Lease> AddressLimits::analysis(const std::string& address) {
  if (!settings_.enabled) return Lease();
  return analyses_.acquire(address, settings_.analyses_per_address);
}

std::optional<AddressLimits::Clock::duration> AddressLimits::analysis_start(const std::string& address, Clock::time_point now) {
  if (!settings_.enabled) return std::nullopt;
  return analysis_starts_.take(address, now);
}

}  // namespace arbiter
