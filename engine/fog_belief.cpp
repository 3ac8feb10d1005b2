#include "engine/fog_belief.h"

#include <algorithm>
#include <array>
#include <random>
#include <sstream>

#include "engine/sampled_men.h"
#include "rules/fog.h"

namespace arbiter::engine {

using rules::Bitboard;
using rules::Color;
using rules::Piece;
using rules::Position;
using rules::Square;

namespace {

// Repairs tried per sample wanted, before giving up on a sight.
constexpr int kRepairAttemptsPerSample = 8;
// Men moved into or out of the squares a rebuilt position shows wrongly, per rebuild.
constexpr int kFixesPerRebuild = 8;
// Once the budget is spent, a sight is followed in the first of at most this many samples that agrees.
constexpr std::size_t kSamplesWhenSpent = 4;
// The work of one rebuild: positions made from men, as costly as generating about this many moves.
constexpr int kRebuildWork = 200;

// Whether a man of `kind` and `color` may stand on `s` in a sample: a pawn not where it must
// already have promoted, nor on its own first rank on a board with ends.
bool plausible_square(const rules::Variant& v, Color color, int kind, Square s) {
  if (!v.kinds[kind].pawn) return true;
  if (v.tables().promotion_zone[rules::index(color)][kind] & rules::bit(s)) return false;
  const rules::Geometry& g = v.geometry;
  if (g.wraps()) return true;
  const int home = color == Color::White ? 0 : g.ranks() - 1;
  return g.rank_of(s) != home;
}

}  // namespace

bool shows(const Position& position, Color seat, const FogSight& sight) {
  if (position.side_to_move() != sight.to_move) return false;
  if (position.pieces(seat) & ~sight.seen) return false;
  for (Bitboard b = sight.seen; b;) {
    const Square s = rules::pop_lsb(b);
    const auto man = position.piece_at(s);
    const std::int8_t code = man ? std::int8_t(man->kind + 32 * rules::index(man->color)) : std::int8_t(-1);
    if (code != sight.board[s]) return false;
  }
  return rules::visible_squares(position, seat) == sight.seen;
}

FogBelief::FogBelief(const rules::Variant& variant, Color me, std::uint64_t seed, int samples)
    : variant_(&variant), me_(me), seed_(seed), target_(std::max(1, samples)),
      samples_(std::size_t(target_), Position::start(variant)) {}

std::vector<FogBelief::Followed> FogBelief::follow(const FogSight& sight, KriegspielRandom& rng, WorkBudget& budget) const {
  std::vector<Followed> next;
  std::size_t after_spent = 0;
  auto enough = [&] { return budget.spent() && (!next.empty() || after_spent++ == kSamplesWhenSpent); };
  if (!sight.own_move.empty()) {
    for (const Position& p : samples_) {
      if (enough()) break;
      budget.spend(1);
      auto move = p.parse_uci(sight.own_move);
      if (!move) continue;
      Position after = p;
      after.play(*move);
      if (shows(after, me_, sight)) next.push_back({std::move(after), 1});
    }
    return next;
  }
  // The opponent's move: any of those that show the seat what it sees, as likely as each other;
  // the sample itself weighs as much as such moves are common among its moves.
  for (const Position& p : samples_) {
    if (enough()) break;
    const std::vector<rules::Move> moves = p.legal_moves();
    budget.spend(moves.size());
    std::vector<Position> alike;
    for (const rules::Move& m : moves) {
      Position after = p;
      after.play(m);
      if (shows(after, me_, sight)) alike.push_back(std::move(after));
    }
    if (alike.empty()) continue;
    const double weight = double(alike.size()) / double(moves.size());
    next.push_back({std::move(alike[rng.below(alike.size())]), weight});
  }
  return next;
}

std::optional<Position> FogBelief::rebuild(const Position& base_before, const FogSight& sight, KriegspielRandom& rng) const {
  const rules::Variant& v = *variant_;
  const int size = v.geometry.size();
  const Color them = ~me_;
  Position base = base_before;
  if (!sight.own_move.empty())
    if (auto move = base.parse_uci(sight.own_move)) base.play(*move);

  Men men(static_cast<std::size_t>(size));
  std::array<int, rules::kMaxKinds> expected{}, placed{};
  std::vector<Square> hidden;  // the base's hidden men kept where the fog still covers them
  for (Square s = 0; s < size; ++s) {
    if (auto man = base.piece_at(s); man && man->color == them) {
      ++expected[man->kind];
      if (!(sight.seen & rules::bit(s))) hidden.push_back(s), men[s] = man;
    }
    if (auto man = sight.man_at(s)) {
      men[s] = man;
      if (man->color == them) ++placed[man->kind];
    }
  }
  for (Square s : hidden) ++placed[men[s]->kind];
  // A kind seen more often than the base holds it: pawns promoted unseen.
  for (int kind = 0; kind < int(v.kinds.size()); ++kind)
    for (int pawn = 0; !v.kinds[kind].royal && pawn < int(v.kinds.size()) && placed[kind] > expected[kind]; ++pawn)
      if (v.kinds[pawn].pawn && pawn != kind) {
        const int moved = std::min(expected[pawn], placed[kind] - expected[kind]);
        expected[pawn] -= moved, expected[kind] += moved;
      }
  // Too many of a kind: drop hidden ones at random; too few: place them in the fog.
  std::shuffle(hidden.begin(), hidden.end(), std::mt19937_64(rng.next()));
  for (Square s : hidden)
    if (placed[men[s]->kind] > expected[men[s]->kind]) --placed[men[s]->kind], men[s].reset();
  std::vector<Square> free;
  for (Square s = 0; s < size; ++s)
    if (!(sight.seen & rules::bit(s)) && !men[s]) free.push_back(s);
  for (int kind = 0; kind < int(v.kinds.size()); ++kind)
    for (; placed[kind] < expected[kind]; ++placed[kind]) {
      std::vector<Square> fits;
      for (Square s : free)
        if (!men[s] && plausible_square(v, them, kind, s)) fits.push_back(s);
      if (fits.empty()) return std::nullopt;
      men[fits[rng.below(fits.size())]] = Piece{them, kind};
    }

  std::istringstream fields(base.fen());
  std::string placement, side, castling, en_passant, rest;
  fields >> placement >> side >> castling >> en_passant;
  std::getline(fields, rest);
  auto with_en_passant = [&](const std::string& square) -> std::optional<Position> {
    const std::string kept = castling_still_possible(v, men, Color::White, castling) +
                             castling_still_possible(v, men, Color::Black, castling);
    auto rebuilt = Position::from_fen(v, placement_of(v, men) + (sight.to_move == Color::White ? " w " : " b ") +
                                             (kept.empty() ? "-" : kept) + " " + square + rest);
    if (!rebuilt) return std::nullopt;
    return *rebuilt;
  };
  // Where the rebuilt position shows what the seat does not see, a man in the fog is out of place
  // (on a pawn's diagonal) or missing (a square the seat would see were it empty, as the one in
  // front of its pawn): move one there or away, a few times.
  for (int fix = 0; fix < kFixesPerRebuild; ++fix) {
    auto rebuilt = with_en_passant("-");
    if (!rebuilt) return std::nullopt;
    if (shows(*rebuilt, me_, sight)) return rebuilt;
    std::vector<Square> wrong, hidden_now, fog_free;
    const Bitboard extra = rules::visible_squares(*rebuilt, me_) & ~sight.seen;
    for (Square s = 0; s < size; ++s) {
      if (extra & rules::bit(s)) wrong.push_back(s);
      else if (sight.seen & rules::bit(s)) continue;
      else if (men[s]) hidden_now.push_back(s);
      else fog_free.push_back(s);
    }
    if (wrong.empty()) break;
    const Square s = wrong[rng.below(wrong.size())];
    if (men[s]) {
      std::vector<Square> fits;
      for (Square t : fog_free)
        if (plausible_square(v, them, men[s]->kind, t)) fits.push_back(t);
      if (fits.empty()) return std::nullopt;
      men[fits[rng.below(fits.size())]] = men[s];
      men[s].reset();
    } else {
      std::vector<Square> fits;
      for (Square t : hidden_now)
        if (plausible_square(v, them, men[t]->kind, s)) fits.push_back(t);
      if (fits.empty()) return std::nullopt;
      const Square from = fits[rng.below(fits.size())];
      men[s] = men[from];
      men[from].reset();
    }
  }
  auto shown = [&](const std::string& square) -> std::optional<Position> {
    auto rebuilt = with_en_passant(square);
    if (!rebuilt || !shows(*rebuilt, me_, sight)) return std::nullopt;
    return rebuilt;
  };
  if (auto rebuilt = shown("-")) return rebuilt;
  // The seat may be shown a pawn it can take en passant: try the empty squares it sees as the one passed.
  if (sight.to_move != me_ || !sight.own_move.empty()) return std::nullopt;
  for (Bitboard b = sight.seen; b;) {
    const Square s = rules::pop_lsb(b);
    auto passed_by_pawn = [&](int dr) {
      const Square t = v.geometry.offset(s, 0, dr);
      return t != rules::kNoSquare && men[t] && men[t]->color == them && v.kinds[men[t]->kind].pawn;
    };
    if (!men[s] && (passed_by_pawn(1) || passed_by_pawn(-1)))
      if (auto rebuilt = shown(v.geometry.name(s))) return rebuilt;
  }
  return std::nullopt;
}

std::vector<FogBelief::Followed> FogBelief::repair(const std::vector<Position>& bases, const FogSight& sight,
                                                   KriegspielRandom& rng, WorkBudget& budget) const {
  std::vector<Followed> repaired;
  for (int attempt = 0; attempt < kRepairAttemptsPerSample * target_ && int(repaired.size()) < target_ && !budget.spent();
       ++attempt) {
    budget.spend(kRebuildWork);
    if (auto p = rebuild(bases[rng.below(bases.size())], sight, rng)) repaired.push_back({std::move(*p), 1});
  }
  return repaired;
}

void FogBelief::see(const FogSight& sight) {
  WorkBudget unlimited = WorkBudget::unlimited();
  see(sight, unlimited);
}

void FogBelief::see(const FogSight& sight, WorkBudget& budget) {
  KriegspielRandom rng(kriegspiel_seed(seed_, sights_seen_, 5));
  std::vector<Followed> next = follow(sight, rng, budget);
  if (next.empty()) {
    ++repairs_;
    next = repair(samples_, sight, rng, budget);
  }
  ++sights_seen_;
  if (next.empty()) {  // nothing agrees: keep the old samples, the best guess there is
    ++give_ups_;
    return;
  }
  // As many samples as before, the likelier ones more often.
  samples_ = resampled(next, target_, rng);
}

}  // namespace arbiter::engine
