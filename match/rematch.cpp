#include "match/rematch.h"

namespace arbiter::match {

RematchSeating rematch_seating(const Match& match, const Rematched& agreed) {
  RematchSeating seating{agreed.game};
  for (rules::Color color : {rules::Color::White, rules::Color::Black}) {
    const rules::Color held = ~color;  // colours swapped
    seating.held[rules::index(color)] = held;
    seating.names[rules::index(color)] = match.name(held);
  }
  return seating;
}

}  // namespace arbiter::match
