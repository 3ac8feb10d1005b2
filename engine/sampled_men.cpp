#include "engine/sampled_men.h"

#include <cctype>

namespace arbiter::engine {

using rules::Color;

Men men_of(const rules::Position& p) {
  Men men(p.variant().geometry.size());
  for (rules::Square s = 0; s < rules::Square(men.size()); ++s) men[s] = p.piece_at(s);
  return men;
}

std::string placement_of(const rules::Variant& v, const Men& men) {
  const rules::Geometry& g = v.geometry;
  std::string out;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.files(); ++file) {
      const auto& man = men[g.square(file, rank)];
      if (!man) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty), empty = 0;
      const char letter = v.kinds[man->kind].letter;
      out += man->color == Color::White ? letter : char(std::tolower(static_cast<unsigned char>(letter)));
    }
    if (empty) out += std::to_string(empty);
    if (rank) out += '/';
  }
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
