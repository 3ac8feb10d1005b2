#include "engine/exchange.h"

#include <algorithm>
#include <array>

namespace arbiter::engine {

using rules::Bitboard;
using rules::Color;
using rules::Square;

namespace {

constexpr int kRoyalWorth = 50000;

// The men of `by` that capture on s with these men standing (leaps by table, slides as the first
// man along each line).
Bitboard attackers(const rules::Position& pos, Square s, Color by, Bitboard occupied) {
  const rules::Variant& v = pos.variant();
  const auto& t = v.tables();
  const int c = rules::index(by);
  const Bitboard own = pos.pieces(by) & occupied;
  Bitboard found = 0;
  for (int k = 0; k < int(v.kinds.size()); ++k) found |= t.leap_attackers[c][k][s] & pos.pieces(by, k);
  for (int d = 0; d < 8; ++d) {
    const unsigned kinds = t.ray_attacker_kinds[c][d];
    if (!kinds) continue;
    const Square blocker = v.geometry.first_blocker(d, s, occupied);
    if (blocker == rules::kNoSquare || !(own & rules::bit(blocker))) continue;
    if (kinds & (1u << pos.piece_at(blocker)->kind)) found |= rules::bit(blocker);
  }
  return found & occupied;
}

}  // namespace

int exchange(const rules::Position& pos, const rules::Move& move, const std::vector<int>& values) {
  const rules::Variant& v = pos.variant();
  auto worth = [&](int kind) { return kind == v.royal_kind() ? kRoyalWorth : values[kind]; };
  const Square to = move.to;
  const int mover_kind = pos.piece_at(move.from)->kind;
  Bitboard occupied = pos.occupied() & ~rules::bit(move.from);
  std::array<int, 64> gain{};
  if (move.kind == rules::Move::Kind::EnPassant) {
    gain[0] = values[mover_kind];  // the pawn taken en passant, valued as the one that takes it
  } else {
    const auto victim = pos.piece_at(to);
    gain[0] = victim && victim->color != pos.side_to_move() ? worth(victim->kind) : 0;
  }
  int on_square = worth(mover_kind);  // what the next capture on `to` takes
  if (move.promotion >= 0 && move.promotion != mover_kind) {
    gain[0] += values[move.promotion] - values[mover_kind];
    on_square = values[move.promotion];
  }
  Color side = ~pos.side_to_move();
  int d = 0;
  while (d + 1 < int(gain.size())) {
    const Bitboard candidates = attackers(pos, to, side, occupied);
    if (!candidates) break;
    Square least = rules::kNoSquare;
    int least_worth = 0;
    for (Bitboard b = candidates; b;) {
      const Square s = rules::pop_lsb(b);
      const int w = worth(pos.piece_at(s)->kind);
      if (least == rules::kNoSquare || w < least_worth) least = s, least_worth = w;
    }
    ++d;
    gain[d] = on_square - gain[d - 1];
    if (std::max(-gain[d - 1], gain[d]) < 0) break;  // neither side gains by going on
    occupied &= ~rules::bit(least);
    on_square = least_worth;
    side = ~side;
  }
  // Back from the last capture: each side takes back only when that beats stopping.
  for (; d > 0; --d) gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
  return gain[0];
}

}  // namespace arbiter::engine
