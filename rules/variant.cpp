#include "rules/variant.h"

#include <algorithm>
#include <stdexcept>

#include "rules/variants/builtin_file.h"

namespace arbiter::rules {

namespace {

int direction_of(int df, int dr) {
  for (int d = 0; d < 8; ++d)
    if (kDirections[d].df == df && kDirections[d].dr == dr) return d;
  throw std::logic_error("a slide must step to a neighbouring square");
}

}  // namespace

int Variant::kind_of(char letter) const {
  for (std::size_t k = 0; k < kinds.size(); ++k)
    if (kinds[k].letter == letter) return int(k);
  return -1;
}

void Variant::finish() {
  if (kinds.size() > kMaxKinds) throw std::logic_error("too many piece kinds");
  for (std::size_t i = 0; i < promotion_choices.size(); ++i)
    if (promotion_choices[i] < 0 || promotion_choices[i] >= int(kinds.size()) ||
        std::find(promotion_choices.begin(), promotion_choices.begin() + i, promotion_choices[i]) != promotion_choices.begin() + i)
      throw std::logic_error("promotion choices must be distinct kinds");
  tables_ = Tables{};
  royal_ = -1;
  const Geometry& g = geometry;
  for (int c = 0; c < 2; ++c) {
    const int colour_forward = (c == 1 && mirror_black) ? -1 : 1;
    const int rank_offset = (c == 1 && !mirror_black) ? black_rank_offset : 0;
    for (std::size_t k = 0; k < kinds.size(); ++k) {
      const PieceKind& kind = kinds[k];
      const int forward = colour_forward * kind.forward;
      auto absolute_rank = [&](int relative) {
        return ((forward == 1 ? relative : g.ranks() - 1 - relative) + rank_offset) % g.ranks();
      };
      if (kind.royal) royal_ = int(k);
      tables_.forward[c][k] = forward;
      tables_.quiet_leaps[c][k].assign(g.size(), 0);
      tables_.capture_leaps[c][k].assign(g.size(), 0);
      tables_.leap_attackers[c][k].assign(g.size(), 0);
      for (const Leg& leg : kind.legs) {
        const int dr = leg.dr * forward;
        const int df = (c == 1 && kind.legs_turn_for_black) ? -leg.df : leg.df;
        if (leg.special()) {
          Leg turned = leg;
          turned.df = df;
          turned.dr = dr;
          tables_.special_legs[c][k].push_back(turned);
          tables_.special_kinds |= std::uint16_t(1u << k);
          continue;
        }
        if (leg.slide) {
          auto mask = std::uint8_t(1u << direction_of(df, dr));
          if (leg.mode != Mode::CaptureOnly) tables_.quiet_slides[c][k] |= mask;
          if (leg.mode != Mode::MoveOnly) tables_.capture_slides[c][k] |= mask;
          continue;
        }
        for (Square s = 0; s < g.size(); ++s) {
          Square t = g.offset(s, df, dr);
          if (t == kNoSquare || t == s) continue;
          if (leg.mode != Mode::CaptureOnly) tables_.quiet_leaps[c][k][s] |= bit(t);
          if (leg.mode != Mode::MoveOnly) tables_.capture_leaps[c][k][s] |= bit(t);
        }
      }
      for (Square s = 0; s < g.size(); ++s)
        for (Bitboard b = tables_.capture_leaps[c][k][s]; b;) tables_.leap_attackers[c][k][pop_lsb(b)] |= bit(s);
      if (kind.promotion_rank >= 0) {
        tables_.promotion_zone[c][k] = g.rank_squares(absolute_rank(kind.promotion_rank));
        if (kind.optional_promotion_rank >= 0)
          for (int r = kind.optional_promotion_rank; r < kind.promotion_rank; ++r)
            tables_.optional_promotion_zone[c][k] |= g.rank_squares(absolute_rank(r));
      }
      for (int r : kind.double_step_ranks) tables_.double_step_from[c][k] |= g.rank_squares(absolute_rank(r));
    }
  }
  for (int c = 0; c < 2; ++c)
    for (std::size_t i = 0; i < castling[c].size(); ++i) {
      const CastlingRule& rule = castling[c][i];
      if (rule.rook_kind < 0 || rule.rook_kind >= int(kinds.size())) throw std::logic_error("castling with no such kind");
      for (Square s : {rule.king_from, rule.rook_from}) tables_.castling_spoilers[s] |= castling_bit(Color(c), rule);
      auto [low, high] = std::minmax({g.file_of(rule.king_from), g.file_of(rule.king_to), g.file_of(rule.rook_from),
                                      g.file_of(rule.rook_to)});
      for (int f = low; f <= high; ++f) tables_.castling_paths[c][i] |= bit(g.square(f, g.rank_of(rule.king_from)));
      tables_.castling_paths[c][i] &= ~(bit(rule.king_from) | bit(rule.rook_from));
    }
  for (int c = 0; c < 2; ++c)
    for (int d = 0; d < 8; ++d)
      for (std::size_t k = 0; k < kinds.size(); ++k)
        if (tables_.capture_slides[c][k] & (1u << opposite(d))) tables_.ray_attacker_kinds[c][d] |= 1u << k;
  for (std::size_t k = 0; k < kinds.size(); ++k)
    for (int other : kinds[k].facings) {
      if (other < 0 || other >= int(kinds.size())) throw std::logic_error("a facing of no such kind");
      if (other != int(k)) tables_.other_facings[k] |= std::uint16_t(1u << other);
    }
  bound_moves();
}

// The most squares a man of this kind and colour could move to from any one square of an empty
// board, its special legs walked to the board's edge (a hopper lands somewhere on its line).
int Variant::squares_reached_bound(int c, int kind) const {
  const Geometry& g = geometry;
  int most = 0;
  for (Square s = 0; s < g.size(); ++s) {
    Bitboard reach = tables_.quiet_leaps[c][kind][s] | tables_.capture_leaps[c][kind][s];
    for (unsigned dirs = tables_.quiet_slides[c][kind] | tables_.capture_slides[c][kind]; dirs; dirs &= dirs - 1)
      reach |= g.ray_bits(std::countr_zero(dirs), s);
    for (const Leg& leg : tables_.special_legs[c][kind]) {
      Square t = s;
      for (int step = 0; step < g.size(); ++step) {  // a line on the ring comes back round
        t = g.offset(t, leg.df, leg.dr);
        if (t == kNoSquare || t == s) break;
        reach |= bit(t);
        if (!leg.slide) break;
      }
    }
    most = std::max(most, popcount(reach));
  }
  return most;
}

// Move lists have room for kMaxMoves; positions are checked against these bounds (from_fen). A
// move to a square is made once for each kind the man may end it as (promotions, facings), and a
// man may become any kind it promotes or turns into, so its bound is the most of theirs too.
void Variant::bound_moves() {
  for (int c = 0; c < 2; ++c) {
    auto& bound = tables_.move_bound[c];
    std::array<unsigned, kMaxKinds> becomes{};  // [kind]: the kinds a man of it may end a move as
    for (std::size_t k = 0; k < kinds.size(); ++k) {
      const PieceKind& kind = kinds[k];
      becomes[k] = tables_.other_facings[k];
      if (tables_.promotion_zone[c][k] || tables_.optional_promotion_zone[c][k])
        for (int choice : promotion_choices) becomes[k] |= 1u << choice;
      const int facings = std::popcount(tables_.other_facings[k]);
      const int endings = 1 + std::popcount(becomes[k]);  // as itself, or as each of those
      const int extra = (kind.double_step ? 1 : 0) + (kind.en_passant ? 1 : 0);
      bound[k] = (squares_reached_bound(c, int(k)) + extra) * endings + facings;
    }
    for (bool grew = true; grew;) {
      grew = false;
      for (std::size_t k = 0; k < kinds.size(); ++k)
        for (unsigned other = becomes[k]; other; other &= other - 1)
          if (bound[std::countr_zero(other)] > bound[k]) bound[k] = bound[std::countr_zero(other)], grew = true;
    }
  }
}

Bitboard Variant::special_targets(Color c, int kind, Square from, Bitboard occupied, bool captures, bool first_move) const {
  const Geometry& g = geometry;
  Bitboard reach = 0;
  for (const Leg& leg : tables_.special_legs[index(c)][kind]) {
    if (leg.mode == (captures ? Mode::MoveOnly : Mode::CaptureOnly) || (leg.initial && !first_move)) continue;
    if (!leg.slide) {  // a leap; a lame one is blocked on the square between, the step halved
      const Square to = g.offset(from, leg.df, leg.dr);
      const Square between = leg.lame ? g.offset(from, leg.df / 2, leg.dr / 2) : from;
      if (to != kNoSquare && to != from && between != kNoSquare && (!leg.lame || !(occupied & bit(between))))
        reach |= bit(to);
      continue;
    }
    // The line of steps from `from`, to the edge or (on the ring) back round to `from`.
    auto next = [&](Square s) {
      const Square t = g.offset(s, leg.df, leg.dr);
      return t == from ? kNoSquare : t;
    };
    Square t = next(from);
    if (leg.hop != Hop::None) {
      while (t != kNoSquare && !(occupied & bit(t))) t = next(t);
      if (t == kNoSquare || (t = next(t)) == kNoSquare) continue;  // no screen, or nothing beyond it
      if (leg.hop == Hop::Grasshopper) {
        reach |= bit(t);
        continue;
      }
    }
    for (int steps = 1; t != kNoSquare && (!leg.range || steps <= leg.range); t = next(t), ++steps) {
      reach |= bit(t);
      if (occupied & bit(t)) break;
    }
  }
  return reach & (captures ? occupied : ~occupied);
}

Bitboard Variant::castling_path(Color c, const CastlingRule& rule) const {
  return tables_.castling_paths[index(c)][&rule - castling[index(c)].data()];
}

std::uint8_t Variant::castling_bit(Color c, const CastlingRule& rule) const {
  const auto& rules = castling[index(c)];
  return std::uint8_t(1u << (index(c) * 2 + int(&rule - rules.data())));
}

namespace {

// The variants and their list live for the program, never destroyed, so that no thread still
// running at exit can outlive them (and leak checkers find them reachable to the end).
std::vector<const Variant*>& registered_variants() {
  static std::vector<const Variant*>& variants = *[] {
    auto* list = new std::vector<const Variant*>;
    for (const Variant& v : builtin_variants()) list->push_back(&v);
    return list;
  }();
  return variants;
}

}  // namespace

const std::vector<const Variant*>& all_variants() { return registered_variants(); }

void add_variants(std::vector<Variant> variants) {
  for (Variant& v : variants) {
    if (find_variant(v.name)) throw std::logic_error("a variant named '" + v.name + "' exists already");
    registered_variants().push_back(new Variant(std::move(v)));
  }
}

const Variant* find_variant(std::string_view name) {
  for (const Variant* v : all_variants())
    if (v->name == name) return v;
  return nullptr;
}

}  // namespace arbiter::rules
