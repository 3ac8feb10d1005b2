#include "engine/kriegspiel_belief.h"

#include <algorithm>
#include <sstream>

#include "engine/kriegspiel_values.h"
#include "engine/sampled_men.h"
#include "rules/kriegspiel.h"

namespace arbiter::engine {

using rules::Color;
using rules::Move;
using rules::Piece;
using rules::Position;
using rules::Square;

std::uint64_t KriegspielRandom::next() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t kriegspiel_seed(std::uint64_t seed, std::uint64_t step, std::uint64_t purpose) {
  KriegspielRandom mix(seed ^ (step * 0x2545f4914f6cdd1dULL) ^ (purpose << 56));
  return mix.next();
}

std::vector<Position> resampled(const std::vector<WeightedPosition>& weighted, int count, KriegspielRandom& rng) {
  double total = 0;
  for (const WeightedPosition& w : weighted) total += w.weight;
  std::vector<Position> drawn;
  drawn.reserve(std::size_t(count));
  const double step = total / count;
  double at = rng.unit() * step, reached = 0;
  for (const WeightedPosition& w : weighted) {
    reached += w.weight;
    while (at < reached && drawn.size() < std::size_t(count)) drawn.push_back(w.position), at += step;
  }
  while (drawn.size() < std::size_t(count)) drawn.push_back(weighted.back().position);
  return drawn;
}

namespace {

constexpr int kRepairAttempts = 6000;
// The samples a belief keeps while its budget is spent.
constexpr int kSamplesWhenSpent = 4;
// The work of one change to a sample: a position rebuilt from its men, about as costly as
// generating this many moves.
constexpr int kMutateWork = 50;
// How much likelier than a quiet move the opponent is to play a capture it has.
constexpr double kCaptureWeight = 10;

struct FenFields {
  std::string placement, side, castling, en_passant;
  int halfmove = 0, fullmove = 1;
};

FenFields fields_of(const std::string& fen) {
  FenFields f;
  std::istringstream in(fen);
  in >> f.placement >> f.side >> f.castling >> f.en_passant >> f.halfmove >> f.fullmove;
  return f;
}

// A position from men and fields; nullopt unless the side not to move is out of check.
std::optional<Position> position_of(const rules::Variant& v, const Men& men, Color side, const std::string& rights,
                                    int halfmove, int fullmove) {
  std::string castling = castling_still_possible(v, men, Color::White, rights) + castling_still_possible(v, men, Color::Black, rights);
  const std::string fen = placement_of(v, men) + (side == Color::White ? " w " : " b ") + (castling.empty() ? "-" : castling) +
                          " - " + std::to_string(halfmove) + " " + std::to_string(fullmove);
  auto p = Position::from_fen(v, fen);
  if (!p) return std::nullopt;
  const Square resting_king = p->king(~side);
  if (resting_king == rules::kNoSquare || p->attacked(resting_king, side)) return std::nullopt;
  return *p;
}

bool is_pawn(const Position& p, Square s) {
  auto man = p.piece_at(s);
  return man && p.variant().kinds[man->kind].pawn;
}

bool pawn_capture(const Position& p, const Move& m) { return is_pawn(p, m.from) && taken_square(p, m) != rules::kNoSquare; }

bool has_pawn_capture(const Position& p, WorkBudget& budget) {
  const std::vector<Move> moves = p.legal_moves();
  budget.spend(moves.size());
  for (const Move& m : moves)
    if (pawn_capture(p, m)) return true;
  return false;
}

// How likely a sensible opponent is to play `m`, relative to a quiet move: captures much more
// (a player tries them first), by a cheaper man more; a promotion to the strongest kind.
double sensible_weight(const Position& p, const Move& m) {
  double weight = 1;
  const Square taken = taken_square(p, m);
  if (taken != rules::kNoSquare) weight = kCaptureWeight + std::max(0, man_value(p, taken) - man_value(p, m.from)) / 100.0;
  if (m.promotion >= 0) weight *= man_value(p.variant(), m.promotion) >= 900 ? 4 : 0.2;
  return weight;
}

}  // namespace

KriegspielBelief::KriegspielBelief(const rules::Variant& variant, Color me, std::uint64_t seed, int samples)
    : variant_(&variant), me_(me), seed_(seed), target_(std::max(1, samples)),
      samples_(std::size_t(target_), Position::start(variant)),
      own_board_(rules::Umpire::own_board(Position::start(variant), me)) {}

std::optional<KriegspielBelief::Followed> KriegspielBelief::follow(const Position& before, const HeardAct& act,
                                                                   KriegspielRandom& rng, WorkBudget& budget) const {
  const bool mine = act.by == me_;
  budget.spend(1);
  switch (act.kind) {
    case HeardAct::Kind::Any:
      if (has_pawn_capture(before, budget) != (act.answer == rules::AnyAnswer::Try)) return std::nullopt;
      return Followed{before, 1};
    case HeardAct::Kind::Illegal:
      if (mine && before.parse_uci(act.uci).ok()) return std::nullopt;
      return Followed{before, 1};
    case HeardAct::Kind::Moved: break;
  }
  auto announced_alike = [&](const Move& m, Position& after) {
    if (taken_square(before, m) != act.capture) return false;
    after = before;
    after.play(m);
    return rules::announced_checks(after) == act.checks;
  };
  if (mine) {
    auto move = before.parse_uci(act.uci);
    Position after = before;
    if (!move || !announced_alike(*move, after)) return std::nullopt;
    return Followed{std::move(after), 1};
  }
  // The opponent's move: one of those announced alike, as likely as a sensible player plays it.
  // How likely the announcement was in this position weighs the position itself.
  std::vector<Position> candidates;
  std::vector<double> weights;
  double alike = 0, all = 0;
  const std::vector<Move> moves = before.legal_moves();
  budget.spend(moves.size());
  for (const Move& m : moves) {
    if (opponent_owes_pawn_capture_ && !pawn_capture(before, m)) continue;
    const double weight = sensible_weight(before, m);
    all += weight;
    Position after = before;
    if (!announced_alike(m, after)) continue;
    candidates.push_back(std::move(after));
    weights.push_back(weight);
    alike += weight;
  }
  if (candidates.empty()) return std::nullopt;
  double pick = rng.unit() * alike;
  for (std::size_t i = 0; i < candidates.size(); ++i)
    if ((pick -= weights[i]) <= 0 || i + 1 == candidates.size()) return Followed{std::move(candidates[i]), alike / all};
  return std::nullopt;
}

void KriegspielBelief::hear(const HeardAct& act) {
  WorkBudget unlimited = WorkBudget::unlimited();
  hear(act, unlimited);
}

void KriegspielBelief::hear(const HeardAct& act, WorkBudget& budget) {
  KriegspielRandom rng(kriegspiel_seed(seed_, acts_heard_, 1));
  std::vector<Followed> next;
  // Once the budget is spent: the first sample that agrees, of a few at most.
  for (std::size_t i = 0, after_spent = 0; i < samples_.size(); ++i) {
    if (budget.spent() && (!next.empty() || after_spent++ == std::size_t(kSamplesWhenSpent))) break;
    if (auto after = follow(samples_[i], act, rng, budget)) next.push_back(std::move(*after));
  }
  if (next.empty()) {
    ++repairs_;
    next = repair(act, rng, budget);
  }
  // As many samples as before, the likelier positions more often; a few once the budget is spent.
  const int count = budget.spent() ? std::min(target_, kSamplesWhenSpent) : target_;
  const bool gave_up = next.empty();
  // Nothing agrees: keep what was believed of the hidden men, with the own men as they now are.
  if (gave_up) {
    ++give_ups_;
    for (std::size_t i = 0; i < samples_.size() && int(next.size()) < count; ++i) next.push_back({samples_[i], 1});
  }
  samples_ = resampled(next, count, rng);
  track_own_men(act);
  if (gave_up) match_own_men(rng, count);

  if (act.by != me_) opponent_owes_pawn_capture_ = act.kind == HeardAct::Kind::Any && act.answer == rules::AnyAnswer::Try;
  ++acts_heard_;
}

void KriegspielBelief::track_own_men(const HeardAct& act) {
  if (act.kind != HeardAct::Kind::Moved) return;
  if (act.by != me_) {
    own_board_ = rules::Umpire::after_their_move(own_board_, act.capture);
    return;
  }
  // The view checked the try is ours and the umpire played it, so the own board has it; were it
  // not so, the turn passes all the same and own_fen_mismatch says what went astray.
  if (auto after = rules::Umpire::after_own_try(own_board_, act.uci))
    own_board_ = std::move(*after);
  else
    own_board_.pass();
}

std::string KriegspielBelief::own_rights() const {
  std::string rights;
  for (const rules::CastlingRule& rule : variant_->castling[rules::index(me_)])
    if (own_board_.can_castle(me_, rule)) rights += rule.letter;
  return rights;
}

std::optional<std::string> KriegspielBelief::own_fen_mismatch(const std::string& own_fen) const {
  const FenFields f = fields_of(own_fen), tracked = fields_of(rules::own_fen(own_board_, me_));
  if (tracked.placement != f.placement) return "the own men are not where the acts put them";
  if (f.side != tracked.side) return "the side to move is not the acts' one";
  if (f.fullmove != tracked.fullmove) return "the move number is not the acts' one";
  std::string rights = f.castling, tracked_rights = tracked.castling;
  std::sort(rights.begin(), rights.end());
  std::sort(tracked_rights.begin(), tracked_rights.end());
  if (rights != tracked_rights) return "the castling rights are not the acts' ones";
  Men held = men_of(samples_.front());
  for (auto& man : held)
    if (man && man->color != me_) man.reset();
  if (placement_of(*variant_, held) != f.placement) return "no hidden men were found to stand with the own men";
  return std::nullopt;
}

std::vector<Square> KriegspielBelief::hints_for(const HeardAct& act) const {
  const rules::Geometry& g = variant_->geometry;
  std::vector<Square> hints;
  auto near = [&](Square centre, int reach) {
    for (int df = -reach; df <= reach; ++df)
      for (int dr = -reach; dr <= reach; ++dr)
        if (Square s = g.offset(centre, df, dr); s != rules::kNoSquare) hints.push_back(s);
  };
  if (!act.uci.empty() && act.uci.size() >= 4) {
    const Square from = g.parse(act.uci.substr(0, 2)), to = g.parse(act.uci.substr(2, 2));
    if (from != rules::kNoSquare && to != rules::kNoSquare) {
      const int df = g.file_of(to) - g.file_of(from), dr = g.rank_of(to) - g.rank_of(from);
      const int steps = std::max(std::abs(df), std::abs(dr));
      for (int i = 1; i <= steps; ++i) hints.push_back(g.offset(from, df * i / steps, dr * i / steps));
      near(to, 1);
    }
  }
  if (act.capture != rules::kNoSquare) near(act.capture, 2);
  if (!act.checks.empty()) {
    // The king in check: the opponent's after an own move, ours after theirs; seen from samples.
    const Color checked = act.by == me_ ? ~me_ : me_;
    const Square king = samples_.front().king(checked);
    if (king != rules::kNoSquare) near(king, 3);
  }
  return hints;
}

std::optional<Position> KriegspielBelief::mutate(const Position& p, const std::vector<Square>& hints,
                                                 KriegspielRandom& rng) const {
  const rules::Variant& v = *variant_;
  const rules::Geometry& g = v.geometry;
  Men men = men_of(p);
  std::vector<Square> hidden;
  for (Square s = 0; s < Square(men.size()); ++s)
    if (men[s] && men[s]->color != me_) hidden.push_back(s);
  if (hidden.empty()) return std::nullopt;
  const Square from = hidden[rng.below(hidden.size())];
  const bool king = men[from]->kind == v.royal_kind();
  // The number of hidden men is known (every capture of ours is announced), their kinds and
  // squares are not: a man is moved, or is taken to be of another kind (an unseen promotion).
  if (!king && rng.below(4) == 0) {
    const int kind = int(rng.below(v.kinds.size()));
    if (kind == v.royal_kind() || kind == men[from]->kind) return std::nullopt;
    if (v.kinds[kind].pawn && (g.rank_of(from) == 0 || g.rank_of(from) == g.ranks() - 1)) return std::nullopt;
    men[from]->kind = kind;
  } else {
    const Square to = !hints.empty() && rng.below(2) ? hints[rng.below(hints.size())] : Square(rng.below(g.size()));
    if (men[to]) return std::nullopt;
    const bool pawn = v.kinds[men[from]->kind].pawn;
    if (pawn && (g.rank_of(to) == 0 || g.rank_of(to) == g.ranks() - 1)) return std::nullopt;
    men[to] = men[from];
    men[from].reset();
  }
  const FenFields f = fields_of(p.fen());
  return position_of(v, men, p.side_to_move(), f.castling, f.halfmove, f.fullmove);
}

std::vector<KriegspielBelief::Followed> KriegspielBelief::repair(const HeardAct& act, KriegspielRandom& rng,
                                                                  WorkBudget& budget) const {
  const std::vector<Square> hints = hints_for(act);
  std::vector<Followed> repaired;
  const std::size_t enough = std::max<std::size_t>(1, samples_.size() / 4);
  for (int attempt = 0; attempt < kRepairAttempts && repaired.size() < enough && !budget.spent(); ++attempt) {
    std::optional<Position> p = samples_[rng.below(samples_.size())];
    // Small changes first; bigger ones when those do not do.
    const int changes = 1 + attempt * 4 / kRepairAttempts;
    budget.spend(std::uint64_t(changes) * kMutateWork);
    for (int i = 0; i < changes && p; ++i) p = mutate(*p, hints, rng);
    if (!p) continue;
    if (auto after = follow(*p, act, rng, budget)) repaired.push_back(std::move(*after));
  }
  return repaired;
}

void KriegspielBelief::match_own_men(KriegspielRandom& rng, int count) {
  const rules::Variant& v = *variant_;
  const Men own = men_of(own_board_);
  const Color to_move = own_board_.side_to_move();
  const int fullmove = own_board_.fullmove_number();
  std::vector<Position> matched;
  for (const Position& p : samples_) {
    Men men = men_of(p);
    std::vector<Piece> displaced;  // hidden men where our men are: they stand somewhere else
    for (std::size_t s = 0; s < men.size(); ++s) {
      if (men[s] && men[s]->color != me_ && own[s]) displaced.push_back(*men[s]);
      if (own[s] || (men[s] && men[s]->color == me_)) men[s] = own[s];
    }
    for (const Piece& man : displaced)
      for (int attempt = 0; attempt < 200; ++attempt) {
        const Square to = Square(rng.below(men.size()));
        const int rank = v.geometry.rank_of(to);
        if (men[to] || (v.kinds[man.kind].pawn && (rank == 0 || rank == v.geometry.ranks() - 1))) continue;
        men[to] = man;
        break;
      }
    const FenFields f = fields_of(p.fen());
    std::string rights = own_rights();
    for (const rules::CastlingRule& rule : v.castling[rules::index(~me_)])
      if (f.castling.find(rule.letter) != std::string::npos) rights += rule.letter;
    std::optional<Position> fixed = position_of(v, men, to_move, rights, f.halfmove, fullmove);
    // Our men may now stand on the hidden king or attack it: put the king somewhere safe.
    Square hidden_king = rules::kNoSquare;
    for (std::size_t s = 0; s < men.size(); ++s)
      if (men[s] && men[s]->color != me_ && men[s]->kind == v.royal_kind()) hidden_king = Square(s);
    for (int attempt = 0; !fixed && attempt < 200; ++attempt) {
      const Square to = Square(rng.below(men.size()));
      if (men[to]) continue;
      Men moved = men;
      if (hidden_king != rules::kNoSquare) moved[hidden_king].reset();
      moved[to] = Piece{~me_, v.royal_kind()};
      fixed = position_of(v, moved, to_move, rights, f.halfmove, fullmove);
    }
    if (fixed) matched.push_back(std::move(*fixed));
  }
  // Nothing believed fits: believe in a lone king, somewhere it is not attacked.
  for (int attempt = 0; matched.empty() && attempt < 200; ++attempt) {
    Men men = own;
    const Square king = Square(rng.below(men.size()));
    if (men[king]) continue;
    men[king] = Piece{~me_, v.royal_kind()};
    if (auto lone = position_of(v, men, to_move, own_rights(), 0, fullmove)) matched.push_back(std::move(*lone));
  }
  if (matched.empty()) return;
  const std::size_t kept = matched.size();
  while (matched.size() < std::size_t(count)) matched.push_back(matched[rng.below(kept)]);
  samples_ = std::move(matched);
}

}  // namespace arbiter::engine
