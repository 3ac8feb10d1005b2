// What the Kriegspiel player counts men as (engine/kriegspiel_values.h): chess's men on the
// textbook scale it was tuned on, every other kind as the engine's evaluation values it.
#include <doctest/doctest.h>

#include "engine/kriegspiel_values.h"

using namespace arbiter;

namespace {

int value_of(const rules::Variant& v, std::string_view id) {
  for (std::size_t k = 0; k < v.kinds.size(); ++k)
    if (v.kinds[k].key() == id) return engine::man_value(v, int(k));
  FAIL("no kind ", id);
  return 0;
}

}  // namespace

TEST_CASE("the Kriegspiel player counts chess's men on the textbook scale") {
  const rules::Variant& v = *rules::find_variant("kriegspiel");
  CHECK(value_of(v, "pawn") == 100);
  CHECK(value_of(v, "knight") == 320);
  CHECK(value_of(v, "bishop") == 330);
  CHECK(value_of(v, "rook") == 500);
  CHECK(value_of(v, "queen") == 900);
  CHECK(engine::man_value(v, v.royal_kind()) == 0);
}

TEST_CASE("the Kriegspiel player counts any other kind as the engine's evaluation does") {
  const rules::Variant& v = *rules::find_variant("capablanca");
  for (std::string_view id : {"archbishop", "chancellor"}) {
    int kind = -1;
    for (std::size_t k = 0; k < v.kinds.size(); ++k)
      if (v.kinds[k].key() == id) kind = int(k);
    REQUIRE(kind >= 0);
    CHECK(engine::man_value(v, kind) == engine::Evaluator::of(v).value(kind));
    CHECK(engine::man_value(v, kind) == engine::material(v, kind).mg);
  }
}
