#include "match/event.h"

namespace arbiter::match {
namespace {

Event by_side(Event::Kind kind, rules::Color by, std::optional<ClockTimes> clock) {
  Event e;
  e.kind = kind;
  e.by = by;
  e.clock = clock;
  return e;
}

}  // namespace

Event Event::joined(rules::Color seat, std::optional<ClockTimes> clock) { return by_side(Kind::Joined, seat, clock); }

Event Event::moved(std::string move, int ply, std::optional<ClockTimes> clock) {
  Event e;
  e.kind = Kind::Moved;
  e.move = std::move(move);
  e.ply = ply;
  e.clock = clock;
  return e;
}

Event Event::tried(rules::Color by, std::string move, int ply, bool accepted, std::optional<ClockTimes> clock) {
  Event e = by_side(Kind::Tried, by, clock);
  e.move = std::move(move);
  e.ply = ply;
  e.accepted = accepted;
  return e;
}

Event Event::asked(rules::Color by, int ply, rules::AnyAnswer answer, std::optional<ClockTimes> clock) {
  Event e = by_side(Kind::Asked, by, clock);
  e.ply = ply;
  e.answer = answer;
  return e;
}

Event Event::draw_offered(rules::Color by, std::optional<ClockTimes> clock) {
  return by_side(Kind::DrawOffered, by, clock);
}

Event Event::draw_declined(rules::Color by, std::optional<ClockTimes> clock) {
  return by_side(Kind::DrawDeclined, by, clock);
}

Event Event::takeback_offered(rules::Color by, std::optional<ClockTimes> clock) {
  return by_side(Kind::TakebackOffered, by, clock);
}

Event Event::takeback_declined(rules::Color by, std::optional<ClockTimes> clock) {
  return by_side(Kind::TakebackDeclined, by, clock);
}

Event Event::taken_back(rules::Color by, int plies, std::optional<ClockTimes> clock) {
  Event e = by_side(Kind::TakenBack, by, clock);
  e.plies = plies;
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
