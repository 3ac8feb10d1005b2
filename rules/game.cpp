#include "rules/game.h"

#include <algorithm>

#include "rules/movegen.h"

namespace arbiter::rules {

Game::Game(Position start) : start_(start), current_(start), legal_(start.legal_moves()), hashes_{start.hash()} {}

Result<Game> Game::from(const Variant& variant, std::string_view start_fen, const std::vector<std::string>& uci_moves) {
  auto start = Position::from_fen(variant, start_fen);
  if (!start) return Error{start.error()};
  Game game(*start);
  for (const std::string& uci : uci_moves) {
    if (game.outcome().over()) return Error{"the game is over before " + uci};
    auto played = game.play(uci);
    if (!played) return Error{played.error()};
  }
  return game;
}

Result<Move> Game::play(std::string_view uci) {
  auto move = current_.parse_uci(uci, legal_);
  if (move) play(*move);
  return move;
}

void Game::play(const Move& move) {
  sans_.push_back(current_.san(move, legal_));
  current_.play(move);
  moves_.push_back(move);
  hashes_.push_back(current_.hash());
  if (after_ && after_->move == move) legal_ = std::move(after_->legal);
  else legal_ = current_.legal_moves();
  after_.reset();
}

Outcome Game::outcome() const {
  Outcome rules = current_.outcome(legal_);
  if (rules.over() || !current_.variant().repetition_draws) return rules;
  if (std::count(hashes_.begin(), hashes_.end(), current_.hash()) >= 3) return {Outcome::Result::Draw, Reason::Repetition};
  return rules;
}

Outcome Game::outcome_after(const Move& move) const {
  Position next = current_;
  next.play(move);
  after_ = After{move, next.legal_moves()};
  Outcome rules = next.outcome(after_->legal);
  if (rules.over() || !next.variant().repetition_draws) return rules;
  if (std::count(hashes_.begin(), hashes_.end(), next.hash()) >= 2) return {Outcome::Result::Draw, Reason::Repetition};
  return rules;
}

namespace {

std::uint64_t count(const Position& position, int depth) {
  MoveList list;
  MoveGenerator(position).legal(list);
  if (depth == 1) return std::uint64_t(list.size);
  std::uint64_t nodes = 0;
  for (const Move& m : list) {
    Position next = position;
    next.play(m);
    nodes += count(next, depth - 1);
  }
  return nodes;
}

}  // namespace

std::uint64_t perft(const Position& position, int depth) { return depth <= 0 ? 1 : count(position, depth); }

std::vector<PerftLine> perft_divide(const Position& position, int depth) {
  std::vector<PerftLine> lines;
  for (const Move& m : position.legal_moves()) {
    Position next = position;
    next.play(m);
    lines.push_back({position.uci(m), perft(next, depth - 1)});
  }
  return lines;
}

}  // namespace arbiter::rules
