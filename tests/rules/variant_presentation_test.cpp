// What a variant's definition says besides its rules: each piece's drawing, the PGN name and the
// computer's ratings, read from a variants file like every other field (rules/VARIANTS.md).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "rules/variant_file.h"

using namespace arbiter::rules;

namespace {

std::string only_error(const std::string& text) {
  VariantFile file = load_variant_file(text);
  REQUIRE(file.errors.size() == 1);
  return file.errors[0].message();
}

const PieceKind& kind(const Variant& v, const std::string& id) {
  for (const PieceKind& k : v.kinds)
    if (k.key() == id) return k;
  FAIL("no kind " << id);
  return v.kinds.front();
}

}  // namespace

TEST_CASE("presentation: the built-ins name their drawings, PGN names and measured ratings") {
  const Variant& chess = *find_variant("chess");
  CHECK(kind(chess, "knight").drawing == "knight");
  CHECK(kind(*find_variant("centennial"), "spearman-left").drawing == "spearman");
  CHECK(kind(*find_variant("circular"), "pawn-moving-down").drawing == "pawn-down");
  CHECK(chess.pgn_variant == "Chess");
  CHECK(find_variant("grand")->pgn_variant == "Grand");
  CHECK(find_variant("centennial")->pgn_variant.empty());
  CHECK(chess.level_ratings.size() == std::size_t(kRatedLevels));
  CHECK(find_variant("capablanca")->level_ratings.front() == 0);  // level 1 not rated there
  // A child is another game to other programs and to the ratings: Kriegspiel takes neither.
  CHECK(find_variant("kriegspiel")->pgn_variant.empty());
  CHECK(find_variant("kriegspiel")->level_ratings.empty());
  CHECK(find_variant("grand")->level_ratings.empty());
  for (const Variant* v : all_variants())
    for (const PieceKind& k : v->kinds) {
      CAPTURE(v->name);
      CAPTURE(k.key());
      CHECK_FALSE(k.drawing.empty());
    }
}

TEST_CASE("presentation: an operator's variant states its own, keeps the parent's drawings, may reuse one") {
  const VariantFile file = load_variant_file(R"(
[horse-chess]
parent = "chess"
pgn_variant = "horsechess"
level_ratings = [100, 200, 300, 400, 0, 600, 700, 800]
setup = "rnbqkbhr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBHR w KQkq - 0 1"
promotion_choices = ["queen", "horse"]
[[horse-chess.pieces]]
id = "horse"
letter = "H"
betza = "nN"
drawing = "knight"
[[horse-chess.pieces]]
id = "bishop"
drawing = ""

[foal-chess]
parent = "horse-chess"
[[foal-chess.pieces]]
id = "foal"
letter = "F"
betza = "W"
)");
  for (const auto& e : file.errors) FAIL(e.message());
  REQUIRE(file.variants.size() == 2);
  const Variant& horse = file.variants[0];
  CHECK(horse.pgn_variant == "horsechess");
  CHECK(horse.level_ratings == std::vector<int>{100, 200, 300, 400, 0, 600, 700, 800});
  CHECK(kind(horse, "horse").drawing == "knight");
  CHECK(kind(horse, "king").drawing == "king");  // the parent's
  CHECK(kind(horse, "bishop").drawing.empty());   // its letter, by choice
  const Variant& foal = file.variants[1];
  CHECK(kind(foal, "horse").drawing == "knight");  // inherited with the kind
  CHECK(kind(foal, "foal").drawing.empty());
  CHECK(foal.pgn_variant.empty());
  CHECK(foal.level_ratings.empty());
}

TEST_CASE("presentation: a bad drawing, PGN name or rating is refused with its line and field") {
  const std::string head = "[a]\nparent = \"chess\"\n";
  CHECK(only_error(head + "[[a.pieces]]\nid = \"knight\"\ndrawing = \"dragon\"\n") ==
        "line 5: a.pieces[0].drawing: no such drawing: \"\" (its letter) or one of \"king\", \"queen\", \"rook\", "
        "\"bishop\", \"knight\", \"pawn\", \"archbishop\", \"chancellor\", \"camel\", \"lion\", \"steward\", "
        "\"spearman\", \"counsellor\", \"elephant\", \"pawn-up\", \"pawn-down\"");
  CHECK(only_error(head + "[[a.pieces]]\nid = \"knight\"\ndrawing = 3\n") == "line 5: a.pieces[0].drawing: must be a string");
  CHECK(only_error(head + "pgn_variant = true\n") == "line 3: a.pgn_variant: must be a string");
  CHECK(only_error(head + "level_ratings = [1, 2]\n") ==
        "line 3: a.level_ratings: must be 8 ratings, one per level (0: not rated)");
  CHECK(only_error(head + "level_ratings = []\n") ==
        "line 3: a.level_ratings: must be 8 ratings, one per level (0: not rated)");
  CHECK(only_error(head + "level_ratings = 1500\n") ==
        "line 3: a.level_ratings: must be 8 ratings, one per level (0: not rated)");
  CHECK(only_error(head + "level_ratings = [1, 2, 3, 4, 5, 6, -7, 8]\n") ==
        "line 3: a.level_ratings[6]: must be a whole number from 0 to 4000");
  CHECK(only_error(head + "level_ratings = [1, 2, 3, 4, 5, 6, \"7\", 8]\n") ==
        "line 3: a.level_ratings[6]: must be a whole number from 0 to 4000");
}

TEST_CASE("presentation: hidden is read as the older spelling of visibility = \"umpire\"") {
  const VariantFile file = load_variant_file("[a]\nparent = \"chess\"\nhidden = true\n[b]\nparent = \"kriegspiel\"\nhidden = false\n");
  for (const auto& e : file.errors) FAIL(e.message());
  REQUIRE(file.variants.size() == 2);
  CHECK(file.variants[0].visibility == Visibility::Umpire);
  CHECK(file.variants[1].visibility == Visibility::Open);
}
