#pragma once
// What the Kriegspiel player counts men as (centipawns; chess's usual values by kind id, any other
// kind as the engine values it, from the variant's evaluator: a value derived from a kind's moves
// is worked out once, not at every call), and where a move takes one: what the umpire announces.
// The variant must live as long as the program (Evaluator::of).
#include <string_view>
#include <utility>

#include "engine/evaluate.h"
#include "rules/position.h"

namespace arbiter::engine {

inline int man_value(const rules::Variant& variant, int kind) {
  static constexpr std::pair<std::string_view, int> kChess[] = {
      {"pawn", 100}, {"knight", 320}, {"bishop", 330}, {"rook", 500}, {"queen", 900}};
  const rules::PieceKind& man = variant.kinds[kind];
  if (man.royal) return 0;
  for (auto [id, value] : kChess)
    if (man.key() == id) return value;
  // The last variant's evaluator, kept by each thread: Evaluator::of locks, and this is called for
  // every man weighed. Evaluators and variants live as long as the program, so the address stays theirs.
  thread_local const rules::Variant* last_variant = nullptr;
  thread_local const Evaluator* last_evaluator = nullptr;
  if (last_variant != &variant) last_evaluator = &Evaluator::of(variant), last_variant = &variant;
  return last_evaluator->value(kind);
}

inline int man_value(const rules::Position& position, rules::Square square) {
  auto man = position.piece_at(square);
  return man ? man_value(position.variant(), man->kind) : 0;
}

// The square a move takes a man on (en passant: the taken pawn's), or kNoSquare.
inline rules::Square taken_square(const rules::Position& position, const rules::Move& move) {
  if (move.kind == rules::Move::Kind::EnPassant) return position.en_passant_victim(move);
  return position.is_capture(move) ? rules::Square(move.to) : rules::kNoSquare;
}

}  // namespace arbiter::engine
