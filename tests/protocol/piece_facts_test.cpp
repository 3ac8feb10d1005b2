// What the page is told of the kinds of an operator's variant: a kind the page has a drawing for
// keeps it whatever variant it is in, and a new one gets its letter as a generated glyph.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/piece_facts.h"
#include "protocol/variants_json.h"
#include "rules/variant_file.h"

using namespace arbiter;

TEST_CASE("piece facts: a new kind is drawn as its letter, the parent's kinds as before") {
  const rules::VariantFile file = rules::load_variant_file(R"(
[wizard-chess]
parent = "chess"
setup = "rnbqkbwr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBWR w KQkq - 0 1"
promotion_choices = ["queen", "wizard"]
[[wizard-chess.pieces]]
id = "wizard"
letter = "W"
betza = "FC"
)");
  REQUIRE(file.errors.empty());
  const rules::Variant& v = file.variants.front();
  for (const rules::PieceKind& kind : v.kinds) {
    const nlohmann::json facts = protocol::piece_facts(v, kind);
    CAPTURE(kind.key());
    if (kind.key() == "wizard") {
      CHECK(facts["drawing"] == "glyph-W");
      CHECK(facts["id"] == "wizard");
      CHECK(facts["name"] == "wizard");
      CHECK(facts["text"] == "Moves and captures one square diagonally, or a 3+1 leap, jumping.");
      CHECK(facts["diagram"]["moves_to"].size() == 12);
    } else {
      CHECK(facts["drawing"] == kind.key());
    }
  }
}

TEST_CASE("piece facts: every built-in kind has a drawing of its own, none a generated glyph") {
  const auto listed = protocol::variants_json();  // held: a range-for over a temporary's member dangles
  REQUIRE(listed["variants"].size() == rules::all_variants().size());
  for (const auto& variant : listed["variants"])
    for (const auto& piece : variant["pieces"]) {
      CAPTURE(variant["name"]);
      CAPTURE(piece["id"]);
      CHECK(piece["drawing"].get<std::string>().rfind("glyph-", 0) != 0);
    }
}
