#include "protocol/events.h"

namespace arbiter::protocol {

std::string_view type_name(const Event& event) {
  switch (event.kind) {
    case Event::Kind::Joined: return "joined";
    case Event::Kind::Moved: return "move";
    case Event::Kind::DrawOffered: return "draw_offer";
    case Event::Kind::DrawDeclined: return "draw_declined";
    case Event::Kind::TakebackOffered: return "takeback_offer";
    case Event::Kind::TakebackDeclined: return "takeback_declined";
    case Event::Kind::TakenBack: return "takeback";
    case Event::Kind::Ended: return "end";
    case Event::Kind::RematchOffered: return "rematch_offer";
    case Event::Kind::RematchDeclined: return "rematch_declined";
    case Event::Kind::Rematched: return "rematch";
    case Event::Kind::Tried:
    case Event::Kind::Asked: return "umpire";
  }
  return "?";
}

}  // namespace arbiter::protocol
