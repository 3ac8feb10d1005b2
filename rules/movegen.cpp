#include "rules/movegen.h"

#include <algorithm>

namespace arbiter::rules {

MoveGenerator::MoveGenerator(const Position& position)
    : pos_(position),
      v_(position.variant()),
      g_(v_.geometry),
      t_(v_.tables()),
      us_(position.side_to_move()),
      them_(~us_),
      own_(position.pieces(us_)),
      enemy_(position.pieces(them_)),
      occupied_(own_ | enemy_),
      king_(position.king(us_)) {
  if (king_ != kNoSquare && v_.legality != Legality::NoCheck) checkers_ = pos_.attackers(king_, them_, occupied_);
  // Pins along a wrapping ray can come from both sides of the ring, and a man moving can make or
  // take away a hopper's screen or a lame leaper's block: play those moves out instead.
  fast_ = v_.legality == Legality::Strict && !g_.wraps() && !t_.special_kinds && king_ != kNoSquare && !checkers_;
  if (fast_) find_pins();
}

void MoveGenerator::find_pins() {
  for (int d = 0; d < 8; ++d) {
    Square first = g_.first_blocker(d, king_, occupied_);
    if (first == kNoSquare || !(own_ & bit(first))) continue;
    Square second = g_.first_blocker(d, first, occupied_);
    if (second == kNoSquare || !(enemy_ & bit(second))) continue;
    if (!(t_.ray_attacker_kinds[index(them_)][d] & (1u << pos_.piece_at(second)->kind))) continue;
    pinned_ |= bit(first);
    pin_line_[first] = g_.slide_targets(d, king_, occupied_ & ~bit(first));
  }
}

void MoveGenerator::legal(MoveList& out) {
  if (game_over_without_check()) return;
  const int first = out.size;
  for (Bitboard men = own_ & ~pos_.moved_this_turn_; men;) {  // a turn's two moves are by different men
    Square from = pop_lsb(men);
    piece_moves(from, pos_.piece_at(from)->kind, out);
  }
  if (!checkers_ && king_ != kNoSquare) castling_moves(out);
  if (v_.legality == Legality::KingCapture && !any_keeps_king_safe(out.begin() + first, out.end())) out.size = first;
}

void MoveGenerator::captures(MoveList& out) {
  if (game_over_without_check()) return;
  const int first = out.size;
  captures_only_ = true;
  for (Bitboard men = own_ & ~pos_.moved_this_turn_; men;) {
    Square from = pop_lsb(men);
    piece_moves(from, pos_.piece_at(from)->kind, out);
  }
  captures_only_ = false;
  if (v_.legality == Legality::KingCapture && !any_keeps_king_safe(out.begin() + first, out.end())) {
    // Whether the game goes on depends on every move, quiet ones too.
    MoveList all;
    legal(all);
    if (all.size == 0) out.size = first;
  }
}

// Under the king-capture rule every move is playable while one of them keeps the king safe; when
// none does (mate or stalemate) or the king is already taken, the game is over: no move at all.
// Taking the enemy king wins, so it counts as safe whatever it leaves attacked.
bool MoveGenerator::any_keeps_king_safe(const Move* begin, const Move* end) const {
  if (king_ == kNoSquare) return false;
  const Bitboard their_king = pos_.pieces(them_, v_.royal_kind());
  return std::any_of(begin, end, [&](const Move& m) { return (bit(m.to) & their_king) || safe_after(m); });
}

// Without check the game ends only with a king taken: the side without one has no move.
bool MoveGenerator::game_over_without_check() const {
  return v_.legality == Legality::NoCheck && king_ == kNoSquare;
}

void MoveGenerator::piece_moves(Square from, int kind, MoveList& out) {
  const int c = index(us_);
  const PieceKind& piece = v_.kinds[kind];
  // Only a pawn's quiet moves into its promotion zone matter when generating captures.
  const Bitboard quiet_wanted = !captures_only_ ? ~Bitboard{0}
                                : piece.pawn    ? t_.promotion_zone[c][kind] | t_.optional_promotion_zone[c][kind]
                                                : Bitboard{0};
  Bitboard quiet = 0;
  if (quiet_wanted) {
    quiet = t_.quiet_leaps[c][kind][from] & ~occupied_;
    for (unsigned dirs = t_.quiet_slides[c][kind]; dirs; dirs &= dirs - 1)
      quiet |= g_.slide_targets(std::countr_zero(dirs), from, occupied_) & ~occupied_;
  }
  Bitboard captures = t_.capture_leaps[c][kind][from] & enemy_;
  for (unsigned dirs = t_.capture_slides[c][kind]; dirs; dirs &= dirs - 1)
    captures |= g_.slide_targets(std::countr_zero(dirs), from, occupied_) & enemy_;
  if (t_.special_kinds & (1u << kind)) {
    const bool first_move = pos_.first_move_allowed(us_, kind, from);
    if (quiet_wanted) quiet |= v_.special_targets(us_, kind, from, occupied_, false, first_move);
    captures |= v_.special_targets(us_, kind, from, occupied_, true, first_move) & enemy_;
  }

  for (Bitboard targets = (quiet & quiet_wanted) | captures; targets;)
    add(from, pop_lsb(targets), kind, Move::Kind::Normal, out);
  if (piece.double_step && (t_.double_step_from[c][kind] & bit(from)) &&
      (!piece.double_step_needs_unmoved || (pos_.unmoved_ & bit(from)))) {
    const int forward = t_.forward[c][kind];
    Square passed = g_.offset(from, 0, forward), to = g_.offset(from, 0, 2 * forward);
    if (passed != kNoSquare && to != kNoSquare && !(occupied_ & (bit(passed) | bit(to))) &&
        !(quiet & bit(to)) && (quiet_wanted & bit(to)))
      add(from, to, kind, Move::Kind::DoubleStep, out);
  }
  // A man with facings may also turn where it stands, as a move of its own; that changes its facing.
  for (unsigned others = captures_only_ ? 0 : t_.other_facings[kind]; others; others &= others - 1)
    if (keeps_king_safe(from, from, Move::Kind::Normal))
      out.add({std::int16_t(from), std::int16_t(from), std::int8_t(std::countr_zero(others)), Move::Kind::Normal});

  Square ep = pos_.en_passant_;
  if (piece.en_passant && ep != kNoSquare && (t_.capture_leaps[c][kind][from] & bit(ep)))
    add(from, ep, kind, Move::Kind::EnPassant, out);
}

void MoveGenerator::castling_moves(MoveList& out) {
  for (const CastlingRule& rule : v_.castling[index(us_)]) {
    if (!(pos_.castling_ & v_.castling_bit(us_, rule))) continue;
    if (occupied_ & v_.castling_path(us_, rule)) continue;
    const int step = g_.file_of(rule.king_to) > g_.file_of(rule.king_from) ? 1 : -1;
    // Without check, castling out of, through or into attack is a move like any other.
    bool path_safe = true;
    for (Square s = rule.king_from; path_safe && v_.legality != Legality::NoCheck && s != rule.king_to;) {
      s = g_.offset(s, step, 0);
      path_safe = !pos_.attackers(s, them_, occupied_ & ~bit(king_));
    }
    if (path_safe) out.add({std::int16_t(rule.king_from), std::int16_t(rule.king_to), -1, Move::Kind::Castle});
  }
}

void MoveGenerator::add(Square from, Square to, int kind, Move::Kind how, MoveList& out) {
  const int c = index(us_);
  const bool must = bool(t_.promotion_zone[c][kind] & bit(to));
  const bool may = bool(t_.optional_promotion_zone[c][kind] & bit(to));
  int choices[kMaxKinds], n = 0;  // distinct kinds (Variant::finish checks the promotion choices are)
  unsigned chosen = 0;
  if (must || may)
    for (int choice : v_.promotion_choices)
      if (popcount(pos_.pieces(us_, choice)) < v_.kinds[choice].promotion_limit) {
        choices[n++] = choice;
        chosen |= 1u << choice;
      }
  // A man with facings (a spearman, which never promotes) may end the move with another one.
  for (unsigned others = t_.other_facings[kind] & ~chosen; others; others &= others - 1)
    choices[n++] = std::countr_zero(others);
  if (must && n == 0) return;  // every kind at its limit: the pawn may not go there
  // Generating captures, a quiet move is here only to promote: its promotions alone.
  const bool capture = how == Move::Kind::EnPassant || (enemy_ & bit(to));
  if (captures_only_ && !capture && n == 0) return;
  if (!keeps_king_safe(from, to, how)) return;
  if (!must && (capture || !captures_only_)) out.add({std::int16_t(from), std::int16_t(to), -1, how});
  for (int i = 0; i < n; ++i) out.add({std::int16_t(from), std::int16_t(to), std::int8_t(choices[i]), how});
}

bool MoveGenerator::keeps_king_safe(Square from, Square to, Move::Kind how) const {
  if (v_.legality != Legality::Strict) return true;
  if (!fast_ || how == Move::Kind::EnPassant) return safe_after({std::int16_t(from), std::int16_t(to), -1, how});
  if (from == king_) return !pos_.attackers(to, them_, occupied_ & ~bit(from));
  if (pinned_ & bit(from)) return bool(pin_line_[from] & bit(to));
  return true;
}

bool MoveGenerator::safe_after(const Move& move) const {
  Position next = pos_;
  next.play(move);
  return !next.attacked(next.king(us_), them_);
}

std::vector<Move> Position::legal_moves() const {
  MoveList list;
  MoveGenerator(*this).legal(list);
  return {list.begin(), list.end()};
}

bool Position::is_legal(const Move& move) const {
  MoveList list;
  MoveGenerator(*this).legal(list);
  return std::find(list.begin(), list.end(), move) != list.end();
}

}  // namespace arbiter::rules
