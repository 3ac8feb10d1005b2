// The engine with an operator's variants (tests/variants/operator.toml): a piece no built-in has
// gets a value derived from its moves, and the engine plays its variants to a rule's end. The
// derivation itself is checked against the traditional values it was fitted to.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/evaluate.h"
#include "engine/values.h"
#include "play_out.h"
#include "rules/variant_file.h"

using namespace arbiter;

namespace {

// Loaded once and kept: the engine's evaluators point at the variants for the program's life.
const rules::VariantFile& operator_file() {
  static const rules::VariantFile file = [] {
    std::ifstream in(OPERATOR_VARIANTS);
    std::stringstream text;
    text << in.rdbuf();
    return rules::load_variant_file(text.str());
  }();
  return file;
}

const rules::Variant& operator_variant(const std::string& name) {
  for (const rules::Variant& v : operator_file().variants)
    if (v.name == name) return v;
  FAIL("no variant " << name << " in " << OPERATOR_VARIANTS);
  throw std::logic_error("unreachable");
}

int kind_of(const rules::Variant& v, const std::string& id) {
  for (std::size_t k = 0; k < v.kinds.size(); ++k)
    if (v.kinds[k].key() == id) return int(k);
  FAIL("no kind " << id << " in " << v.name);
  return -1;
}

}  // namespace

TEST_CASE("operator's variants: the file loads") {
  CHECK(operator_file().errors.empty());
  REQUIRE(operator_file().variants.size() == 2);
}

TEST_CASE("a derived value: the wizard (ferz + camel, 12 leaps) is worth more than a knight and less than a queen") {
  for (const std::string name : {"wizard-chess", "wizard-ring"}) {
    CAPTURE(name);
    const rules::Variant& v = operator_variant(name);
    const int wizard = engine::material(v, kind_of(v, "wizard")).mg;
    MESSAGE(name << ": the wizard is worth " << wizard);
    CHECK(wizard > engine::material(v, kind_of(v, "knight")).mg);
    CHECK(wizard < engine::material(v, kind_of(v, "queen")).mg);
    CHECK(wizard == engine::derived_material(v, kind_of(v, "wizard")).mg);
  }
}

TEST_CASE("derived values come within a tenth of the traditional ones of chess's men and the compounds") {
  for (const rules::Variant* v : rules::all_variants()) {
    if (v->geometry.wraps()) continue;  // the traditions are the rectangle's
    for (std::size_t k = 0; k < v->kinds.size(); ++k) {
      const rules::PieceKind& kind = v->kinds[k];
      const std::string id = kind.key();
      if (id != "knight" && id != "bishop" && id != "rook" && id != "queen" && id != "archbishop" && id != "chancellor")
        continue;
      CAPTURE(v->name);
      CAPTURE(id);
      const int traditional = engine::material(*v, int(k)).mg, derived = engine::derived_material(*v, int(k)).mg;
      CHECK(std::abs(derived - traditional) * 10 <= traditional);
    }
  }
}

TEST_CASE("every kind of every variant has a value, the royal one none, and none throws") {
  for (const rules::Variant* v : rules::all_variants())
    for (std::size_t k = 0; k < v->kinds.size(); ++k) {
      CAPTURE(v->name);
      CAPTURE(v->kinds[k].key());
      const engine::Value value = engine::material(*v, int(k));
      if (v->kinds[k].royal) CHECK(value.mg == 0);
      else CHECK(value.mg > 0);
    }
}

TEST_CASE("self-play in the operator's variants: the games end by their rules with legal moves only") {
  for (const rules::Variant& v : operator_file().variants) {
    for (std::uint64_t seed : {1, 2}) {
      CAPTURE(v.name);
      CAPTURE(seed);
      int plies = 0;
      const rules::Outcome outcome = testing::play_out(v, seed, 1500, plies);
      MESSAGE(v.name << " game " << seed << ": " << outcome.score() << " by " << rules::to_string(outcome.reason) << " after "
                     << plies << " plies");
      CHECK(outcome.over());
      CHECK(outcome.reason != rules::Reason::None);
    }
  }
}

TEST_CASE("the evaluator of an operator's variant counts the wizard: a side a wizard up is ahead") {
  const rules::Variant& v = operator_variant("wizard-chess");
  const auto& eval = engine::Evaluator::of(v);
  // White without its wizard on g1, Black with its own: Black is ahead, whoever moves.
  auto white_to_move = rules::Position::from_fen(v, "rnbqkbwr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
  auto black_to_move = rules::Position::from_fen(v, "rnbqkbwr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 1");
  REQUIRE(white_to_move);
  REQUIRE(black_to_move);
  CHECK(eval.evaluate(*white_to_move) < -200);
  CHECK(eval.evaluate(*black_to_move) > 200);
}
