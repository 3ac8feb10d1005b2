#pragma once
// How the rooms report the time a move took, from its arrival in the room to its broadcast,
// without knowing who measures it (the metrics). Set once by `serve` before any room runs.
#include <chrono>
#include <functional>

namespace arbiter {

using MoveObserver = std::function<void(std::chrono::steady_clock::duration)>;

inline MoveObserver& move_observer() {
  static MoveObserver observer;
  return observer;
}

inline void observe_move(std::chrono::steady_clock::duration took) {
  if (const auto& observer = move_observer()) observer(took);
}

}  // namespace arbiter
