#pragma once
// HTTP connections waiting for a request head, oldest first. When every connection slot is
// taken, a newcomer takes the slot of the connection that has waited longest (which is closed)
// instead of being refused: idle or slow connections cannot keep a seated player out.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

namespace arbiter {

class WaitingConnections {
  struct List {
    std::mutex mutex;
    std::map<std::uint64_t, std::function<void()>> waiting;  // by serial: the oldest first
    std::uint64_t next_serial = 0;
  };

 public:
  using Close = std::function<void()>;  // asks the connection to close (on its own strand)

  // Listed while it lives: the connection waits for a head. It keeps the list alive, since a
  // connection may outlive the server's Services at shutdown.
  class Entry {
   public:
    Entry() = default;
    Entry(std::shared_ptr<List> list, std::uint64_t serial) : list_(std::move(list)), serial_(serial) {}
    Entry(Entry&&) noexcept = default;
    Entry& operator=(Entry&& other) noexcept {
      if (this != &other) {
        leave();
        list_ = std::move(other.list_);
        serial_ = other.serial_;
      }
      return *this;
    }
    ~Entry() { leave(); }
    explicit operator bool() const { return list_ != nullptr; }

   private:
    void leave() {
      if (!list_) return;
      std::lock_guard lock(list_->mutex);
      list_->waiting.erase(serial_);
      list_.reset();
    }
    std::shared_ptr<List> list_;
    std::uint64_t serial_ = 0;
  };

  Entry add(Close close) {
    std::lock_guard lock(list_->mutex);
    list_->waiting.emplace(list_->next_serial, std::move(close));
    return Entry(list_, list_->next_serial++);
  }

  // Asks the connection that has waited longest to close; false when none waits.
  bool close_oldest() {
    Close close;
    {
      std::lock_guard lock(list_->mutex);
      if (list_->waiting.empty()) return false;
      close = std::move(list_->waiting.begin()->second);
      list_->waiting.erase(list_->waiting.begin());
    }
    close();
    return true;
  }

 private:
  std::shared_ptr<List> list_ = std::make_shared<List>();
};

}  // namespace arbiter
