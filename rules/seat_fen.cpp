#include "rules/seat_fen.h"

#include <cctype>

namespace arbiter::rules {

std::string seat_fen(const Position& pos, Color who, Bitboard shown) {
  const Variant& v = pos.variant();
  const Geometry& g = v.geometry;
  std::string fen;
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.files(); ++file) {
      const Square square = g.square(file, rank);
      const auto man = pos.piece_at(square);
      if (!man || !(shown & bit(square))) {
        ++empty;
        continue;
      }
      if (empty) fen += std::to_string(empty), empty = 0;
      const char letter = v.kinds[man->kind].letter;
      fen += man->color == Color::White ? letter : char(std::tolower(static_cast<unsigned char>(letter)));
    }
    if (empty) fen += std::to_string(empty);
    if (rank) fen += '/';
  }
  std::string own_rights;
  for (const CastlingRule& rule : v.castling[index(who)])
    if (pos.can_castle(who, rule)) own_rights += rule.letter;
  fen += pos.side_to_move() == Color::White ? " w " : " b ";
  fen += own_rights.empty() ? "-" : own_rights;
  fen += " - 0 " + std::to_string(pos.fullmove_number());
  return fen;
}

}  // namespace arbiter::rules
