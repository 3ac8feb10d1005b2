#pragma once
// A queue shared fairly between keys (client addresses): the keys with something waiting take
// turns, one item each, in the order they first came. One key with many items waiting delays
// another key's single item by at most one of its own, not by all of them.
#include <cstddef>
#include <deque>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace arbiter {

template <class Item>
class FairQueue {
 public:
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  // A key with nothing waiting joins the turns at the back.
  void push(const std::string& key, Item item) {
    auto [waiting, joined] = waiting_.try_emplace(key);
    waiting->second.push_back(std::move(item));
    if (joined) turns_.push_back(key);
    ++size_;
  }

  // The oldest item of the key whose turn it is; that key, if it has more, goes to the back.
  // Not on an empty queue.
  Item pop() {
    std::string key = std::move(turns_.front());
    turns_.pop_front();
    auto waiting = waiting_.find(key);
    Item item = std::move(waiting->second.front());
    waiting->second.pop_front();
    if (waiting->second.empty())
      waiting_.erase(waiting);
    else
      turns_.push_back(std::move(key));
    --size_;
    return item;
  }

  // Every item, in no particular order; the queue is left empty.
  std::vector<Item> take_all() {
    std::vector<Item> items;
    items.reserve(size_);
    for (auto& [key, waiting] : waiting_)
      for (auto& item : waiting) items.push_back(std::move(item));
    waiting_.clear();
    turns_.clear();
    size_ = 0;
    return items;
  }

 private:
  std::unordered_map<std::string, std::deque<Item>> waiting_;  // only keys with something waiting
  std::deque<std::string> turns_;                              // those keys, the next to be served first
  std::size_t size_ = 0;
};

}  // namespace arbiter
