// A position's FEN: reading one (Fairy-Stockfish's six fields and those some variants add) and
// writing it back.
#include <algorithm>
#include <cctype>
#include <sstream>

#include "rules/placement.h"
#include "rules/position.h"
#include "rules/zobrist.h"

namespace arbiter::rules {

// A FEN's en-passant square stands only where an enemy man just passed it with a double step:
// the square empty, that man one step beyond it, the square it came from empty and on its
// double-step rank. Fairy-Stockfish ignores any other, and so do we (capturing on it would
// take a man that is not there).
static bool just_passed(const Position& pos, Square s) {
  const Variant& v = pos.variant();
  const Geometry& g = v.geometry;
  const Color them = ~pos.side_to_move();
  if (pos.piece_at(s)) return false;
  for (std::size_t k = 0; k < v.kinds.size(); ++k) {
    if (!v.kinds[k].en_passant || !v.kinds[k].double_step) continue;
    const int forward = v.tables().forward[index(them)][k];
    const Square man = g.offset(s, 0, forward), from = g.offset(s, 0, -forward);
    if (man != kNoSquare && from != kNoSquare && (pos.pieces(them, int(k)) & bit(man)) && !pos.piece_at(from) &&
        (v.tables().double_step_from[index(them)][k] & bit(from)))
      return true;
  }
  return false;
}

Result<Position> Position::from_fen(const Variant& variant, std::string_view fen) {
  const Geometry& g = variant.geometry;
  Position pos(variant);
  std::istringstream in{std::string(fen)};
  std::string placement, side, castling = "-", ep = "-";
  int halfmove = 0, fullmove = 1;
  if (!(in >> placement >> side)) return Error{"FEN needs at least a placement and a side to move"};
  in >> castling >> ep;
  for (int* counter : {&halfmove, &fullmove}) {
    std::string text;
    if (!(in >> text)) break;
    if (text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos)
      return Error{"FEN move counters must be whole numbers, not '" + text + "'"};
    *counter = std::stoi(text);
  }
  if (fullmove < 1) return Error{"FEN fullmove number must be at least 1"};

  const auto fault = read_placement(g.files(), g.ranks(), placement, [&](int file, int rank, char ch) -> std::optional<std::string> {
    const int kind = variant.kind_of(char(std::toupper(static_cast<unsigned char>(ch))));
    if (kind < 0) return std::string("FEN has a piece letter this variant does not know: '") + ch + "'";
    pos.put(g.square(file, rank), std::isupper(static_cast<unsigned char>(ch)) ? Color::White : Color::Black, kind);
    return std::nullopt;
  });
  if (fault) return Error{*fault};

  if (side == "w") pos.side_ = Color::White;
  else if (side == "b") pos.side_ = Color::Black;
  else return Error{"FEN side to move must be 'w' or 'b'"};
  if (pos.side_ == Color::Black) pos.hash_ ^= zobrist().black_to_move;

  for (Color c : {Color::White, Color::Black}) {
    int kings = popcount(pos.pieces(c, variant.royal_kind()));
    // Under the king-capture rule the game ends with a king taken, and that position has a FEN too.
    if (kings > 1 || (kings == 0 && variant.legality == Legality::Strict))
      return Error{std::string("FEN must have exactly one ") + (c == Color::White ? "white" : "black") + " king"};
    for (std::size_t k = 0; k < variant.kinds.size(); ++k)
      if (pos.pieces(c, int(k)) & variant.tables().promotion_zone[index(c)][k])
        return Error{"FEN has a " + variant.kinds[k].name + " on its promotion rank"};
    // Men are never added in play, so what holds here holds in every position that follows.
    if (const int moves = pos.move_bound(c); moves > kMaxMoves)
      return Error{std::string("FEN gives ") + (c == Color::White ? "White" : "Black") + " men that could have up to " +
                   std::to_string(moves) + " moves in a turn; at most " + std::to_string(kMaxMoves) + " are allowed"};
  }

  if (castling != "-") {
    for (char ch : castling) {
      Color c = std::isupper(static_cast<unsigned char>(ch)) ? Color::White : Color::Black;
      const CastlingRule* found = nullptr;
      for (const CastlingRule& rule : variant.castling[index(c)])
        if (rule.letter == ch) found = &rule;
      if (!found) return Error{std::string("FEN castling right '") + ch + "' does not exist in " + variant.name};
      auto king_there = pos.piece_at(found->king_from), rook_there = pos.piece_at(found->rook_from);
      if (!king_there || king_there->color != c || king_there->kind != variant.royal_kind() || !rook_there ||
          rook_there->color != c || rook_there->kind != found->rook_kind)
        return Error{std::string("FEN castling right '") + ch + "' needs the king and rook on their squares"};
      pos.castling_ |= variant.castling_bit(c, *found);
    }
  }
  pos.hash_ ^= zobrist().castling[pos.castling_];  // "-" too, as play() hashes rights all lost

  if (ep != "-") {
    Square s = g.parse(ep);
    if (s == kNoSquare) return Error{"FEN en-passant square '" + ep + "' is not on the board"};
    if (just_passed(pos, s) && pos.en_passant_capturable(s)) pos.set_en_passant(s);
  }
  pos.halfmove_ = halfmove;
  pos.fullmove_ = fullmove;
  if (auto error = pos.read_extra_fen_fields(in)) return Error{*error};
  if (std::string rest; in >> rest) return Error{"FEN has unexpected text at the end: '" + rest + "'"};

  if (variant.legality == Legality::Strict) {
    Square their_king = pos.king(~pos.side_);
    if (pos.attacked(their_king, pos.side_)) return Error{"FEN position is illegal: the side not to move is in check"};
  }
  return pos;
}

std::string Position::fen() const {
  const Geometry& g = variant_->geometry;
  std::string out;
  out.reserve(static_cast<std::size_t>(g.size() + g.ranks()) + 24);  // one allocation: every square a letter at worst
  append_placement(out, *variant_, [this](Square s) { return piece_at(s); });
  out += side_ == Color::White ? " w " : " b ";
  std::string rights;
  for (int c = 0; c < 2; ++c)
    for (const CastlingRule& rule : variant_->castling[c])
      if (castling_ & variant_->castling_bit(Color(c), rule)) rights += rule.letter;
  out += rights.empty() ? "-" : rights;
  out += ' ';
  out += en_passant_ == kNoSquare ? "-" : g.name(en_passant_);
  out += ' ';
  out += std::to_string(halfmove_);
  out += ' ';
  out += std::to_string(fullmove_);
  out += extra_fen_fields();
  return out;
}

namespace {

bool tracks_unmoved(const Variant& v) {
  return std::any_of(v.kinds.begin(), v.kinds.end(), [](const PieceKind& k) { return k.double_step_needs_unmoved; });
}

// Men whose double step needs them unmoved, standing on their double-step rank: unmoved by default.
Bitboard unmoved_by_default(const Position& pos) {
  const Variant& v = pos.variant();
  Bitboard men = 0;
  for (std::size_t k = 0; k < v.kinds.size(); ++k)
    if (v.kinds[k].double_step_needs_unmoved)
      for (Color c : {Color::White, Color::Black}) men |= pos.pieces(c, int(k)) & v.tables().double_step_from[index(c)][k];
  return men;
}

std::string square_list(const Geometry& g, Bitboard squares) {
  if (!squares) return "-";
  std::string out;
  while (squares) {
    if (!out.empty()) out += ',';
    out += g.name(pop_lsb(squares));
  }
  return out;
}

std::optional<Bitboard> parse_square_list(const Geometry& g, const std::string& text) {
  Bitboard squares = 0;
  if (text == "-") return squares;
  std::istringstream names(text);
  for (std::string name; std::getline(names, name, ',');) {
    Square s = g.parse(name);
    if (s == kNoSquare) return std::nullopt;
    squares |= bit(s);
  }
  return squares;
}

}  // namespace

// FEN fields after Fairy-Stockfish's six, for state some variants add (rules/README.md). With two
// moves a turn: the sides that still have them ("wb", "w", "b" or "-"), then where the men of this
// turn's first move stand ("-" at a turn's start, "c1,d1" after castling). With double steps that
// need an unmoved man: the squares of such men still unmoved ("e2,f2,e9,f9"). Absent fields mean
// both sides have two moves, the next move is a turn's first, and such men on their double-step
// rank are unmoved; fen() leaves them out when they say just that, so a start FEN prints as given.
std::optional<std::string> Position::read_extra_fen_fields(std::istream& in) {
  const Variant& v = *variant_;
  const Geometry& g = v.geometry;
  if (v.two_moves_until_capture) {
    std::string sides = "wb", moved = "-";
    in >> sides >> moved;
    if (sides != "-" && sides != "w" && sides != "b" && sides != "wb")
      return "FEN double-move field must be 'wb', 'w', 'b' or '-', not '" + sides + "'";
    for (Color c : {Color::White, Color::Black})
      if (sides.find(c == Color::White ? 'w' : 'b') != std::string::npos) {
        double_moves_ |= std::uint8_t(1u << index(c));
        hash_ ^= zobrist().double_move[index(c)];
      }
    auto men = parse_square_list(g, moved);
    if (!men) return "FEN field of this turn's moved men must be '-' or squares like 'c1,d1', not '" + moved + "'";
    if (*men) {
      if ((*men & ~pieces(side_)) || popcount(*men) > 2)
        return "FEN names squares without a man of the side to move as this turn's moved men";
      if (!has_double_move(side_)) return "FEN has a second move to make for a side without the double move";
      toggle(moved_this_turn_, zobrist().moved_this_turn, *men);
    }
  }
  if (tracks_unmoved(v)) {
    const Bitboard eligible = unmoved_by_default(*this);
    std::string field;
    auto unmoved = in >> field ? parse_square_list(g, field) : std::optional(eligible);
    if (!unmoved || (*unmoved & ~eligible))
      return "FEN field of unmoved men must be '-' or squares of men on their double-step rank, not '" + field + "'";
    toggle(unmoved_, zobrist().unmoved, *unmoved);
  }
  if (moved_this_turn_ && legal_moves().empty()) return "FEN has a second move to make but no legal one";
  return std::nullopt;
}

std::string Position::extra_fen_fields() const {
  const Geometry& g = variant_->geometry;
  const bool defaults = (!variant_->two_moves_until_capture || (double_moves_ == 3 && !moved_this_turn_)) &&
                        unmoved_ == unmoved_by_default(*this);
  if (defaults) return "";
  std::string out;
  if (variant_->two_moves_until_capture) {
    std::string sides = std::string(has_double_move(Color::White) ? "w" : "") + (has_double_move(Color::Black) ? "b" : "");
    out += ' ' + (sides.empty() ? "-" : sides) + ' ' + square_list(g, moved_this_turn_);
  }
  if (tracks_unmoved(*variant_)) out += ' ' + square_list(g, unmoved_);
  return out;
}

}  // namespace arbiter::rules
