#pragma once
// The one legal-move generator. It reads only the variant's per-square tables, so rectangles,
// the ring and every piece kind share it.
#include <array>

#include "rules/position.h"

namespace arbiter::rules {

struct MoveList {
  std::array<Move, kMaxMoves> moves;
  int size = 0;
  void add(const Move& m) { moves[size++] = m; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
};

class MoveGenerator {
 public:
  explicit MoveGenerator(const Position& position);
  void legal(MoveList& out);
  // The legal moves that capture, or that promote a pawn (a quiet search's moves): the same moves
  // legal() gives, filtered, without generating the quiet ones.
  void captures(MoveList& out);

 private:
  void piece_moves(Square from, int kind, MoveList& out);
  void castling_moves(MoveList& out);
  void add(Square from, Square to, int kind, Move::Kind how, MoveList& out);
  bool keeps_king_safe(Square from, Square to, Move::Kind how) const;
  bool safe_after(const Move& move) const;
  bool any_keeps_king_safe(const Move* begin, const Move* end) const;
  void find_pins();
  bool game_over_without_check() const;

  const Position& pos_;
  const Variant& v_;
  const Geometry& g_;
  const Variant::Tables& t_;
  Color us_, them_;
  Bitboard own_, enemy_, occupied_;
  Square king_;
  Bitboard checkers_ = 0;
  bool fast_;  // pins and king-square tests decide legality without playing the move
  bool captures_only_ = false;
  Bitboard pinned_ = 0;
  std::array<Bitboard, kMaxSquares> pin_line_;
};

}  // namespace arbiter::rules
