#pragma once
// A first-in first-out queue over one vector: nothing allocated while it has never held anything
// (std::deque allocates a map and a 512-byte block as it is made: a socket's queue, nearly always
// empty, cost about 600 bytes that way), and no allocation per element once its vector has grown
// to the usual depth.
#include <cstddef>
#include <utility>
#include <vector>

namespace arbiter {

template <class T>
class Fifo {
 public:
  bool empty() const { return head_ == items_.size(); }
  std::size_t size() const { return items_.size() - head_; }
  T& front() { return items_[head_]; }

  void push_back(T item) { items_.push_back(std::move(item)); }

  void pop_front() {
    items_[head_++] = T();  // what it holds goes now
    if (head_ == items_.size()) {
      items_.clear();  // the capacity stays for the next ones
      head_ = 0;
    } else if (head_ >= kCompactAfter && head_ * 2 >= items_.size()) {
      // Never empty for long: the spent front is let go before it outgrows what waits.
      items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
  }

  // Drops everything after the first `kept` elements.
  void keep_first(std::size_t kept) {
    if (kept < size()) items_.resize(head_ + kept);
    if (empty()) clear();
  }

  void clear() {
    items_.clear();
    head_ = 0;
  }

 private:
  static constexpr std::size_t kCompactAfter = 32;
  std::vector<T> items_;
  std::size_t head_ = 0;
};

}  // namespace arbiter
