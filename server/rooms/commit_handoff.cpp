#include "server/rooms/commit_handoff.h"

#include <utility>

#include <boost/asio/defer.hpp>
#include <boost/asio/post.hpp>

namespace arbiter {

CommitHandoff::CommitHandoff(boost::asio::io_context& io) : boost::asio::execution_context::service(io), io_(io) {}

void CommitHandoff::post(const Strand& strand, Task task, std::shared_ptr<void> owner) {
  {
    std::lock_guard lock(mutex_);
    if (shut_down_) return;
    pending_.push_back({strand, std::move(task), std::move(owner)});
    if (std::exchange(delivering_, true)) return;  // the deliverer on its way takes it too
  }
  boost::asio::post(io_, [this] { deliver(); });
}

// One deliverer at a time, so that tasks reach their strands in the order they were handed over.
void CommitHandoff::deliver() {
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (pending_.empty()) {
        delivering_ = false;
        return;
      }
      taken_.swap(pending_);
    }
    // Deferred, not posted: they go to this thread's own queue, which it runs next (another
    // thread is woken only if more than one is waiting), rather than waking the other thread
    // for each.
    for (Handed& handed : taken_)
      boost::asio::defer(handed.strand, [task = std::move(handed.task), owner = std::move(handed.owner)] { task(); });
    taken_.clear();
  }
}

void CommitHandoff::shutdown() {
  std::vector<Handed> dropped;
  std::lock_guard lock(mutex_);
  shut_down_ = true;
  dropped.swap(pending_);
}

}  // namespace arbiter
