// One server's seeks, in its memory (SeekBoard, server/lobby/lobby.h).
#include "server/lobby/lobby.h"

#include <map>
#include <mutex>
#include <unordered_map>

#include "server/rooms/security.h"

namespace arbiter {
namespace {

class MemorySeekBoard : public SeekBoard {
 public:
  void add(OpenSeek seek) override {
    std::lock_guard lock(mutex_);
    if (seek.order == 0) seek.order = ++last_order_;
    ++per_owner_[seek.owner];
    order_of_[seek.seek.id] = seek.order;
    seeks_.emplace(seek.order, std::move(seek));
  }

  std::optional<OpenSeek> take(const std::string& id, std::optional<std::uint64_t> owner) override {
    std::lock_guard lock(mutex_);
    auto it = locate(id);
    if (it == seeks_.end() || (owner && it->second.owner != *owner)) return std::nullopt;
    OpenSeek taken = std::move(it->second);
    forget(it);
    return taken;
  }

  std::optional<OpenSeek> find(const std::string& id) const override {
    std::lock_guard lock(mutex_);
    auto it = locate(id);
    if (it == seeks_.end()) return std::nullopt;
    return it->second;
  }

  std::vector<protocol::Seek> newest(std::size_t n) const override {
    std::lock_guard lock(mutex_);
    std::vector<protocol::Seek> out;
    for (auto it = seeks_.rbegin(); it != seeks_.rend() && out.size() < n; ++it) out.push_back(it->second.seek);
    return out;
  }

  std::size_t size() const override {
    std::lock_guard lock(mutex_);
    return seeks_.size();
  }

  std::size_t count_of(std::uint64_t owner) const override {
    std::lock_guard lock(mutex_);
    auto it = per_owner_.find(owner);
    return it == per_owner_.end() ? 0 : it->second;
  }

  void owner_gone(std::uint64_t owner, LobbyClock::time_point now) override {
    std::lock_guard lock(mutex_);
    if (!per_owner_.contains(owner)) return;
    for (auto& [order, s] : seeks_)
      if (s.owner == owner) s.owner_gone_since = now;
  }

  bool reclaim(const std::string& id, const std::string& creator_hash, std::uint64_t owner, const std::string& browser) override {
    std::lock_guard lock(mutex_);
    auto it = locate(id);
    if (it == seeks_.end() || !security::same_secret(it->second.creator_hash, creator_hash)) return false;
    OpenSeek& s = it->second;
    release_owner(s.owner);
    ++per_owner_[owner];
    s.owner = owner;
    s.browser = browser;
    s.owner_gone_since.reset();
    return true;
  }

  std::vector<std::string> expire(LobbyClock::time_point cutoff) override {
    std::lock_guard lock(mutex_);
    std::vector<std::string> gone;
    for (auto it = seeks_.begin(); it != seeks_.end();) {
      const OpenSeek& s = it->second;
      if (!s.owner_gone_since || *s.owner_gone_since > cutoff) {
        ++it;
        continue;
      }
      gone.push_back(s.seek.id);
      forget(it++);
    }
    return gone;
  }

 private:
  using Seeks = std::map<std::uint64_t, OpenSeek>;

  Seeks::const_iterator locate(const std::string& id) const {
    auto order = order_of_.find(id);
    return order == order_of_.end() ? seeks_.end() : seeks_.find(order->second);
  }
  Seeks::iterator locate(const std::string& id) {
    auto order = order_of_.find(id);
    return order == order_of_.end() ? seeks_.end() : seeks_.find(order->second);
  }
  void release_owner(std::uint64_t owner) {
    if (auto it = per_owner_.find(owner); it != per_owner_.end() && --it->second == 0) per_owner_.erase(it);
  }
  void forget(Seeks::iterator it) {
    release_owner(it->second.owner);
    order_of_.erase(it->second.seek.id);
    seeks_.erase(it);
  }

  mutable std::mutex mutex_;
  Seeks seeks_;  // by order: oldest first
  std::unordered_map<std::string, std::uint64_t> order_of_;
  std::unordered_map<std::uint64_t, std::size_t> per_owner_;  // open seeks by owner connection
  std::uint64_t last_order_ = 0;
};

}  // namespace

std::unique_ptr<SeekBoard> make_memory_seek_board() { return std::make_unique<MemorySeekBoard>(); }

}  // namespace arbiter
