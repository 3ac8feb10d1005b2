#pragma once
// An untimed game both sides left: nobody moves in it or connects to it for days (Waits::
// deserted_after), and it ends, so that games nobody will play again are not listed as playing
// and kept for ever. A game whose clock runs ends on its own (a flag, an abort for a first move
// not made); so does one against the computer (it claims the game of a person gone). Decided on
// the wall clock: the wait is days long and runs across restarts.
#include <cstdint>
#include <optional>

#include "match/match.h"

namespace arbiter::match {

// Whether the desertion rule is the only thing that may end `match` on its own: a game in play
// between people with nothing pending in time (untimed, or a timed game on one device before its
// clocks start). Only such a game may leave memory while in play.
bool waits_on_nobody(const Match& match);

// The end of a deserted game by `now_ms`, if it is one: no winner (`*`); `abort` if no move stands
// on the board, `deserted` otherwise. `last_activity_ms`: the latest of its last event (Match::
// last_event_ms) and its last connection, as the room knows them; nullopt while connected.
std::optional<Ended> desertion_end(const Match& match, std::optional<std::int64_t> last_activity_ms, std::int64_t now_ms);

}  // namespace arbiter::match
