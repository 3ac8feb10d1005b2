#include "protocol/events.h"

namespace arbiter::protocol {

std::string_view type_name(const Event& event) {
  using namespace match;
  return std::visit(overloaded{
                        [](const Joined&) { return "joined"; },
                        [](const Moved&) { return "move"; },
                        [](const DrawOffered&) { return "draw_offer"; },
                        [](const DrawDeclined&) { return "draw_declined"; },
                        [](const TakebackOffered&) { return "takeback_offer"; },
                        [](const TakebackDeclined&) { return "takeback_declined"; },
                        [](const TakenBack&) { return "takeback"; },
                        [](const Ended&) { return "end"; },
                        [](const RematchOffered&) { return "rematch_offer"; },
                        [](const RematchDeclined&) { return "rematch_declined"; },
                        [](const Rematched&) { return "rematch"; },
                        [](const Tried&) { return "umpire"; },
                        [](const Asked&) { return "umpire"; },
                    },
                    event);
}

}  // namespace arbiter::protocol
