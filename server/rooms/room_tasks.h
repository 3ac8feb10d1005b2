#pragma once
// How a room's work gets onto its strand and behind its commit in flight: for the files that
// define Room's members (room.cpp, room_desertion.cpp).
#include <boost/asio/post.hpp>
#include <utility>

#include "server/rooms/room.h"

namespace arbiter {

template <class F>
void Room::on_strand(F&& f) {
  boost::asio::post(strand_, [self = shared_from_this(), f = std::forward<F>(f)]() mutable { f(); });
}

template <class F>
void Room::run(F&& task) {
  if (busy_) {
    queue_.push_back(std::forward<F>(task));
    return;
  }
  task();  // no std::function made: most tasks run at once
}

}  // namespace arbiter
