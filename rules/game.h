#pragma once
// A game: the start position, the moves played, and the history that repetition needs.
#include <cstdint>
#include <string>
#include <vector>

#include "rules/position.h"

namespace arbiter::rules {

class Game {
 public:
  explicit Game(Position start);
  static Result<Game> from(const Variant& variant, std::string_view start_fen,
                           const std::vector<std::string>& uci_moves);

  const Position& start() const { return start_; }
  const Position& position() const { return current_; }
  const std::vector<Move>& moves() const { return moves_; }
  const std::vector<std::string>& sans() const { return sans_; }

  // Plays a legal move given in UCI notation; an illegal one changes nothing.
  Result<Move> play(std::string_view uci);
  void play(const Move& move);
  // Decided by the rules alone: mate, stalemate, repetition, fifty moves, material.
  Outcome outcome() const;
  // The outcome once a legal move is played, without playing it here.
  Outcome outcome_after(const Move& move) const;

 private:
  Position start_;
  Position current_;
  std::vector<Move> moves_;
  std::vector<std::string> sans_;
  std::vector<std::uint64_t> hashes_;  // after each move, and the start
};

struct PerftLine {
  std::string move;
  std::uint64_t nodes;
};
std::uint64_t perft(const Position& position, int depth);
std::vector<PerftLine> perft_divide(const Position& position, int depth);

}  // namespace arbiter::rules
