#include "protocol/permissions_view.h"

#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/json_text.h"
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

std::string now_text(const match::Match& match, match::Viewer viewer, match::Time now) {
  const match::Permissions permissions = match::permitted(match, viewer, now);
  std::vector<std::string_view> actions;
  actions.reserve(permissions.actions.size());
  for (auto action : permissions.actions) actions.push_back(action_name(action));
  auto side = [](JsonText& out, std::string_view key, std::optional<rules::Color> by) -> JsonText& {
    return by ? out.string(key, color_name(*by)) : out.null(key);
  };
  // The offers standing now: a page need not know when each lapses.
  JsonText offers;
  side(offers, "draw", match.draw_offer());
  side(offers, "takeback", match.takeback_offer());
  side(offers, "rematch", match.rematch_offer());
  JsonText out;
  out.string("turn", color_name(match.turn()))
      .number("ply", match.ply())
      .raw("actions", json_string_array(actions))
      .raw("offers", offers.text());
  if (permissions.chat) out.string("chat", channel_name(*permissions.chat));
  else out.null("chat");
  if (permissions.claim_in) out.number("claim_ms", permissions.claim_in->count());
  if (permissions.pawn_capture_owed) out.raw("pawn_capture_owed", "true");
  return out.text();
}

nlohmann::json now_json(const match::Match& match, match::Viewer viewer, match::Time now) {
  return nlohmann::json::parse(now_text(match, viewer, now));
}

}  // namespace arbiter::protocol
