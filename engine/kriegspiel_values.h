#pragma once
// What the Kriegspiel player counts men as (centipawns; chess's usual values). The king is not
// counted: it is never taken.
#include "rules/position.h"

namespace arbiter::engine {

inline int man_value(const rules::Variant& variant, int kind) {
  switch (variant.kinds[kind].letter) {
    case 'P': return 100;
    case 'N': return 320;
    case 'B': return 330;
    case 'R': return 500;
    case 'Q': return 900;
    case 'K': return 0;
    default: return 300;
  }
}

inline int man_value(const rules::Position& position, rules::Square square) {
  auto man = position.piece_at(square);
  return man ? man_value(position.variant(), man->kind) : 0;
}

}  // namespace arbiter::engine
