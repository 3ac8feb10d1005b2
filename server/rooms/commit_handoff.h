#pragma once
// Brings the store's answers from its writer's thread to the rooms' strands. Posting to a strand
// from outside the network threads takes the io_context's lock (which its threads contend for),
// may wake one of them, and allocates the handler with plain malloc: per event, a large part of
// what a move cost across the hop. Here the answers wait in a list under a lock of their own, and
// one handler carries all that came meanwhile (usually a transaction's) to a network thread,
// which defers each to its strand from there (its own queue, its own handler memory).
// A service of the io_context: it lives as long as the strands it posts to.
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include <boost/asio/execution_context.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

namespace arbiter {

class CommitHandoff : public boost::asio::execution_context::service {
 public:
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
  // Keep it small: a pointer fits std::function's own storage, with no allocation.
  using Task = std::function<void()>;

  static inline boost::asio::execution_context::id id;

  // The io_context's, made on first use: boost::asio::use_service<CommitHandoff>(io).
  explicit CommitHandoff(boost::asio::io_context& io);

  // From any thread: `task` runs on `strand` (after the tasks handed over to it before), `owner`
  // held until it has run. Once the io_context is shut down, both are dropped at once.
  void post(const Strand& strand, Task task, std::shared_ptr<void> owner);

 private:
  struct Handed {
    Strand strand;
    Task task;
    std::shared_ptr<void> owner;
  };

  void shutdown() override;
  void deliver();

  boost::asio::io_context& io_;
  std::mutex mutex_;
  std::vector<Handed> pending_;
  bool delivering_ = false;  // a handler is posted or running; it takes whatever comes meanwhile
  bool shut_down_ = false;
  // The deliverer's (one at a time): the two lists swap, so neither allocates once grown.
  std::vector<Handed> taken_;
};

}  // namespace arbiter
