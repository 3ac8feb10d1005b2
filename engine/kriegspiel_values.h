#pragma once
// What the Kriegspiel player counts men as, and where a move takes one: what the umpire announces.
// Its values are the engine's (engine/values.h) with one named adjustment, kTextbookScale.
// The variant must live as long as the program (Evaluator::of).
#include <string_view>
#include <utility>
#include <vector>

#include "engine/evaluate.h"
#include "engine/values.h"
#include "rules/position.h"

namespace arbiter::engine {

// The player's weights and thresholds (a promotion worth 900 or more is to a queen, an opponent
// with 500 or less in men is nearly bare, ...) were tuned with chess's men on the textbook scale
// (pawn 100, knight 320, bishop 330, rook 500, queen 900) rather than on the engine's middlegame
// values: what it adds to a man's traditional middlegame value (values.cpp) by its kind id.
inline constexpr std::pair<std::string_view, int> kTextbookScale[] = {
    {"pawn", +10}, {"knight", -10}, {"bishop", -10}, {"rook", +10}, {"queen", -80}};

// Centipawns: nothing for the royal kind, chess's men on the textbook scale, and any other kind
// as the engine values it in the middlegame.
inline int kriegspiel_value(const rules::Variant& variant, int kind) {
  const rules::PieceKind& man = variant.kinds[kind];
  if (man.royal) return 0;
  for (auto [id, shift] : kTextbookScale)
    if (man.key() == id) return traditional_material(man)->mg + shift;
  return Evaluator::of(variant).value(kind);
}

// kriegspiel_value(), worked out once per variant by each thread (this is called for every man
// weighed, and Evaluator::of locks). Variants live as long as the program, so the address stays theirs.
inline int man_value(const rules::Variant& variant, int kind) {
  thread_local const rules::Variant* last_variant = nullptr;
  thread_local std::vector<int> values;
  if (last_variant != &variant) {
    values.clear();
    for (int k = 0; k < int(variant.kinds.size()); ++k) values.push_back(kriegspiel_value(variant, k));
    last_variant = &variant;
  }
  return values[kind];
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
