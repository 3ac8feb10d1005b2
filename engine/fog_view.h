#pragma once
// What one Fog of War seat knows, and nothing more (rules/FOG_OF_WAR.md): for every position of
// the game so far, the squares it saw and what stood on them, and its own moves. It holds no
// rules::Position of the real game, so nothing built on it can reach the men in the fog.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/position.h"

namespace arbiter::engine {

// One position as a seat saw it.
struct FogSight {
  rules::Bitboard seen = 0;        // rules::visible_squares for the seat
  std::vector<std::int8_t> board;  // by square: -1 empty or not seen, else kind + 32 * colour index
  rules::Color to_move = rules::Color::White;
  std::string own_move;            // the seat's own move (UCI) that led here; empty otherwise
  bool operator==(const FogSight&) const = default;

  std::optional<rules::Piece> man_at(rules::Square s) const;
};

// The entry point the server (or protocol) calls after every ply, for each seat: the position
// after the ply, the seat, and the move's UCI when the seat itself made it (empty for the
// opponent's move and for the start position).
FogSight fog_sight(const rules::Position& position, rules::Color seat, std::string own_move = {});

class FogView {
 public:
  // The whole history, one sight per position from the start. Rejects a history that tells more
  // than the seat sees (a man off its sight, an opponent's move) or does not hang together
  // (turns out of order, a board of the wrong size, an unknown kind, two own kings).
  static rules::Result<FogView> make(const rules::Variant& variant, rules::Color me, std::vector<FogSight> sights);

  const rules::Variant& variant() const { return *variant_; }
  rules::Color me() const { return me_; }
  const std::vector<FogSight>& sights() const { return sights_; }
  const FogSight& now() const { return sights_.back(); }
  bool my_turn() const { return now().to_move == me_; }
  // The own men taken by the opponent's move that led to sight `ply` (the men of the seat that
  // stood in the sight before and are gone): what a seat learns of its losses.
  std::vector<std::pair<rules::Square, int>> own_losses(std::size_t ply) const;

 private:
  FogView() = default;
  const rules::Variant* variant_ = nullptr;
  rules::Color me_ = rules::Color::White;
  std::vector<FogSight> sights_;
};

}  // namespace arbiter::engine
