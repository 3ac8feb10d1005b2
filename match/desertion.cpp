#include "match/desertion.h"

#include <algorithm>

namespace arbiter::match {

bool waits_on_nobody(const Match& match) {
  return match.status() == Status::Playing && !match.computer() && !match.deadline();
}

std::optional<Ended> desertion_end(const Match& match, std::optional<std::int64_t> last_activity_ms, std::int64_t now_ms) {
  if (!last_activity_ms || !waits_on_nobody(match)) return std::nullopt;
  const std::int64_t since_ms = std::max(*last_activity_ms, match.last_event_ms());
  if (now_ms - since_ms < match.waits().deserted_after.count()) return std::nullopt;
  // No clock runs (waits_on_nobody): the end carries none.
  if (match.ply() == 0) return Ended{Result::Aborted, EndReason::Abort, std::nullopt};
  return Ended{Result::Aborted, EndReason::Deserted, std::nullopt};
}

}  // namespace arbiter::match
