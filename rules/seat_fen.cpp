#include "rules/seat_fen.h"

#include "rules/placement.h"

namespace arbiter::rules {

std::string seat_fen(const Position& pos, Color who, Bitboard shown) {
  const Variant& v = pos.variant();
  std::string fen;
  append_placement(fen, v, [&](Square s) { return shown & bit(s) ? pos.piece_at(s) : std::nullopt; });
  std::string own_rights;
  for (const CastlingRule& rule : v.castling[index(who)])
    if (pos.can_castle(who, rule)) own_rights += rule.letter;
  fen += pos.side_to_move() == Color::White ? " w " : " b ";
  fen += own_rights.empty() ? "-" : own_rights;
  fen += " - 0 " + std::to_string(pos.fullmove_number());
  return fen;
}

}  // namespace arbiter::rules
