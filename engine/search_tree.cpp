// The tree search: principal variation search with its pruning and reductions, quiescence, the
// move ordering both use, the endings the rules decide inside the tree, and when to abort.
#include <algorithm>
#include <array>
#include <cmath>

#include "engine/exchange.h"
#include "engine/search_worker.h"

namespace arbiter::engine {
namespace {

int to_table(int score, int ply) { return score > kMateBound ? score + ply : score < -kMateBound ? score - ply : score; }
int from_table(int score, int ply) { return score > kMateBound ? score - ply : score < -kMateBound ? score + ply : score; }

const std::array<std::array<std::int8_t, 64>, 64> kReductions = [] {
  std::array<std::array<std::int8_t, 64>, 64> r{};
  for (int d = 1; d < 64; ++d)
    for (int m = 1; m < 64; ++m) r[d][m] = std::int8_t(0.75 + std::log(d) * std::log(m) / 2.25);
  return r;
}();

bool bare(const Position& pos, Color c) { return pos.pieces(c) == pos.pieces(c, pos.variant().royal_kind()); }

}  // namespace

// Called at every node of the tree, so it lives beside the tree search.
bool Searcher::Worker::aborting() {
  if (aborted_) return true;
  // Time cuts the first iteration short only at twice the limit: without it the move would be a
  // blind guess (one that leaves the king to be taken, on the ring), and it takes little.
  if (stop_.load(std::memory_order_relaxed) || (limits_.nodes && nodes_ >= limits_.nodes && completed_depth_ >= limits_.min_depth))
    aborted_ = true;
  if (hard_ms_ && (nodes_ & 255) == 0) {
    const std::int64_t elapsed = elapsed_ms();
    if (elapsed >= hard_ms_ * (completed_depth_ > 0 ? 1 : 2)) aborted_ = true;
  }
  return aborted_;
}

bool Searcher::Worker::repeated(const Position& pos) const {
  if (!variant_.repetition_draws) return false;
  const int n = int(hashes_.size());
  for (int i = n - 1; i >= std::max(0, n - pos.halfmove_clock()); --i)
    if (hashes_[i] == pos.hash()) return true;
  return false;
}

std::optional<int> Searcher::Worker::rule_score(const Position& pos, const MoveList& moves, int ply) const {
  if (moves.size == 0) {
    // As Position::outcome: without check, no move at all is a stalemate, attacked or not.
    const bool mated = variant_.legality != rules::Legality::NoCheck && pos.in_check();
    if (mated || variant_.stalemate_loses) return -kMateScore + ply;
    if (variant_.stalemate_wins) return kMateScore - ply;
    return 0;
  }
  if (variant_.bare_king_loses && bare(pos, pos.side_to_move())) return bare_king_score(pos, moves, ply);
  return capture_rule_score(pos, ply);
}

std::optional<int> Searcher::Worker::capture_rule_score(const Position& pos, int ply) const {
  if (variant_.bare_king_loses) {
    const bool we_are_bare = bare(pos, pos.side_to_move()), they_are_bare = bare(pos, ~pos.side_to_move());
    if (we_are_bare && they_are_bare) return 0;
    if (they_are_bare) return kMateScore - ply;
  }
  if (pos.halfmove_clock() >= variant_.fifty_move_plies) return draw_score(pos);
  if (!pos.has_mating_material(Color::White) && !pos.has_mating_material(Color::Black) && pos.outcome().over()) return 0;
  return std::nullopt;
}

// The side to move is bare and the opponent is not: lost, unless a capture bares them back, which
// draws. `moves` holds at least the captures.
int Searcher::Worker::bare_king_score(const Position& pos, const MoveList& moves, int ply) const {
  const Color us = pos.side_to_move();
  if (bare(pos, ~us)) return 0;
  for (const Move& m : moves) {
    if (!pos.is_capture(m)) continue;
    Position next = pos;
    next.play(m);
    if (bare(next, ~us)) return 0;
  }
  return -kMateScore + ply;
}

int Searcher::Worker::victim_value(const Position& pos, const Move& m) const {
  if (m.kind == Move::Kind::EnPassant) return eval_.value(pos.piece_at(m.from)->kind);
  auto victim = pos.piece_at(m.to);
  if (!victim || victim->color == pos.side_to_move()) return 0;
  return victim->kind == variant_.royal_kind() ? 20000 : eval_.value(victim->kind);
}

// Sort keys: the hash move, then captures (most valuable victim, least valuable attacker) and
// promotions, then the killers and the countermove, then quiet moves by their history.
void Searcher::Worker::order(const Position& pos, const MoveList& moves, Keys& keys, Keys& victims,
                             const Move* hash_move, int ply) const {
  const int c = rules::index(pos.side_to_move());
  const Move& last = played_[ply];
  const Move* countermove = ply > 0 && last.from != rules::kNoSquare ? &countermoves_[c][last.from][last.to] : nullptr;
  for (int i = 0; i < moves.size; ++i) {
    const Move& m = moves.moves[i];
    const int victim = victim_value(pos, m);
    victims[i] = victim;
    int key;
    if (hash_move && m == *hash_move) {
      key = 1 << 30;
    } else if (victim || (m.promotion >= 0 && variant_.kinds[pos.piece_at(m.from)->kind].pawn)) {
      const int attacker = eval_.value(pos.piece_at(m.from)->kind);
      key = (1 << 24) + victim * 64 + (m.promotion >= 0 ? eval_.value(m.promotion) : 0) - attacker / 16;
      // A capture that loses material once the exchange on its square is played out: after the killers.
      if (m.promotion < 0 && victim < 20000 && attacker > victim + 50 && exchange(pos, m, values_) < 0)
        key -= (1 << 24) - (1 << 20);
    } else if (m == killers_[ply][0]) {
      key = (1 << 22) + 1;
    } else if (m == killers_[ply][1]) {
      key = 1 << 22;
    } else if (countermove && m == *countermove) {
      key = (1 << 22) - 1;
    } else {
      key = history_[c][m.from][m.to];
    }
    keys[i] = key;
  }
}

// Moves the best remaining move to position i (selection sort: most nodes cut off early).
static void pick(MoveList& moves, Keys& keys, Keys& victims, int i) {
  int best = i;
  for (int j = i + 1; j < moves.size; ++j)
    if (keys[j] > keys[best]) best = j;
  std::swap(moves.moves[i], moves.moves[best]);
  std::swap(keys[i], keys[best]);
  std::swap(victims[i], victims[best]);
}

int Searcher::Worker::search(const Position& pos, int depth, int alpha, int beta, int ply, bool pv_node,
                             bool null_allowed, bool in_check) {
  pv_length_[ply] = 0;
  if (depth <= 0 || ply >= kMaxPly) return quiesce(pos, alpha, beta, ply, in_check);
  if (aborting()) return 0;
  ++nodes_;
  const Color us = pos.side_to_move();
  if (pos.king(us) == rules::kNoSquare) return -kMateScore + ply;  // taken (king-capture rule)
  if (ply > 0 && repeated(pos)) return draw_score(pos);

  // Endings that need no move list, then the table (a position stored there has moves, so a cut
  // there saves generating them), then the moves and the endings they decide.
  const bool bare_now = variant_.bare_king_loses && bare(pos, us);
  if (ply > 0 && !bare_now) {
    if (auto score = capture_rule_score(pos, ply)) return *score;
    alpha = std::max(alpha, -kMateScore + ply);
    beta = std::min(beta, kMateScore - ply - 1);
    if (alpha >= beta) return alpha;
  }
  const TableEntry* entry = table_.probe(pos.hash());
  if (entry && !pv_node && ply > 0 && !bare_now && entry->depth >= depth) {
    const int score = from_table(entry->score, ply);
    if (entry->bound == Bound::Exact || (entry->bound == Bound::Lower && score >= beta) ||
        (entry->bound == Bound::Upper && score <= alpha))
      return score;
  }
  std::optional<Move> hash_move;
  if (ply == 0 && root_best_) hash_move = root_best_;
  else if (entry && entry->move) hash_move = TranspositionTable::unpack(entry->move);

  const int static_eval = in_check ? -kInfinity : eval_.evaluate(pos);
  static_evals_[ply] = static_eval;
  // Better than two plies ago (the same side's last turn): fewer of its moves deserve a doubt.
  const bool improving = !in_check && (ply < 2 || static_eval > static_evals_[ply - 2]);
  const bool quiet_position = !in_check && std::abs(beta) < kMateBound;

  // The position is so good that even a big margin keeps it above beta. This and the null move
  // come before the moves are generated, so a stalemate they meet goes unseen (a side that is
  // stalemated is rarely the one far ahead, and the next iteration's search sees it).
  if (!pv_node && quiet_position && !bare_now && depth <= 6 && static_eval - 110 * (depth - improving) >= beta)
    return static_eval;

  // Null move: if passing still beats beta, a real move will. Not while a two-move turn is on
  // (passing would skip a whole turn, or half of one), nor with pawns only (zugzwang).
  const bool can_pass = !variant_.two_moves_until_capture || (!pos.has_double_move(us) && !pos.moved_this_turn());
  if (!pv_node && null_allowed && quiet_position && !bare_now && depth >= 3 && static_eval >= beta && can_pass) {
    rules::Bitboard pieces = pos.pieces(us) & ~pos.pieces(us, variant_.royal_kind());
    for (int k = 0; k < int(variant_.kinds.size()); ++k)
      if (variant_.kinds[k].pawn) pieces &= ~pos.pieces(us, k);
    if (pieces) {
      Position child = pos;
      child.pass();
      hashes_.push_back(pos.hash());
      played_[ply + 1] = Move{};
      const int reduction = 3 + depth / 4;
      const int score = -search(child, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false, false, child.in_check());
      hashes_.pop_back();
      if (aborted_) return 0;
      if (score >= beta) return score > kMateBound ? beta : score;
    }
  }

  // No move from the table to try first: a shallower look is cheaper and finds one for next time.
  if (!hash_move && depth >= 4) --depth;

  MoveList& moves = lists_[ply];
  moves.size = 0;
  rules::MoveGenerator(pos).legal(moves);
  if (ply > 0) {
    if (auto score = rule_score(pos, moves, ply)) return *score;
  }
  Keys& keys = keys_[ply];
  Keys& victims = victims_[ply];
  order(pos, moves, keys, victims, hash_move ? &*hash_move : nullptr, ply);
  const int c = rules::index(us);
  const int original_alpha = alpha;
  int best_score = -kInfinity;
  std::optional<Move> best_move;
  std::array<Move, 64> quiets_tried;
  int quiet_count = 0;
  hashes_.push_back(pos.hash());

  for (int i = 0; i < moves.size; ++i) {
    pick(moves, keys, victims, i);
    const Move m = moves.moves[i];
    const bool capture = victims[i] > 0;
    const bool promotion = m.promotion >= 0 && variant_.kinds[pos.piece_at(m.from)->kind].pawn;
    const bool quiet = !capture && !promotion;
    Position child = pos;
    child.play(m);
    played_[ply + 1] = m;
    const bool same_side = child.side_to_move() == us;  // Centennial: the turn goes on
    const bool gives_check = !same_side && child.in_check();

    if (quiet && !pv_node && !in_check && !gives_check && best_score > -kMateBound) {
      if (depth <= 4 && quiet_count >= 4 + 2 * depth * depth) continue;  // late quiet moves
      if (depth <= 3 && static_eval + 100 + 120 * depth <= alpha) continue;  // cannot reach alpha
      if (depth <= 3 && exchange(pos, m, values_) < -60 * depth) continue;  // gives a man away
    }
    // A capture that loses much on its square, near the leaves, is not worth a look.
    if (capture && !promotion && !pv_node && !in_check && !gives_check && depth <= 4 && best_score > -kMateBound &&
        keys[i] < (1 << 22) && exchange(pos, m, values_) < -100 * depth)
      continue;

    const int extension = gives_check && ply < 2 * depth + 8 ? 1 : 0;
    const int new_depth = depth - 1 + extension;
    auto visit = [&](int d, int a, int b, bool pv) {
      return same_side ? search(child, d, a, b, ply + 1, pv, true, false)
                       : -search(child, d, -b, -a, ply + 1, pv, true, gives_check);
    };
    int score;
    if (i == 0) {
      score = visit(new_depth, alpha, beta, pv_node);
    } else {
      int reduction = 0;
      if (depth >= 3 && i >= (pv_node ? 3 : 2) && quiet && !in_check && !gives_check) {
        reduction = kReductions[std::min(depth, 63)][std::min(i, 63)];
        if (pv_node) --reduction;
        if (!improving) ++reduction;
        if (m == killers_[ply][0] || m == killers_[ply][1]) --reduction;
        reduction -= history_[c][m.from][m.to] / 5000;  // history lies within +-16384
        reduction = std::clamp(reduction, 0, new_depth - 1);
      }
      score = visit(new_depth - reduction, alpha, alpha + 1, false);
      if (score > alpha && reduction > 0) score = visit(new_depth, alpha, alpha + 1, false);
      if (score > alpha && score < beta) score = visit(new_depth, alpha, beta, true);
    }
    if (aborted_) {
      hashes_.pop_back();
      return 0;
    }
    if (quiet && quiet_count < 64) quiets_tried[quiet_count++] = m;

    if (score > best_score) {
      best_score = score;
      best_move = m;
      if (ply == 0) root_best_ = m, root_best_score_ = score;
      if (score > alpha) {
        alpha = score;
        pv_[ply][0] = m;
        for (int j = 0; j < pv_length_[ply + 1]; ++j) pv_[ply][j + 1] = pv_[ply + 1][j];
        pv_length_[ply] = pv_length_[ply + 1] + 1;
      }
      if (score >= beta) {
        if (quiet) {
          if (killers_[ply][0] != m) killers_[ply][1] = killers_[ply][0], killers_[ply][0] = m;
          if (ply > 0 && played_[ply].from != rules::kNoSquare) countermoves_[c][played_[ply].from][played_[ply].to] = m;
          const int bonus = std::min(depth * depth, 400);
          auto update = [&](const Move& q, int b) {
            int& h = history_[c][q.from][q.to];
            h += b - h * std::abs(b) / 16384;
          };
          for (int j = 0; j < quiet_count - 1; ++j) update(quiets_tried[j], -bonus);
          update(m, bonus);
        }
        break;
      }
    }
  }
  hashes_.pop_back();
  if (!best_move) return alpha;  // every move pruned: nothing better than alpha was found
  const Bound bound = best_score >= beta ? Bound::Lower : best_score > original_alpha ? Bound::Exact : Bound::Upper;
  table_.store(pos.hash(), TranspositionTable::pack(*best_move), to_table(best_score, ply), depth, bound);
  return best_score;
}

int Searcher::Worker::quiesce(const Position& pos, int alpha, int beta, int ply, bool in_check) {
  pv_length_[ply] = 0;
  if (aborting()) return 0;
  ++nodes_;
  const Color us = pos.side_to_move();
  if (pos.king(us) == rules::kNoSquare) return -kMateScore + ply;
  MoveList& moves = lists_[ply];
  moves.size = 0;
  int best_score = -kInfinity, stand_pat = -kInfinity;
  if (in_check && ply < kMaxPly) {
    // Every evasion, so that a mate is seen as one.
    rules::MoveGenerator(pos).legal(moves);
    if (auto score = rule_score(pos, moves, ply)) return *score;
  } else {
    // Standing pat: only captures and promotions are tried, so a stalemate goes unseen here.
    if (auto score = capture_rule_score(pos, ply)) return *score;
    if (variant_.bare_king_loses && bare(pos, us)) {
      rules::MoveGenerator(pos).captures(moves);
      return bare_king_score(pos, moves, ply);
    }
    // What a search stored here is at least as deep as this look.
    if (const TableEntry* entry = table_.probe(pos.hash())) {
      const int score = from_table(entry->score, ply);
      if ((entry->bound == Bound::Lower && score >= beta) || (entry->bound == Bound::Upper && score <= alpha) ||
          entry->bound == Bound::Exact)
        return score;
    }
    stand_pat = eval_.evaluate(pos);
    if (stand_pat >= beta || ply >= kMaxPly) return stand_pat;
    rules::MoveGenerator(pos).captures(moves);
    alpha = std::max(alpha, stand_pat);
    best_score = stand_pat;
  }
  Keys& keys = keys_[ply];
  Keys& victims = victims_[ply];
  order(pos, moves, keys, victims, nullptr, ply);
  for (int i = 0; i < moves.size; ++i) {
    pick(moves, keys, victims, i);
    const Move m = moves.moves[i];
    const int victim = victims[i];
    if (!in_check) {
      // Ordered: the rest are captures that lose material (order() put them below).
      if (keys[i] < (1 << 24)) break;
      const bool promotion = m.promotion >= 0 && variant_.kinds[pos.piece_at(m.from)->kind].pawn;
      if (!promotion && stand_pat + victim + 200 <= alpha) continue;  // cannot win enough
    }
    Position child = pos;
    child.play(m);
    const bool same_side = child.side_to_move() == us;
    const int score = same_side ? quiesce(child, alpha, beta, ply + 1, false)
                                : -quiesce(child, -beta, -alpha, ply + 1, child.in_check());
    if (aborted_) return 0;
    if (score > best_score) {
      best_score = score;
      if (score > alpha) alpha = score;
      if (score >= beta) break;
    }
  }
  return best_score == -kInfinity ? alpha : best_score;
}

}  // namespace arbiter::engine
