#include "rules/variants/variants.h"

namespace arbiter::rules {

// kriegspiel.md: chess on a board only the umpire sees (rules/kriegspiel.h). Nobody can see a
// repetition, so there is no draw by it.
Variant make_kriegspiel() {
  Variant v = make_chess();
  v.name = "kriegspiel";
  v.title = "Kriegspiel";
  v.description = "Chess against men you cannot see: an umpire answers your tries and announces captures and checks.";
  v.repetition_draws = false;
  v.hidden = true;
  return v;
}

}  // namespace arbiter::rules
