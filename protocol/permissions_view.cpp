#include "protocol/permissions_view.h"

#include <nlohmann/json.hpp>

#include "protocol/names.h"

namespace arbiter::protocol {

std::string_view action_name(match::Action action) {
  switch (action) {
    case match::Action::Move: return "move";
    case match::Action::Premove: return "premove";
    case match::Action::AskAny: return "any";
    case match::Action::Abort: return "abort";
    case match::Action::Resign: return "resign";
    case match::Action::OfferDraw: return "offer_draw";
    case match::Action::AcceptDraw: return "accept_draw";
    case match::Action::DeclineDraw: return "decline_draw";
    case match::Action::Takeback: return "takeback";
    case match::Action::AcceptTakeback: return "accept_takeback";
    case match::Action::DeclineTakeback: return "decline_takeback";
    case match::Action::Claim: return "claim";
    case match::Action::Rematch: return "rematch";
    case match::Action::AcceptRematch: return "accept_rematch";
    case match::Action::DeclineRematch: return "decline_rematch";
    case match::Action::Chat: return "chat";
  }
  return "";
}

nlohmann::json now_json(const match::Match& match, match::Viewer viewer, match::Time now) {
  const match::Permissions permissions = match::permitted(match, viewer, now);
  nlohmann::json actions = nlohmann::json::array();
  for (auto action : permissions.actions) actions.push_back(action_name(action));
  nlohmann::json out{{"turn", color_name(match.turn())},
                     {"ply", match.ply()},
                     {"actions", std::move(actions)},
                     {"chat", permissions.chat ? nlohmann::json(channel_name(*permissions.chat)) : nlohmann::json(nullptr)}};
  auto side = [](std::optional<rules::Color> by) { return by ? nlohmann::json(color_name(*by)) : nlohmann::json(nullptr); };
  // The offers standing now: a page need not know when each lapses.
  out["offers"] = {{"draw", side(match.draw_offer())}, {"takeback", side(match.takeback_offer())},
                   {"rematch", side(match.rematch_offer())}};
  if (permissions.claim_in) out["claim_ms"] = permissions.claim_in->count();
  if (permissions.pawn_capture_owed) out["pawn_capture_owed"] = true;
  return out;
}

}  // namespace arbiter::protocol
