#pragma once
// A room's tasks in order behind what it is storing: while a commit (or a seat, or a rematch's
// game) is being stored, later tasks wait; once it is done they run in the order they came.
// Used on the room's strand only.
#include <functional>
#include <utility>

#include "server/rooms/fifo.h"

namespace arbiter {

class CommitQueue {
 public:
  // Something is being stored: tasks wait.
  bool busy() const { return busy_; }
  void hold() { busy_ = true; }
  // Stored (or refused): tasks may run again, once drain() runs them.
  void release() { busy_ = false; }

  // Runs a task now, or after what is being stored (tasks keep their order).
  template <class F>
  void run(F&& task) {
    if (busy_) {
      waiting_.push_back(std::forward<F>(task));
      return;
    }
    task();  // no std::function made: most tasks run at once
  }

  // Runs the waiting tasks in order until one holds the queue again (or none is left).
  void drain() {
    while (!busy_ && !waiting_.empty()) {
      auto task = std::move(waiting_.front());
      waiting_.pop_front();
      task();
    }
  }

 private:
  bool busy_ = false;
  Fifo<std::function<void()>> waiting_;
};

}  // namespace arbiter
