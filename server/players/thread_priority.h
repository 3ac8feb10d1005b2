#pragma once
// How far below the network and writer threads a pool's threads (the computer's, the analyses')
// are scheduled, so that a search never holds a core a person's move is waiting for.
#include <optional>
#include <string>

namespace arbiter {

struct ThreadPriority {
  int nicer_by = 10;  // added to the server's own nice value, up to 19
  // SCHED_IDLE besides: the thread runs only on a core no other thread wants, and any other thread
  // that wakes takes the core at once (a nice value only shifts shares: a running search keeps
  // the core for up to its time slice).
  bool idle = false;
};

constexpr int kLowestNice = 19;
// "idle": SCHED_IDLE at the lowest nice value (the computer's default, --computer-nice).
constexpr ThreadPriority kIdleThreadPriority{kLowestNice, true};

// "N" (0 to 19) or "idle"; nullopt otherwise.
std::optional<ThreadPriority> parse_thread_priority(const std::string& text);

// Lowers the calling thread alone (Linux schedules each thread by itself; no privilege is needed
// to lower one). Should the system refuse, the thread runs as it was: people's moves may then
// wait for a search.
void lower_this_thread(ThreadPriority priority);

}  // namespace arbiter
