#pragma once
// A game: the start position, the moves played, and the history that repetition needs.
#include <cstdint>
#include <optional>
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
  // The current position's legal moves, generated once per position and shared by parsing,
  // SAN, the outcome and whoever shows them.
  const std::vector<Move>& legal_moves() const { return legal_; }

  // Plays a legal move given in UCI notation; an illegal one changes nothing.
  Result<Move> play(std::string_view uci);
  void play(const Move& move);
  // Decided by the rules alone: mate, stalemate, repetition, fifty moves, material.
  Outcome outcome() const;
  // The outcome once a legal move is played, without playing it here. The next position's legal
  // moves are kept for play() when it plays that move next.
  Outcome outcome_after(const Move& move) const;

 private:
  struct After {
    Move move;
    std::vector<Move> legal;
  };
  Position start_;
  Position current_;
  std::vector<Move> legal_;
  mutable std::optional<After> after_;  // outcome_after()'s move and its position's legal moves
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
