#pragma once
// HTTP connections waiting for a request head, oldest first. When every connection slot is
// taken, a newcomer takes the slot of the connection that has waited longest (which is closed)
// instead of being refused: idle or slow connections cannot keep a seated player out.
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <utility>

namespace arbiter {

class WaitingConnections {
 public:
  using Close = std::function<void()>;  // asks the connection to close (on its own strand)

  // Listed while it lives: the connection waits for a head.
  class Entry {
   public:
    Entry() = default;
    Entry(WaitingConnections* list, std::uint64_t serial) : list_(list), serial_(serial) {}
    Entry(Entry&& other) noexcept : list_(std::exchange(other.list_, nullptr)), serial_(other.serial_) {}
    Entry& operator=(Entry&& other) noexcept {
      if (this != &other) {
        leave();
        list_ = std::exchange(other.list_, nullptr);
        serial_ = other.serial_;
      }
      return *this;
    }
    ~Entry() { leave(); }
    explicit operator bool() const { return list_ != nullptr; }

   private:
    void leave() {
      if (!list_) return;
      std::lock_guard lock(list_->mutex_);
      list_->waiting_.erase(serial_);
      list_ = nullptr;
    }
    WaitingConnections* list_ = nullptr;
    std::uint64_t serial_ = 0;
  };

  Entry add(Close close) {
    std::lock_guard lock(mutex_);
    waiting_.emplace(next_serial_, std::move(close));
    return Entry(this, next_serial_++);
  }

  // Asks the connection that has waited longest to close; false when none waits.
  bool close_oldest() {
    Close close;
    {
      std::lock_guard lock(mutex_);
      if (waiting_.empty()) return false;
      close = std::move(waiting_.begin()->second);
      waiting_.erase(waiting_.begin());
    }
    close();
    return true;
  }

 private:
  std::mutex mutex_;
  std::map<std::uint64_t, Close> waiting_;  // by serial: the oldest first
  std::uint64_t next_serial_ = 0;
};

}  // namespace arbiter
