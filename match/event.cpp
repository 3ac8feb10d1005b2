#include "match/event.h"

namespace arbiter::match {

Event Event::joined(rules::Color seat, std::optional<ClockTimes> clock) {
  Event e;
  e.kind = Kind::Joined;
  e.by = seat;
  e.clock = clock;
  return e;
}

Event Event::moved(std::string move, int ply, std::optional<ClockTimes> clock) {
  Event e;
  e.kind = Kind::Moved;
  e.move = std::move(move);
  e.ply = ply;
  e.clock = clock;
  return e;
}

Event Event::tried(rules::Color by, std::string move, int ply, bool accepted, std::optional<ClockTimes> clock) {
  Event e;
  e.kind = Kind::Tried;
  e.by = by;
  e.move = std::move(move);
  e.ply = ply;
  e.accepted = accepted;
  e.clock = clock;
  return e;
}

Event Event::asked(rules::Color by, int ply, rules::AnyAnswer answer, std::optional<ClockTimes> clock) {
  Event e;
  e.kind = Kind::Asked;
  e.by = by;
  e.ply = ply;
  e.answer = answer;
  e.clock = clock;
  return e;
}

Event Event::draw_offered(rules::Color by, std::optional<ClockTimes> clock) {
  Event e;
  e.kind = Kind::DrawOffered;
  e.by = by;
  e.clock = clock;
  return e;
}

Event Event::ended(Result result, EndReason reason, std::optional<ClockTimes> clock) {
  Event e;
  e.kind = Kind::Ended;
  e.result = result;
  e.reason = reason;
  e.clock = clock;
  return e;
}

}  // namespace arbiter::match
