// Room::end_if_deserted: the registry's sweep asks; the match decides (match/desertion.h).
#include "match/desertion.h"
#include "server/rooms/room.h"
#include "server/rooms/room_tasks.h"

namespace arbiter {

void Room::end_if_deserted() {
  on_strand([this] {
    run([this] {
      // A connection now holds the game open, whatever the time since the last one.
      const auto quiet_since = audience_.empty() ? std::optional(seen_ms_) : std::nullopt;
      auto end = match::desertion_end(match_, quiet_since, clock_.wall_ms());
      if (end) carry_out(match::Decision{{*end}, std::nullopt, std::nullopt}, nullptr);
    });
  });
}

}  // namespace arbiter
