// What the page is told of the kinds of an operator's variant: a kind the page has a drawing for
// keeps it whatever variant it is in, and a new one gets its letter as a generated glyph.
#include <doctest/doctest.h>

#include <string>
#include <vector>

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
  const auto listed = protocol::variants_json({});  // held: a range-for over a temporary's member dangles
  REQUIRE(listed["variants"].size() == rules::all_variants().size());
  for (const auto& variant : listed["variants"])
    for (const auto& piece : variant["pieces"]) {
      CAPTURE(variant["name"]);
      CAPTURE(piece["id"]);
      CHECK(piece["drawing"].get<std::string>().rfind("glyph-", 0) != 0);
    }
}

namespace {

// The facts of each kind of a variant with the hoppers, the lame horse and the ranged riders.
nlohmann::json fairy_facts(const char* id) {
  static const rules::VariantFile file = rules::load_variant_file(R"(
[fairy-pieces]
parent = "chess"
[[fairy-pieces.pieces]]
id = "cannon"
letter = "C"
betza = "mRcpR"
[[fairy-pieces.pieces]]
id = "grasshopper"
letter = "G"
betza = "gQ"
[[fairy-pieces.pieces]]
id = "horse"
letter = "H"
betza = "nN"
[[fairy-pieces.pieces]]
id = "short-rook"
letter = "S"
betza = "R2"
[[fairy-pieces.pieces]]
id = "long-rook"
letter = "L"
betza = "R4"
[[fairy-pieces.pieces]]
id = "wazir-knight"
letter = "W"
betza = "WiN"
)");
  REQUIRE(file.errors.empty());
  const rules::Variant& v = file.variants.front();
  for (const rules::PieceKind& kind : v.kinds)
    if (kind.key() == id) return protocol::piece_facts(v, kind);
  FAIL("no kind " << id);
  return {};
}

using Squares = std::vector<std::string>;
Squares squares(const nlohmann::json& list) { return list.get<Squares>(); }

}  // namespace

TEST_CASE("piece facts: the cannon moves as a rook and captures by jumping exactly one man, shown with a screen") {
  const nlohmann::json cannon = fairy_facts("cannon");
  CHECK(cannon["text"] == "Moves without capturing any distance orthogonally. Captures by jumping exactly one man "
                          "(of either side) orthogonally, taking the next man beyond it, at any distance.");
  // Screens in front of it and to its right; it moves up to them, and back and left freely, and
  // captures only beyond a screen.
  const nlohmann::json& diagram = cannon["diagram"];
  CHECK(diagram["from"] == "d4");
  CHECK(squares(diagram["screens"]) == Squares{"d5", "e4"});
  CHECK(squares(diagram["moves_to"]) == Squares{"a4", "b4", "c4", "d1", "d2", "d3"});
  CHECK(squares(diagram["captures_to"]) == Squares{"d6", "d7", "f4", "g4"});
}

TEST_CASE("piece facts: the grasshopper lands just beyond the man it jumps, in any direction") {
  const nlohmann::json grasshopper = fairy_facts("grasshopper");
  CHECK(grasshopper["text"] == "Moves and captures by jumping the nearest man (of either side) in any direction, "
                               "landing on the square just beyond it.");
  const nlohmann::json& diagram = grasshopper["diagram"];
  CHECK(squares(diagram["screens"]) == Squares{"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"});
  const Squares lands{"b2", "b4", "b6", "d2", "d6", "f2", "f4", "f6"};
  CHECK(squares(diagram["moves_to"]) == lands);
  CHECK(squares(diagram["captures_to"]) == lands);
}

TEST_CASE("piece facts: a lame leaper is said to be blocked, a ranged rider its limit, an i move where it is made") {
  const nlohmann::json horse = fairy_facts("horse");
  CHECK(horse["text"] == "Moves and captures a knight's leap (2+1), not jumping: a man on the square next to it in the "
                         "leap's long direction blocks it.");
  CHECK(horse["diagram"]["moves_to"].size() == 8);
  CHECK_FALSE(horse["diagram"].contains("screens"));

  const nlohmann::json short_rook = fairy_facts("short-rook");
  CHECK(short_rook["text"] == "Moves and captures up to 2 squares orthogonally.");
  const Squares two_each_way{"b4", "c4", "d2", "d3", "d5", "d6", "e4", "f4"};
  CHECK(squares(short_rook["diagram"]["moves_to"]) == two_each_way);
  CHECK(squares(short_rook["diagram"]["captures_to"]) == two_each_way);
  CHECK(fairy_facts("long-rook")["text"] == "Moves and captures up to 4 squares orthogonally.");

  CHECK(fairy_facts("wazir-knight")["text"] ==
        "Moves and captures one square orthogonally, or a knight's leap (2+1), jumping, only from its 2nd rank.");
}
