// The built-in variants written as a variants file (rules/variants/builtin.toml) give the same
// Variant as the C++ tables, field by field and table by table.
#include <doctest/doctest.h>

#include <algorithm>
#include <tuple>

#include "rules/variant_file.h"
#include "rules/variants/builtin_file.h"
#include "rules/variants/variants.h"

using namespace arbiter::rules;

namespace {

auto sorted_legs(std::vector<Leg> legs) {
  std::vector<std::tuple<int, int, bool, Mode>> out;
  for (const Leg& l : legs) out.emplace_back(l.df, l.dr, l.slide, l.mode);
  std::sort(out.begin(), out.end());
  return out;
}

void check_kind(const PieceKind& file, const PieceKind& cpp) {
  CAPTURE(cpp.name);
  CHECK(file.letter == cpp.letter);
  CHECK(file.name == cpp.name);
  CHECK(sorted_legs(file.legs) == sorted_legs(cpp.legs));  // the order of legs changes no table
  CHECK(file.royal == cpp.royal);
  CHECK(file.pawn == cpp.pawn);
  CHECK(file.en_passant == cpp.en_passant);
  CHECK(file.double_step == cpp.double_step);
  CHECK(file.double_step_ranks == cpp.double_step_ranks);
  CHECK(file.double_step_needs_unmoved == cpp.double_step_needs_unmoved);
  CHECK(file.facings == cpp.facings);
  CHECK(file.same_colour_pair_draws == cpp.same_colour_pair_draws);
  CHECK(file.legs_turn_for_black == cpp.legs_turn_for_black);
  CHECK(file.promotion_rank == cpp.promotion_rank);
  CHECK(file.optional_promotion_rank == cpp.optional_promotion_rank);
  CHECK(file.promotion_limit == cpp.promotion_limit);
  CHECK(file.forward == cpp.forward);
}

bool same_rule(const CastlingRule& a, const CastlingRule& b) {
  return std::tie(a.king_from, a.king_to, a.rook_from, a.rook_to, a.rook_kind, a.letter) ==
         std::tie(b.king_from, b.king_to, b.rook_from, b.rook_to, b.rook_kind, b.letter);
}

void check_tables(const Variant::Tables& a, const Variant::Tables& b) {
  CHECK(a.quiet_leaps == b.quiet_leaps);
  CHECK(a.capture_leaps == b.capture_leaps);
  CHECK(a.leap_attackers == b.leap_attackers);
  CHECK(a.quiet_slides == b.quiet_slides);
  CHECK(a.capture_slides == b.capture_slides);
  CHECK(a.promotion_zone == b.promotion_zone);
  CHECK(a.optional_promotion_zone == b.optional_promotion_zone);
  CHECK(a.double_step_from == b.double_step_from);
  CHECK(a.forward == b.forward);
  CHECK(a.castling_spoilers == b.castling_spoilers);
  CHECK(a.castling_paths == b.castling_paths);
  CHECK(a.ray_attacker_kinds == b.ray_attacker_kinds);
  CHECK(a.other_facings == b.other_facings);
}

void check_variant(const Variant& file, const Variant& cpp) {
  CAPTURE(cpp.name);
  CHECK(file.name == cpp.name);
  CHECK(file.title == cpp.title);
  CHECK(file.description == cpp.description);
  CHECK(file.geometry.files() == cpp.geometry.files());
  CHECK(file.geometry.ranks() == cpp.geometry.ranks());
  CHECK(file.geometry.wraps() == cpp.geometry.wraps());
  REQUIRE(file.kinds.size() == cpp.kinds.size());
  for (std::size_t k = 0; k < cpp.kinds.size(); ++k) check_kind(file.kinds[k], cpp.kinds[k]);
  CHECK(file.start_fen == cpp.start_fen);
  CHECK(file.mirror_black == cpp.mirror_black);
  CHECK(file.black_rank_offset == cpp.black_rank_offset);
  CHECK(file.promotion_choices == cpp.promotion_choices);
  for (int c = 0; c < 2; ++c) {
    REQUIRE(file.castling[c].size() == cpp.castling[c].size());
    for (std::size_t i = 0; i < cpp.castling[c].size(); ++i) CHECK(same_rule(file.castling[c][i], cpp.castling[c][i]));
  }
  CHECK(file.legality == cpp.legality);
  CHECK(file.stalemate_loses == cpp.stalemate_loses);
  CHECK(file.bare_king_loses == cpp.bare_king_loses);
  CHECK(file.meeting_pawns_removed == cpp.meeting_pawns_removed);
  CHECK(file.two_moves_until_capture == cpp.two_moves_until_capture);
  CHECK(file.repetition_draws == cpp.repetition_draws);
  CHECK(file.hidden == cpp.hidden);
  CHECK(file.fifty_move_plies == cpp.fifty_move_plies);
  CHECK(file.lone_minor_kinds == cpp.lone_minor_kinds);
  CHECK(file.royal_kind() == cpp.royal_kind());
  check_tables(file.tables(), cpp.tables());
}

}  // namespace

TEST_CASE("builtin file: the seven built-ins are the C++ tables, field by field") {
  VariantFile file = load_variant_file(builtin_variant_text(), VariantSource::BuiltIn);
  for (const auto& e : file.errors) FAIL(e.message());
  const auto factories = variant_factories();
  REQUIRE(file.variants.size() == factories.size());
  for (std::size_t i = 0; i < factories.size(); ++i) {
    Variant cpp = factories[i]();
    cpp.finish();
    check_variant(file.variants[i], cpp);
  }
}

TEST_CASE("builtin file: an operator's file may not take a built-in's name") {
  VariantFile file = load_variant_file(builtin_variant_text());
  CHECK(file.variants.empty());
  CHECK(file.errors.size() == 7);
}
