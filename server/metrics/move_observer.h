#pragma once
// How the rooms and sockets report the time a move took, without knowing who measures it (the
// metrics): from its arrival in the room to its broadcast, and by stage, so that a tail can be
// read by where it was spent. Set once by `serve` before any room runs.
#include <chrono>
#include <functional>

namespace arbiter {

enum class MoveStage {
  Decided,    // received (queued for the room) -> judged by the match
  Committed,  // judged -> its event synced to disk and back on the room's strand
  Sent,       // committed -> its event's write begun on a recipient's socket (once per recipient)
};

struct MoveObserver {
  std::function<void(std::chrono::steady_clock::duration)> handled;
  std::function<void(MoveStage, std::chrono::steady_clock::duration)> stage;
};

inline MoveObserver& move_observer() {
  static MoveObserver observer;
  return observer;
}

inline void observe_move(std::chrono::steady_clock::duration took) {
  if (const auto& observer = move_observer().handled) observer(took);
}

inline void observe_move_stage(MoveStage stage, std::chrono::steady_clock::duration took) {
  if (const auto& observer = move_observer().stage) observer(stage, took);
}

}  // namespace arbiter
