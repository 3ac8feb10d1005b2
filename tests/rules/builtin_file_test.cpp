// The built-in variants are made from the variants file embedded in the binary
// (rules/variants/builtin.toml) and from nothing else: the file loads whole, it is what
// all_variants() hosts, its roles are the kinds' fields, and each start counts as the perft references.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "rules/game.h"
#include "rules/variant_file.h"
#include "rules/variants/builtin_file.h"

using namespace arbiter::rules;

namespace {

const VariantFile& embedded() {
  static const VariantFile file = load_variant_file(builtin_variant_text(), VariantSource::BuiltIn);
  return file;
}

const Variant& from_file(const std::string& name) {
  const std::vector<Variant>& variants = embedded().variants;
  auto found = std::find_if(variants.begin(), variants.end(), [&](const Variant& v) { return v.name == name; });
  REQUIRE_MESSAGE(found != variants.end(), "the embedded file has no " << name);
  return *found;
}

int kind_with_id(const Variant& v, const std::string& id) {
  for (std::size_t k = 0; k < v.kinds.size(); ++k)
    if (v.kinds[k].id == id) return int(k);
  return -1;
}

}  // namespace

TEST_CASE("builtin file: it loads whole, and all_variants() is its variants in its order") {
  for (const auto& e : embedded().errors) FAIL(e.message());
  std::vector<std::string> names;
  for (const Variant& v : embedded().variants) names.push_back(v.name);
  CHECK(names == std::vector<std::string>{"chess", "capablanca", "grand", "kriegspiel", "centennial", "circular", "byzantine",
                                          "fog-chess", "fog-capablanca", "fog-grand", "fog-circular", "fog-byzantine"});
  REQUIRE(all_variants().size() == embedded().variants.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    const Variant& known = *all_variants()[i];
    CHECK(known.name == names[i]);
    CHECK(known.start_fen == embedded().variants[i].start_fen);
    CHECK(known.kinds.size() == embedded().variants[i].kinds.size());
    CHECK(find_variant(names[i]) == &known);
  }
}

TEST_CASE("builtin file: the roles the rules need are the kinds' fields") {
  for (const Variant& v : embedded().variants) {
    CAPTURE(v.name);
    for (const PieceKind& kind : v.kinds) CHECK_FALSE(kind.id.empty());
    REQUIRE(v.royal_kind() >= 0);
    CHECK(v.kinds[v.royal_kind()].id == "king");
    for (const auto& rules : v.castling)
      for (const CastlingRule& rule : rules) CHECK(v.kinds[rule.rook_kind].id == "rook");
  }
  // Chess's bishops, and the ring's, draw on one colour; Capablanca's do not (as Fairy-Stockfish).
  CHECK(from_file("chess").kinds[kind_with_id(from_file("chess"), "bishop")].same_colour_pair_draws);
  CHECK(from_file("circular").kinds[kind_with_id(from_file("circular"), "bishop")].same_colour_pair_draws);
  CHECK_FALSE(from_file("capablanca").kinds[kind_with_id(from_file("capablanca"), "bishop")].same_colour_pair_draws);
  // The spearman's three facings are three kinds, each naming all three by index.
  const Variant& centennial = from_file("centennial");
  const std::vector<int> facings{kind_with_id(centennial, "spearman-file"), kind_with_id(centennial, "spearman-left"),
                                 kind_with_id(centennial, "spearman-right")};
  for (int k : facings) CHECK(centennial.kinds[k].facings == facings);
  const Variant& circular = from_file("circular");
  CHECK(circular.kinds[kind_with_id(circular, "pawn-moving-down")].forward == -1);
  CHECK(circular.legality == Legality::KingCapture);
  CHECK(from_file("byzantine").meeting_pawns_removed);
  CHECK(centennial.two_moves_until_capture);
}

TEST_CASE("builtin file: each start counts as the perft references") {
  // Fairy-Stockfish's counts (tests/rules/perft, copied from shared/perft).
  for (const std::string name : {"chess", "capablanca", "grand"}) {
    std::ifstream in(std::string(PERFT_DIR) + "/" + name + ".json");
    REQUIRE(in);
    const auto data = nlohmann::json::parse(in);
    const Variant& v = from_file(name);
    CHECK(v.start_fen == data["startfen"].get<std::string>());
    for (auto& [depth, nodes] : data["start_perft"].items())
      if (std::stoi(depth) <= 3) CHECK_MESSAGE(perft(Position::start(v), std::stoi(depth)) == nodes.get<std::uint64_t>(), name);
  }
  // The counts of the rules files' references (centennial_test.cpp, circular_test.cpp).
  for (auto [name, counts] : {std::pair<std::string, std::vector<std::uint64_t>>{"centennial", {40, 1'610, 64'392}},
                              {"circular", {20, 400, 8'584}},
                              {"byzantine", {14, 196, 2'912}},
                              {"kriegspiel", {20, 400, 8'902}}}) {
    const Variant& v = from_file(name);
    for (std::size_t depth = 1; depth <= counts.size(); ++depth)
      CHECK_MESSAGE(perft(Position::start(v), int(depth)) == counts[depth - 1], name << " depth " << depth);
  }
}

TEST_CASE("builtin file: an operator's file may not take a built-in's name") {
  VariantFile file = load_variant_file(builtin_variant_text());
  CHECK(file.variants.empty());
  CHECK(file.errors.size() == builtin_variants().size());
}
