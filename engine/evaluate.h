#pragma once
// Static evaluation for every variant: material from values.h, then terms that read only the
// variant's own tables (reach per square, forward steps to promotion, king neighbourhoods), so
// rectangles of any size and the ring share one evaluator. Threats (a man attacked by a cheaper
// one, or attacked and undefended) are read from the same reach that mobility counts.
#include <array>
#include <vector>

#include "engine/values.h"
#include "rules/position.h"

namespace arbiter::engine {

class Evaluator {
 public:
  explicit Evaluator(const rules::Variant& variant);

  // The side to move's view of the position, in centipawns.
  int evaluate(const rules::Position& pos) const;
  // Middlegame value of a kind, for move ordering and pruning margins.
  int value(int kind) const { return values_[kind].mg; }

  // The evaluator of a variant, built once. The variant must live as long as the program (the
  // registered ones do; a caller's own, such as a variants file's, must be kept).
  static const Evaluator& of(const rules::Variant& variant);

 private:
  struct Side;
  void add_side(const rules::Position& pos, rules::Color c, Side& out) const;
  int mop_up(const rules::Position& pos, const Side& white, const Side& black) const;
  int last_men(const rules::Position& pos) const;
  // What `attacker`'s men threaten of `victim`'s: men attacked by cheaper ones, or not defended.
  int threats(const rules::Position& pos, rules::Color victim_colour, const Side& victim, const Side& attacker) const;

  const rules::Variant& v_;
  std::vector<Value> values_;
  // [colour][kind][square]: placement terms.
  std::array<std::array<std::vector<Value>, rules::kMaxKinds>, 2> placement_;
  // [colour][kind][square]: forward steps to the nearest promotion square, -1 if it never gets there.
  std::array<std::array<std::vector<int>, rules::kMaxKinds>, 2> promotion_distance_;
  // [colour][kind][square]: the squares ahead of a pawn on its own and neighbouring files, up to promotion.
  std::array<std::array<std::vector<rules::Bitboard>, rules::kMaxKinds>, 2> front_span_;
  std::vector<rules::Bitboard> file_bits_;     // [file]
  std::vector<rules::Bitboard> king_zone_;     // [square]: the king's square and its neighbours
  std::vector<int> centrality_;                // [square]: steps from the edges
  std::array<int, rules::kMaxKinds> mobility_mean_{};  // half the mean empty-board reach
  std::array<int, rules::kMaxKinds> mobility_weight_{};  // centipawns per square reached (x4)
  std::uint16_t pawn_kinds_ = 0;
  std::uint16_t pair_kinds_ = 0;  // colour-bound riders: a pair of one kind earns a bonus
  bool has_promotion_limits_ = false;  // promotion only to men the side has lost (Grand)
  int start_phase_ = 1;
};

}  // namespace arbiter::engine
