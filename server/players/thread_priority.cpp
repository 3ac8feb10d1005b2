#include "server/players/thread_priority.h"

#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>

namespace arbiter {

std::optional<ThreadPriority> parse_thread_priority(const std::string& text) {
  if (text == "idle") return kIdleThreadPriority;
  int nicer_by = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), nicer_by);
  if (ec != std::errc() || end != text.data() + text.size() || nicer_by < 0 || nicer_by > kLowestNice) return std::nullopt;
  return ThreadPriority{nicer_by, false};
}

void lower_this_thread(ThreadPriority priority) {
  const auto thread = static_cast<id_t>(syscall(SYS_gettid));
  errno = 0;
  const int own = getpriority(PRIO_PROCESS, thread);  // a new thread starts at its creator's value
  if (errno == 0) setpriority(PRIO_PROCESS, thread, std::min(kLowestNice, own + priority.nicer_by));
  if (priority.idle) {
    sched_param none{};
    sched_setscheduler(static_cast<pid_t>(thread), SCHED_IDLE, &none);
  }
}

}  // namespace arbiter
