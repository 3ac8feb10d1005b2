// Move notation: UCI-style coordinates in and out, SAN out.
#include <cctype>

#include "rules/movegen.h"
#include "rules/position.h"

namespace arbiter::rules {

namespace {

char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }

}  // namespace

std::string Position::uci(const Move& move) const {
  std::string text;
  append_uci(text, move);
  return text;
}

void Position::append_uci(std::string& out, const Move& move) const {
  char text[kMaxUciSize];
  out.append(text, write_uci(text, move));
}

char* Position::write_uci(char* at, const Move& move) const {
  const Geometry& g = variant_->geometry;
  at = g.write_name(g.write_name(at, move.from), move.to);
  if (move.promotion >= 0) *at++ = lower(variant_->kinds[move.promotion].letter);
  return at;
}

Result<Move> Position::parse_uci(std::string_view text, std::span<const Move> legal) const {
  const Geometry& g = variant_->geometry;
  const auto [from, to, end] = g.uci_squares(text);
  if (from == kNoSquare || to == kNoSquare || text.size() > end + 1)
    return Error{"'" + std::string(text) + "' is not a move in coordinate notation (like e2e4 or e7e8q)"};
  for (const Move& m : legal)
    if (m.from == from && m.to == to && uci(m) == text) return m;  // spelled only when the squares match
  // A facing suffix naming the facing the man already has is the move without one (b2b6m = b2b6).
  auto mover = piece_at(from);
  if (text.size() == end + 1 && mover && variant_->tables().other_facings[mover->kind] &&
      text.back() == lower(variant_->kinds[mover->kind].letter))
    if (auto same = parse_uci(text.substr(0, end), legal); same.ok()) return same;
  return Error{"illegal move: " + std::string(text)};
}

Result<Move> Position::parse_uci(std::string_view text) const {
  MoveList list;
  MoveGenerator(*this).legal(list);
  return parse_uci(text, {list.begin(), list.end()});
}

std::string Position::san(const Move& move) const {
  MoveList list;
  MoveGenerator(*this).legal(list);
  return san(move, {list.begin(), list.end()});
}

std::string Position::san(const Move& move, std::span<const Move> legal) const {
  const Variant& v = *variant_;
  const Geometry& g = v.geometry;
  std::string text;
  if (move.kind == Move::Kind::Castle) {
    text = g.file_of(move.to) > g.file_of(move.from) ? "O-O" : "O-O-O";
  } else {
    const Piece mover = *piece_at(move.from);
    const PieceKind& kind = v.kinds[mover.kind];
    const bool capture = is_capture(move);
    // Disambiguate among other men written alike that can reach the same square: men of the same
    // kind, and for a pawn any pawn (on the ring a pawn moving up and one moving down can).
    bool others = false, same_file = false, same_rank = false;
    for (const Move& m : legal) {
      if (m.to != move.to || m.from == move.from || m.kind == Move::Kind::Castle) continue;
      const int rival = piece_at(m.from)->kind;
      if (kind.pawn ? !v.kinds[rival].pawn : rival != mover.kind) continue;
      others = true;
      same_file |= g.file_of(m.from) == g.file_of(move.from);
      same_rank |= g.rank_of(m.from) == g.rank_of(move.from);
    }
    const std::string from = g.name(move.from);
    if (kind.pawn) {
      // Two pawns on one file reaching one square are on the ring, moving opposite ways.
      if (same_file) text += from;
      else if (capture) text += from[0];
    } else {
      text += kind.letter;
      if (others && !same_file) text += from[0];
      else if (others && !same_rank) text += from.substr(1);
      else if (others) text += from;
    }
    if (capture) text += 'x';
    text += g.name(move.to);
    if (move.promotion >= 0) text += std::string("=") + v.kinds[move.promotion].letter;
  }
  if (v.legality == Legality::NoCheck) return text;  // no check, so no mark of one
  Position next = *this;
  next.play(move);
  if (next.in_check()) text += next.legal_moves().empty() ? '#' : '+';
  return text;
}

std::vector<std::string> Position::legal_sans() const {
  MoveList list;
  MoveGenerator(*this).legal(list);
  const std::span<const Move> legal{list.begin(), list.end()};
  std::vector<std::string> sans;
  sans.reserve(legal.size());
  for (const Move& m : legal) sans.push_back(san(m, legal));
  return sans;
}

}  // namespace arbiter::rules
