#pragma once
// How a room's work gets onto its strand: for the files that define Room's members.
#include <boost/asio/post.hpp>
#include <utility>

#include "server/rooms/room.h"

namespace arbiter {

template <class F>
void Room::on_strand(F&& f) {
  boost::asio::post(strand_, [self = shared_from_this(), f = std::forward<F>(f)]() mutable { f(); });
}

}  // namespace arbiter
