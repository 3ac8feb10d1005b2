#pragma once
// What a viewer may do now (match/permissions.h) as the `now` object of `state`, of every event
// message and of `presence`: the facts a page shows instead of deriving the rules itself.
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "match/permissions.h"

namespace arbiter::protocol {

std::string_view action_name(match::Action action);  // "offer_draw", "accept_takeback", ...
// {"turn","ply","actions":[...],"chat":channel|null,"offers":{"draw","takeback","rematch"}} and,
// when they apply, "claim_ms" and "pawn_capture_owed". hidden: nothing in it depends on the hidden position (see permissions.h).
// Written straight to text for every event message (byte for byte what dump writes of now_json),
// appended to `out`.
void append_now(std::string& out, const match::Match& match, match::Viewer viewer, match::Time now);
nlohmann::json now_json(const match::Match& match, match::Viewer viewer, match::Time now);

}  // namespace arbiter::protocol
