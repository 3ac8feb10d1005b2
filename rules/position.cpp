// A position: its men and state, playing a move, attacks and checks, and how a game ends there.
#include "rules/position.h"

#include "rules/movegen.h"
#include "rules/zobrist.h"

namespace arbiter::rules {

std::string_view to_string(Reason reason) {
  switch (reason) {
    case Reason::None: return "";
    case Reason::Checkmate: return "checkmate";
    case Reason::Stalemate: return "stalemate";
    case Reason::Repetition: return "repetition";
    case Reason::FiftyMoves: return "fifty_moves";
    case Reason::InsufficientMaterial: return "insufficient_material";
    case Reason::KingCaptured: return "king_captured";
    case Reason::BareKing: return "bare_king";
  }
  return "";
}

std::string_view Outcome::score() const {
  switch (result) {
    case Result::WhiteWins: return "1-0";
    case Result::BlackWins: return "0-1";
    case Result::Draw: return "1/2-1/2";
    case Result::Ongoing: break;
  }
  return "*";
}

Position::Position(const Variant& variant) : variant_(&variant) {}

Position Position::start(const Variant& variant) { return from_fen(variant, variant.start_fen).value(); }

std::optional<Piece> Position::piece_at(Square s) const {
  if (s < 0 || s >= variant_->geometry.size() || !board_[s]) return std::nullopt;
  return Piece{Color(board_[s] >> 5), (board_[s] & 31) - 1};
}

Square Position::king(Color c) const {
  Bitboard k = pieces(c, variant_->royal_kind());
  return k ? lsb(k) : kNoSquare;
}

void Position::put(Square s, Color c, int kind) {
  board_[s] = std::uint8_t(1 + kind + 32 * index(c));
  by_color_[index(c)] |= bit(s);
  by_kind_[kind] |= bit(s);
  hash_ ^= zobrist().piece[index(c)][kind][s];
}

void Position::remove(Square s) {
  Piece p = *piece_at(s);
  board_[s] = 0;
  by_color_[index(p.color)] &= ~bit(s);
  by_kind_[p.kind] &= ~bit(s);
  hash_ ^= zobrist().piece[index(p.color)][p.kind][s];
}

void Position::set_en_passant(Square s) {
  if (en_passant_ != kNoSquare) hash_ ^= zobrist().en_passant[en_passant_];
  en_passant_ = s;
  if (en_passant_ != kNoSquare) hash_ ^= zobrist().en_passant[en_passant_];
}

bool Position::en_passant_capturable(Square s) const {
  const Variant& v = variant();
  Color us = side_to_move();
  for (std::size_t k = 0; k < v.kinds.size(); ++k)
    if (v.kinds[k].en_passant && (v.tables().leap_attackers[index(us)][k][s] & pieces(us, int(k)))) return true;
  return false;
}

int Position::move_bound(Color side) const {
  int moves = int(variant_->castling[index(side)].size());
  for (std::size_t k = 0; k < variant_->kinds.size(); ++k)
    moves += popcount(pieces(side, int(k))) * variant_->tables().move_bound[index(side)][k];
  return moves;
}

void Position::toggle(Bitboard& squares, const std::array<std::uint64_t, kMaxSquares>& keys, Bitboard which) {
  squares ^= which;
  while (which) hash_ ^= keys[pop_lsb(which)];
}

// Two moves a turn: after a move, whether the same side makes another. Only a first move that
// captures nothing and gives no check (a discovered one included), by a side that still has the
// double move, is followed by a second, and only if one is legal with another man.
bool Position::continues_turn(const Move& move, bool capture) {
  const Color us = side_;
  const bool first_of_turn = !moved_this_turn_;
  toggle(moved_this_turn_, zobrist().moved_this_turn, moved_this_turn_);
  if (capture && has_double_move(us)) {
    double_moves_ &= std::uint8_t(~(1u << index(us)));
    hash_ ^= zobrist().double_move[index(us)];
  }
  if (!first_of_turn || capture || !has_double_move(us) || attacked(king(~us), us)) return false;
  if (attacked(king(us), ~us)) return false;  // a move the generator tries out and finds illegal
  Bitboard men = bit(move.to);
  if (move.kind == Move::Kind::Castle)  // the rook moved too, and may not move again
    for (const CastlingRule& rule : variant_->castling[index(us)])
      if (rule.king_to == move.to) men |= bit(rule.rook_to);
  toggle(moved_this_turn_, zobrist().moved_this_turn, men);
  if (!legal_moves().empty()) return true;
  toggle(moved_this_turn_, zobrist().moved_this_turn, men);
  return false;
}

Bitboard Position::attackers(Square s, Color by, Bitboard occupied) const {
  const Variant::Tables& t = variant_->tables();
  const Geometry& g = variant_->geometry;
  const int c = index(by);
  Bitboard found = 0;
  for (std::size_t k = 0; k < variant_->kinds.size(); ++k) found |= t.leap_attackers[c][k][s] & pieces(by, int(k));
  for (int d = 0; d < 8; ++d) {
    Bitboard sliders = 0;
    for (unsigned kinds = t.ray_attacker_kinds[c][d]; kinds; kinds &= kinds - 1)
      sliders |= pieces(by, std::countr_zero(kinds));
    if (!(sliders & g.ray_bits(d, s))) continue;
    Square blocker = g.first_blocker(d, s, occupied);
    if (blocker != kNoSquare && (sliders & bit(blocker))) found |= bit(blocker);
  }
  // Special legs walked from each man that has them, as if s held a man to take.
  for (unsigned kinds = t.special_kinds; kinds; kinds &= kinds - 1) {
    const int k = std::countr_zero(kinds);
    for (Bitboard men = pieces(by, k) & occupied; men;) {
      const Square from = pop_lsb(men);
      if (variant_->special_targets(by, k, from, occupied | bit(s), true, first_move_allowed(by, k, from)) & bit(s))
        found |= bit(from);
    }
  }
  return found;
}

bool Position::first_move_allowed(Color c, int kind, Square from) const {
  return (variant_->tables().double_step_from[index(c)][kind] & bit(from)) &&
         (!variant_->kinds[kind].double_step_needs_unmoved || (unmoved_ & bit(from)));
}

bool Position::attacked(Square s, Color by) const { return s != kNoSquare && attackers(s, by, occupied()) != 0; }

bool Position::in_check() const { return attacked(king(side_), ~side_); }

bool Position::is_capture(const Move& move) const {
  if (move.kind == Move::Kind::EnPassant) return true;
  if (move.kind == Move::Kind::Castle) return false;
  auto target = piece_at(move.to);
  return target && target->color != side_;
}

void Position::play(const Move& move) {
  const Variant& v = *variant_;
  const Color us = side_;
  const Piece mover = *piece_at(move.from);
  const bool capture = is_capture(move);
  const auto& tables = v.tables();

  set_en_passant(kNoSquare);
  hash_ ^= zobrist().castling[castling_];
  if (move.kind == Move::Kind::Castle) {
    for (const CastlingRule& rule : v.castling[index(us)]) {
      if (rule.king_from != move.from || rule.king_to != move.to) continue;
      remove(rule.king_from);
      remove(rule.rook_from);
      put(rule.king_to, us, mover.kind);
      put(rule.rook_to, us, rule.rook_kind);
    }
  } else {
    if (move.kind == Move::Kind::EnPassant)
      remove(en_passant_victim(move));
    else if (capture)
      remove(move.to);
    remove(move.from);
    put(move.to, us, move.promotion >= 0 ? move.promotion : mover.kind);
    if (v.meeting_pawns_removed) remove_meeting_pawns(move.to);
  }
  castling_ &= ~(tables.castling_spoilers[move.from] | tables.castling_spoilers[move.to]);
  hash_ ^= zobrist().castling[castling_];
  if (Bitboard left = unmoved_ & (bit(move.from) | bit(move.to))) toggle(unmoved_, zobrist().unmoved, left);

  halfmove_ = (capture || v.kinds[mover.kind].pawn) ? 0 : halfmove_ + 1;
  if (v.two_moves_until_capture && continues_turn(move, capture)) return;
  if (us == Color::Black) ++fullmove_;
  side_ = ~us;
  hash_ ^= zobrist().black_to_move;

  if (move.kind == Move::Kind::DoubleStep && v.kinds[mover.kind].en_passant) {
    Square passed = v.geometry.offset(move.from, 0, tables.forward[index(us)][mover.kind]);
    if (en_passant_capturable(passed)) set_en_passant(passed);
  }
}

void Position::pass() {
  set_en_passant(kNoSquare);
  toggle(moved_this_turn_, zobrist().moved_this_turn, moved_this_turn_);
  if (side_ == Color::Black) ++fullmove_;
  side_ = ~side_;
  hash_ ^= zobrist().black_to_move;
}

void Position::take_off(Square s) {
  set_en_passant(kNoSquare);
  hash_ ^= zobrist().castling[castling_];
  castling_ &= ~variant_->tables().castling_spoilers[s];
  hash_ ^= zobrist().castling[castling_];
  if (Bitboard left = unmoved_ & bit(s)) toggle(unmoved_, zobrist().unmoved, left);
  if (board_[s]) remove(s);
}

// Only the man that moved can have come face to face with a pawn of its own side: if it is a pawn
// and each stands on the other's step forward, both leave the board.
void Position::remove_meeting_pawns(Square moved) {
  const Piece pawn = *piece_at(moved);
  if (!variant_->kinds[pawn.kind].pawn) return;
  const auto& steps = variant_->tables().quiet_leaps[index(pawn.color)];
  const Bitboard ahead = steps[pawn.kind][moved] & pieces(pawn.color);
  if (!ahead) return;
  const Square other = lsb(ahead);
  const Piece facing = *piece_at(other);
  if (!variant_->kinds[facing.kind].pawn || !(steps[facing.kind][other] & bit(moved))) return;
  remove(moved);
  remove(other);
}

bool Position::has_mating_material(Color c) const {
  Bitboard men = pieces(c) & ~pieces(c, variant_->royal_kind());
  if (!men) return false;
  if (popcount(men) > 1) return true;
  for (int k : variant_->lone_minor_kinds)
    if (men & by_kind_[k]) return false;
  return true;
}

namespace {

Outcome::Result win_for(Color c) { return c == Color::White ? Outcome::Result::WhiteWins : Outcome::Result::BlackWins; }

bool bare(const Position& pos, Color c) { return pos.pieces(c) == pos.pieces(c, pos.variant().royal_kind()); }

// The bare-king rule from the position alone: the side to move, if bare, is still playing only
// when it can bare the other side at once; a side not to move that is bare has had its reply (or
// bared itself by its own pawns meeting) and lost; both bare is the reply that draws.
Outcome bare_king_outcome(const Position& pos, std::span<const Move> moves) {
  const Color us = pos.side_to_move();
  const bool we_are_bare = bare(pos, us), they_are_bare = bare(pos, ~us);
  if (we_are_bare && they_are_bare) return {Outcome::Result::Draw, Reason::BareKing};
  if (they_are_bare) return {win_for(us), Reason::BareKing};
  if (!we_are_bare) return {};
  for (const Move& m : moves) {
    Position next = pos;
    next.play(m);
    if (bare(next, ~us)) return {};
  }
  return {win_for(~us), Reason::BareKing};
}

}  // namespace

Outcome Position::outcome() const {
  if (king(side_) == kNoSquare) return {win_for(~side_), Reason::KingCaptured};  // nothing to generate
  MoveList list;
  MoveGenerator(*this).legal(list);
  return outcome({list.begin(), list.end()});
}

Outcome Position::outcome(std::span<const Move> moves) const {
  const Color us = side_;
  if (king(us) == kNoSquare) return {win_for(~us), Reason::KingCaptured};
  const bool no_check = variant_->legality == Legality::NoCheck;
  if (moves.empty()) {  // without check, having no move at all is a stalemate, attacked or not
    if (!no_check && in_check()) return {win_for(~us), Reason::Checkmate};
    if (variant_->stalemate_loses) return {win_for(~us), Reason::Stalemate};
    if (variant_->stalemate_wins) return {win_for(us), Reason::Stalemate};
    return {Outcome::Result::Draw, Reason::Stalemate};
  }
  if (variant_->bare_king_loses)
    if (Outcome bared = bare_king_outcome(*this, moves); bared.over()) return bared;
  if (halfmove_ >= variant_->fifty_move_plies) return {Outcome::Result::Draw, Reason::FiftyMoves};
  // Without check a bare king can still walk into the other and be taken: no position is dead.
  if (!no_check && !has_mating_material(Color::White) && !has_mating_material(Color::Black)) {
    Bitboard white = pieces(Color::White) & ~pieces(Color::White, variant_->royal_kind());
    Bitboard black = pieces(Color::Black) & ~pieces(Color::Black, variant_->royal_kind());
    // Each side has at most one man here: a pair of a kind that keeps to one colour, both on it, draws.
    if (!white || !black) return {Outcome::Result::Draw, Reason::InsufficientMaterial};
    const int kind = piece_at(lsb(white))->kind;
    if (kind == piece_at(lsb(black))->kind && variant_->kinds[kind].same_colour_pair_draws &&
        variant_->geometry.light(lsb(white)) == variant_->geometry.light(lsb(black)))
      return {Outcome::Result::Draw, Reason::InsufficientMaterial};
  }
  return {};
}

}  // namespace arbiter::rules
