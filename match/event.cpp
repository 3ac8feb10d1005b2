#include "match/event.h"

namespace arbiter::match {

std::optional<ClockTimes> clock_of(const Event& event) {
  return std::visit([](const auto& kind) { return kind.clock; }, event);
}

void set_clock(Event& event, std::optional<ClockTimes> clock) {
  std::visit([&](auto& kind) { kind.clock = clock; }, event);
}

bool moves_game_on(const Event& event) {
  if (std::holds_alternative<Moved>(event)) return true;
  const auto* tried = std::get_if<Tried>(&event);
  return tried && tried->accepted;
}

}  // namespace arbiter::match
