#include "match/event.h"

namespace arbiter::match {
namespace {

template <typename Kind>
concept Clocked = requires(Kind kind) { kind.clock; };

}  // namespace

std::optional<ClockTimes> clock_of(const Event& event) {
  return std::visit(
      [](const auto& kind) -> std::optional<ClockTimes> {
        if constexpr (Clocked<std::decay_t<decltype(kind)>>) return kind.clock;
        else return std::nullopt;
      },
      event);
}

void set_clock(Event& event, std::optional<ClockTimes> clock) {
  std::visit(
      [&](auto& kind) {
        if constexpr (Clocked<std::decay_t<decltype(kind)>>) kind.clock = clock;
      },
      event);
}

bool moves_game_on(const Event& event) {
  if (std::holds_alternative<Moved>(event)) return true;
  const auto* tried = std::get_if<Tried>(&event);
  return tried && tried->accepted;
}

}  // namespace arbiter::match
