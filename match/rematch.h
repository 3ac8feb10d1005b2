#pragma once
// The game a rematch makes, as the match agreed it (Rematched): the same players with colours
// swapped (lichess), each keeping their name and their seat (its token) in the other colour. Both
// seats are taken, so the new game starts at once. The room stores it as said here.
#include <array>
#include <string>

#include "match/match.h"

namespace arbiter::match {

struct RematchSeating {
  std::string game;  // the new game's id
  // By the new game's colour: the seat its player held in this game, and their name.
  std::array<rules::Color, 2> held{};
  std::array<std::string, 2> names{};
};

RematchSeating rematch_seating(const Match& match, const Rematched& agreed);

}  // namespace arbiter::match
