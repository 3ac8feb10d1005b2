#pragma once
// The stored form of the match's events: a type name and a JSON payload per event, as the
// store keeps them. Replaying what parse_event reads rebuilds a game exactly.
#include <optional>
#include <string>
#include <string_view>

#include "match/event.h"
#include "protocol/names.h"

namespace arbiter::protocol {

using match::ClockTimes;
using match::Event;

// "joined", "move", "draw_offer", "end", "umpire" (a hidden game's try or question).
std::string_view type_name(const Event& event);
std::string event_payload(const Event& event);
// nullopt for an unknown type or a payload that is not what event_payload writes.
std::optional<Event> parse_event(std::string_view type, std::string_view payload);

}  // namespace arbiter::protocol
