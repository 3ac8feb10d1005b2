#pragma once
// The wire's name for each kind of the match's events: a message's "t". (Stored events have their
// own encoding: storage/event_codec.h.)
#include <string_view>

#include "match/event.h"
#include "protocol/names.h"

namespace arbiter::protocol {

using match::ClockTimes;
using match::Event;

// "joined", "move", "draw_offer", "end", "umpire" (a hidden game's try or question).
std::string_view type_name(const Event& event);

}  // namespace arbiter::protocol
