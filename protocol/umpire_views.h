#pragma once
// Kriegspiel's part of the views (views.h): what each viewer hears of the umpire. A player hears
// every announcement and their own tries; a spectator the announcements only; once the game
// is over, everyone hears everything.
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "protocol/views.h"
#include "rules/kriegspiel.h"

namespace arbiter::protocol {

// The fields of one act as `viewer` hears it ("say", "by", and "capture"/"check", "answer" or,
// where the viewer may know it, "move" and, for a move that castled, "castle": true);
// `everything` once the game is over.
nlohmann::json umpire_act_json(const rules::UmpireAct& act, const rules::Umpire& umpire, Viewer viewer,
                               bool everything);
// The fields of the `umpire` event for the umpire's latest act, as `viewer` hears it: the mover
// also gets their try and, after a move, their new board; the other player their board when a
// man of theirs was taken.
nlohmann::json umpire_event_fields(const rules::Umpire& umpire, Viewer viewer);
// Every act so far as `viewer` hears it: what a reconnecting client needs besides its board.
nlohmann::json umpire_history(const rules::Umpire& umpire, Viewer viewer, bool everything);
// The moves `viewer` has made (UCI), in order.
nlohmann::json own_moves(const rules::Umpire& umpire, Viewer viewer);
// PGN comments for each move: before it, the refused tries and questions of that turn; after
// it, the announcement ("moved" alone is left unsaid). before has one more entry: the acts
// after the last move.
struct UmpireComments {
  std::vector<std::string> before, after;
};
UmpireComments umpire_pgn_comments(const rules::Umpire& umpire);

}  // namespace arbiter::protocol
