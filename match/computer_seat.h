#pragma once
// What a computer's seat does on its own, beside its moves: the room asks, then schedules the
// waits and carries the commands out.
#include <chrono>
#include <optional>

#include "match/match.h"

namespace arbiter::match {

// A computer that cannot move must not hold the game up: after this many refused moves in a row
// (or none found) it resigns.
inline constexpr int kComputerRefusalsBeforeResigning = 3;

// The computer's move was refused, or it found none, `refusals_in_a_row` times counting this one:
// its command then (it resigns), or nullopt to think again.
std::optional<Command> after_refused_move(int refusals_in_a_row);

// How long from now until the computer claims the game its person left (as a person would, so a
// game left open does not hold its place and its creator's cap for ever); nullopt when it would
// not: no computer plays, the game is over, or the person is connected. The claim itself is
// decided when it is made (abandoned_game_claim): refused if the person came back meanwhile.
std::optional<std::chrono::milliseconds> computer_claims_after(const Match& match);
// The command the computer claims a game its person abandoned with.
Command abandoned_game_claim();

}  // namespace arbiter::match
