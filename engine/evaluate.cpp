#include "engine/evaluate.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <map>
#include <mutex>

#include "rules/game.h"

namespace arbiter::engine {

using rules::Bitboard;
using rules::Color;
using rules::Square;

namespace {

// What a man of this kind reaches from s on an empty board: its leaps and whole slides.
int empty_reach(const rules::Variant& v, int c, int k, Square s) {
  const auto& t = v.tables();
  int n = rules::popcount(t.quiet_leaps[c][k][s] | t.capture_leaps[c][k][s]);
  for (unsigned dirs = t.quiet_slides[c][k] | t.capture_slides[c][k]; dirs; dirs &= dirs - 1)
    n += int(v.geometry.ray(std::countr_zero(dirs), s).size());
  return n;
}

// Squares attacked or reachable by a man of kind k from s with the given occupancy.
Bitboard reach(const rules::Variant& v, int c, int k, Square s, Bitboard occupied) {
  const auto& t = v.tables();
  Bitboard b = t.quiet_leaps[c][k][s] | t.capture_leaps[c][k][s];
  for (unsigned dirs = t.quiet_slides[c][k] | t.capture_slides[c][k]; dirs; dirs &= dirs - 1)
    b |= v.geometry.slide_targets(std::countr_zero(dirs), s, occupied);
  return b;
}

// Ranks between two squares, the short way round on a ring.
int rank_distance(const rules::Geometry& g, Square a, Square b) {
  int d = std::abs(g.rank_of(a) - g.rank_of(b));
  return g.wraps() ? std::min(d, g.ranks() - d) : d;
}

// A square and its neighbours.
Bitboard king_zone_of(const rules::Geometry& g, Square s) {
  Bitboard zone = rules::bit(s);
  for (int d = 0; d < 8; ++d)
    if (Square n = g.offset(s, rules::kDirections[d].df, rules::kDirections[d].dr); n != rules::kNoSquare && n != s)
      zone |= rules::bit(n);
  return zone;
}

// A man that keeps to the colour of its square and rides (the bishop): a pair of them, on both
// colours, is worth more than two. Read from the legs, whatever the kind is called.
bool colour_bound_rider(const rules::Variant& v, int k) {
  const rules::PieceKind& kind = v.kinds[k];
  if (kind.royal || kind.pawn || kind.legs.empty() || v.tables().other_facings[k]) return false;
  bool rides = false;
  for (const rules::Leg& leg : kind.legs) {
    if ((leg.df + leg.dr) % 2 != 0) return false;
    rides = rides || leg.slide;
  }
  return rides;
}

constexpr int kPassedBonus[] = {0, 190, 130, 85, 55, 35, 22, 14, 10, 8, 6, 5, 4, 3, 2, 1, 1};

}  // namespace

struct Evaluator::Side {
  int mg = 0, eg = 0;
  int phase = 0;  // non-pawn material
  std::array<Bitboard, rules::kMaxKinds> attacks_by_kind{};  // squares each kind of the side attacks
  Bitboard attacks = 0;                                      // all of them
};

Evaluator::Evaluator(const rules::Variant& variant) : v_(variant) {
  const rules::Geometry& g = v_.geometry;
  const auto& t = v_.tables();
  const int kinds = int(v_.kinds.size());
  const rules::Position start = rules::Position::start(v_);
  for (int choice : v_.promotion_choices)
    if (v_.kinds[choice].promotion_limit != rules::kNoPromotionLimit) has_promotion_limits_ = true;
  for (int k = 0; k < kinds; ++k) {
    values_.push_back(material(v_, k));
    if (v_.kinds[k].pawn) pawn_kinds_ |= std::uint16_t(1u << k);
    if (colour_bound_rider(v_, k)) pair_kinds_ |= std::uint16_t(1u << k);
  }
  for (int f = 0; f < g.files(); ++f) file_bits_.push_back(g.file_squares(f));
  // Steps from the nearest edge, summed over both axes (a corner is 0); the ring has edges only
  // inside and outside.
  centrality_.assign(g.size(), 0);
  for (Square s = 0; s < g.size(); ++s) {
    const int f = g.file_of(s), r = g.rank_of(s);
    centrality_[s] = std::min(f, g.files() - 1 - f) + (g.wraps() ? 0 : std::min(r, g.ranks() - 1 - r));
  }
  king_zone_.assign(g.size(), 0);
  for (Square s = 0; s < g.size(); ++s) king_zone_[s] = king_zone_of(g, s);

  for (int c = 0; c < 2; ++c) {
    const Square king_home = start.king(Color(c));
    for (int k = 0; k < kinds; ++k) {
      const rules::PieceKind& kind = v_.kinds[k];
      auto& place = placement_[c][k];
      auto& distance = promotion_distance_[c][k];
      auto& span = front_span_[c][k];
      place.assign(g.size(), {});
      distance.assign(g.size(), -1);
      span.assign(g.size(), 0);
      int total = 0;
      for (Square s = 0; s < g.size(); ++s) total += empty_reach(v_, c, k, s);
      const int mean = std::max(1, total / g.size());
      mobility_mean_[k] = mean / 2;
      const bool slider = t.quiet_slides[c][k] | t.capture_slides[c][k];
      mobility_weight_[k] = kind.royal || kind.pawn ? 0 : std::max(4, 4 * values_[k].mg / (mean * 10));

      if (kind.pawn) {
        const Bitboard zone = t.promotion_zone[c][k] | t.optional_promotion_zone[c][k];
        const int forward = t.forward[c][k];
        for (Square s = 0; s < g.size(); ++s) {
          if (!zone) break;
          Square at = s;
          for (int steps = 1; steps <= g.ranks(); ++steps) {
            at = g.offset(at, 0, forward);
            if (at == rules::kNoSquare) break;
            for (int df = -1; df <= 1; ++df)
              if (Square side = g.offset(at, df, 0); side != rules::kNoSquare) span[s] |= rules::bit(side);
            if (zone & rules::bit(at)) {
              distance[s] = steps;
              break;
            }
          }
          if (distance[s] < 0) span[s] = 0;
        }
        int track = 0;  // steps from the start rank to promotion
        for (Bitboard from = t.double_step_from[c][k]; from;) track = std::max(track, distance[rules::pop_lsb(from)]);
        for (Square s = 0; s < g.size(); ++s)
          if (distance[s] >= 0 && track > 0) {
            const int advanced = std::max(0, track - distance[s]);
            place[s] = {3 * advanced, 7 * advanced};
          }
      } else if (kind.royal) {
        for (Square s = 0; s < g.size(); ++s) {
          const int centrality = empty_reach(v_, c, k, s) - mean;
          const int away = king_home == rules::kNoSquare ? 0 : std::min(4, rank_distance(g, s, king_home));
          place[s] = {-14 * away - 4 * centrality, 5 * centrality};
        }
      } else {
        // A man is worth more where it reaches more: an eighth of its value per doubling of its
        // mean reach, half that for sliders, whose mobility term already measures this.
        for (Square s = 0; s < g.size(); ++s) {
          int bonus = values_[k].mg * (empty_reach(v_, c, k, s) - mean) / (mean * 8);
          if (slider) bonus /= 2;
          place[s] = {bonus, bonus};
        }
      }
    }
  }
  Side white, black;
  add_side(start, Color::White, white);
  add_side(start, Color::Black, black);
  start_phase_ = std::max(1, white.phase + black.phase);
}

void Evaluator::add_side(const rules::Position& pos, Color us, Side& out) const {
  const int c = rules::index(us);
  const Color them = ~us;
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(them), occupied = own | enemy;
  const auto& t = v_.tables();
  const int kinds = int(v_.kinds.size());

  Bitboard enemy_pawn_attacks = 0, enemy_pawns = 0, own_pawns = 0;
  for (unsigned pk = pawn_kinds_; pk; pk &= pk - 1) {
    const int k = std::countr_zero(pk);
    own_pawns |= pos.pieces(us, k);
    enemy_pawns |= pos.pieces(them, k);
    for (Bitboard b = pos.pieces(them, k); b;) enemy_pawn_attacks |= t.capture_leaps[1 - c][k][rules::pop_lsb(b)];
    for (Bitboard b = pos.pieces(us, k); b;) out.attacks_by_kind[k] |= t.capture_leaps[c][k][rules::pop_lsb(b)];
  }
  if (const Square king = pos.king(us); king != rules::kNoSquare)
    out.attacks_by_kind[v_.royal_kind()] = king_zone_[king] & ~rules::bit(king);
  const Square their_king = pos.king(them);
  const Bitboard their_zone = their_king == rules::kNoSquare ? 0 : king_zone_[their_king];
  int attackers = 0, attack_units = 0;
  // Where a pawn may only promote to a man its side has lost (Grand), a passed pawn is a promise
  // while nothing has been lost: it can reach the last ranks and then wait there.
  bool can_promote = !has_promotion_limits_;
  for (int choice : v_.promotion_choices)
    if (!can_promote && rules::popcount(pos.pieces(us, choice)) < v_.kinds[choice].promotion_limit) can_promote = true;

  for (int k = 0; k < kinds; ++k) {
    const rules::PieceKind& kind = v_.kinds[k];
    for (Bitboard men = pos.pieces(us, k); men;) {
      const Square s = rules::pop_lsb(men);
      out.mg += values_[k].mg + placement_[c][k][s].mg;
      out.eg += values_[k].eg + placement_[c][k][s].eg;
      if (kind.pawn) {
        const int distance = promotion_distance_[c][k][s];
        if (distance > 0 && !(front_span_[c][k][s] & enemy_pawns)) {
          int bonus = kPassedBonus[std::min(distance, 16)];
          const Square ahead = v_.geometry.offset(s, 0, t.forward[c][k]);
          if (ahead != rules::kNoSquare && (occupied & rules::bit(ahead))) bonus = bonus * 2 / 3;
          if (!can_promote) bonus /= 3;
          out.mg += bonus / 2;
          out.eg += bonus;
        }
        continue;
      }
      if (kind.royal) continue;
      out.phase += values_[k].mg;
      const Bitboard reached = reach(v_, c, k, s, occupied);
      out.attacks_by_kind[k] |= reached;
      const int mobility = rules::popcount(reached & ~own & ~enemy_pawn_attacks);
      const int term = mobility_weight_[k] * (mobility - mobility_mean_[k]) / 4;
      out.mg += term;
      out.eg += term;
      if (const Bitboard hits = reached & their_zone) {
        ++attackers;
        attack_units += rules::popcount(hits) * std::clamp(values_[k].mg / 200, 1, 5);
      }
    }
  }
  for (unsigned pk = pair_kinds_; pk; pk &= pk - 1)
    if (rules::popcount(pos.pieces(us, std::countr_zero(pk))) >= 2) out.mg += 30, out.eg += 50;
  // Pawn files on a flat board (on the ring a file holds pawns going both ways): doubled pawns and
  // pawns with no own pawn on a neighbouring file are weak.
  if (!v_.geometry.wraps())
    for (int f = 0; f < v_.geometry.files(); ++f) {
      const int here = rules::popcount(own_pawns & file_bits_[f]);
      if (!here) continue;
      if (here > 1) out.mg -= 10 * (here - 1), out.eg -= 20 * (here - 1);
      const rules::Bitboard beside = (f > 0 ? file_bits_[f - 1] : 0) | (f + 1 < v_.geometry.files() ? file_bits_[f + 1] : 0);
      if (!(own_pawns & beside)) out.mg -= 10 * here, out.eg -= 15 * here;
    }
  // Attacks on the enemy king count once two men join in; the enemy's pawns around it shield it.
  if (attackers >= 2) out.mg += std::min(500, attack_units * attack_units);
  if (their_king != rules::kNoSquare) out.mg -= 10 * std::min(3, rules::popcount(their_zone & enemy_pawns));
  if (v_.two_moves_until_capture && pos.has_double_move(us)) out.mg += 60, out.eg += 60;
  for (int k = 0; k < kinds; ++k) out.attacks |= out.attacks_by_kind[k];
}

// A man attacked by a cheaper one, or attacked and not defended, is likely lost or must move: the
// attacker gains a share of its worth (the search sees only the side to move's captures).
int Evaluator::threats(const rules::Position& pos, Color victim_colour, const Side& victim, const Side& attacker) const {
  int bonus = 0;
  const int kinds = int(v_.kinds.size());
  for (int k = 0; k < kinds; ++k) {
    if (v_.kinds[k].royal) continue;
    const Bitboard men = pos.pieces(victim_colour, k) & attacker.attacks;
    if (!men) continue;
    Bitboard by_cheaper = 0;
    for (int a = 0; a < kinds; ++a)
      if (!v_.kinds[a].royal && values_[a].mg + 50 < values_[k].mg) by_cheaper |= attacker.attacks_by_kind[a];
    const int cheaper = rules::popcount(men & by_cheaper);
    const int loose = rules::popcount(men & ~by_cheaper & ~victim.attacks);
    bonus += (cheaper + loose) * std::min(150, values_[k].mg / 6);
  }
  return bonus;
}

// A side with a winning material edge against a lone king (no pawns, at most a minor man) drives
// that king to an edge and a corner (on the ring: the inner or outer ring)
// and brings its own king near: what mating needs and the search alone sees too late.
int Evaluator::mop_up(const rules::Position& pos, const Side& white, const Side& black) const {
  const int edge = white.phase - black.phase;
  if (std::abs(edge) < 400) return 0;
  const Color strong = edge > 0 ? Color::White : Color::Black;
  const Color weak = ~strong;
  rules::Bitboard weak_pawns = 0;
  for (unsigned pk = pawn_kinds_; pk; pk &= pk - 1) weak_pawns |= pos.pieces(weak, std::countr_zero(pk));
  const Square weak_king = pos.king(weak), strong_king = pos.king(strong);
  if (weak_pawns || (edge > 0 ? black.phase : white.phase) > 350 || weak_king == rules::kNoSquare ||
      strong_king == rules::kNoSquare)
    return 0;
  const rules::Geometry& g = v_.geometry;
  const int file_gap = std::abs(g.file_of(weak_king) - g.file_of(strong_king));
  const int gap = std::max(file_gap, rank_distance(g, weak_king, strong_king));
  const int bonus = 40 - 12 * centrality_[weak_king] + 6 * (g.ranks() - gap);
  return strong == Color::White ? bonus : -bonus;
}

// Where baring the king wins (Byzantine, shatranj), a side's last few men are worth more than
// their value: losing them all loses the game. A side ahead trades down toward that, and the side
// behind keeps its men. Measured only beside the levels' contempt (engine/level.cpp), which ended
// Byzantine's draws between neighbouring levels; alone it left level 7 against itself as drawn.
int Evaluator::last_men(const rules::Position& pos) const {
  if (!v_.bare_king_loses) return 0;
  constexpr int kFewMenPenalty[] = {0, 220, 110, 50, 20};
  auto penalty = [&](Color c) {
    const int men = rules::popcount(pos.pieces(c) & ~pos.pieces(c, v_.royal_kind()));
    return men < int(std::size(kFewMenPenalty)) ? kFewMenPenalty[men] : 0;
  };
  return penalty(Color::Black) - penalty(Color::White);
}

int Evaluator::evaluate(const rules::Position& pos) const {
  Side white, black;
  add_side(pos, Color::White, white);
  add_side(pos, Color::Black, black);
  const int phase = std::min(256, (white.phase + black.phase) * 256 / start_phase_);
  const int threat_balance = threats(pos, Color::Black, black, white) - threats(pos, Color::White, white, black);
  int score = ((white.mg - black.mg) * phase + (white.eg - black.eg) * (256 - phase)) / 256 + threat_balance;
  score += mop_up(pos, white, black) + last_men(pos);
  // A side without mating material cannot win whatever it has.
  if ((score > 0 && !pos.has_mating_material(Color::White)) || (score < 0 && !pos.has_mating_material(Color::Black)))
    score /= 16;
  if (pos.side_to_move() == Color::Black) score = -score;
  return score + 12;
}

// Built on a variant's first search and kept, never destroyed (as the variants are): the built-ins,
// an operator's, a UCI session's files. Computer players search on several threads at once.
const Evaluator& Evaluator::of(const rules::Variant& variant) {
  static std::mutex guard;
  static auto& evaluators = *new std::map<const rules::Variant*, Evaluator>;
  std::lock_guard lock(guard);
  auto it = evaluators.find(&variant);
  if (it == evaluators.end()) it = evaluators.emplace(&variant, Evaluator(variant)).first;
  return it->second;
}

}  // namespace arbiter::engine
