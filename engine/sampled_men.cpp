#include "engine/sampled_men.h"

#include "rules/placement.h"

namespace arbiter::engine {

using rules::Color;

Men men_of(const rules::Position& p) {
  Men men(p.variant().geometry.size());
  for (rules::Square s = 0; s < rules::Square(men.size()); ++s) men[s] = p.piece_at(s);
  return men;
}

std::string placement_of(const rules::Variant& v, const Men& men) {
  std::string out;
  rules::append_placement(out, v, [&](rules::Square s) { return men[s]; });
  return out;
}

std::string castling_still_possible(const rules::Variant& v, const Men& men, Color who, const std::string& rights) {
  std::string kept;
  for (const rules::CastlingRule& rule : v.castling[rules::index(who)]) {
    if (rights.find(rule.letter) == std::string::npos) continue;
    const auto& king = men[rule.king_from];
    const auto& rook = men[rule.rook_from];
    if (king && king->color == who && king->kind == v.royal_kind() && rook && rook->color == who &&
        rook->kind == rule.rook_kind)
      kept += rule.letter;
  }
  return kept;
}

}  // namespace arbiter::engine
