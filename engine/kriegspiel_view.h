#pragma once
// What one Kriegspiel seat knows, and nothing more: its colour, its own men, and the umpire's
// public acts as that seat heard them (protocol/umpire_views.h decides what that is; the server
// reads it from the seat's message: server/players/seat_views.h). It holds no umpire, no game and
// no real position, so nothing built on it can reach the hidden men.
#include <cstdint>
#include <string>
#include <vector>

#include "rules/kriegspiel.h"

namespace arbiter::engine {

// One act of the umpire as the seat heard it. The seat's own tries carry their move; the
// opponent's carry none (a "No" is only counted, a move only announced).
struct HeardAct {
  enum class Kind : std::uint8_t { Moved, Illegal, Any };
  Kind kind = Kind::Moved;
  rules::Color by = rules::Color::White;
  std::string uci;                                      // Moved, Illegal: the seat's own try only
  rules::AnyAnswer answer = rules::AnyAnswer::No;       // Any
  rules::Square capture = rules::kNoSquare;             // Moved: the announced capture square
  std::vector<rules::CheckDirection> checks;            // Moved: against the side now to move
  bool operator==(const HeardAct&) const = default;
};

class KriegspielView {
 public:
  // From exactly what the server sends a player: the FEN of their own men (rules::Umpire::own_fen)
  // and every umpire act they heard, in order. Rejects a view that tells more than a seat hears
  // (an opponent's move) or that does not hang together (acts out of turn, a FEN with other men).
  static rules::Result<KriegspielView> make(const rules::Variant& variant, rules::Color me, std::string own_fen,
                                            std::vector<HeardAct> acts);

  const rules::Variant& variant() const { return *variant_; }
  rules::Color me() const { return me_; }
  const std::string& own_fen() const { return own_fen_; }
  const std::vector<HeardAct>& acts() const { return acts_; }
  rules::Color to_move() const { return to_move_; }
  bool my_turn() const { return to_move_ == me_; }
  // This turn so far (the seat's own turn): the tries refused, whether it asked, and whether
  // its next try must be a pawn capture after "Try".
  const std::vector<std::string>& refused_this_turn() const { return refused_; }
  bool asked_any_this_turn() const { return asked_any_; }
  bool pawn_capture_owed() const { return pawn_capture_owed_; }

 private:
  KriegspielView() = default;
  const rules::Variant* variant_ = nullptr;
  rules::Color me_ = rules::Color::White;
  std::string own_fen_;
  std::vector<HeardAct> acts_;
  rules::Color to_move_ = rules::Color::White;
  std::vector<std::string> refused_;
  bool asked_any_ = false;
  bool pawn_capture_owed_ = false;
};

}  // namespace arbiter::engine
