#include "protocol/permissions_view.h"

#include <optional>

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

void append_now(std::string& out, const match::Match& match, match::Viewer viewer, match::Time now) {
  const match::Permissions permissions = match::permitted(match, viewer, now);
  auto side = [&](std::optional<rules::Color> by) {
    if (by) append_json_string(out, color_name(*by));
    else out += "null";
  };
  // The keys in the order dump writes them (std::string's), each object's as it is written.
  out += R"({"actions":[)";
  for (std::size_t i = 0; i < permissions.actions.size(); ++i) {
    if (i > 0) out += ',';
    append_json_string(out, action_name(permissions.actions[i]));
  }
  out += R"(],"chat":)";
  if (permissions.chat) append_json_string(out, channel_name(*permissions.chat));
  else out += "null";
  if (permissions.claim_in) {
    out += R"(,"claim_ms":)";
    append_json_number(out, permissions.claim_in->count());
  }
  // The offers standing now: a page need not know when each lapses.
  out += R"(,"offers":{"draw":)";
  side(match.draw_offer());
  out += R"(,"rematch":)";
  side(match.rematch_offer());
  out += R"(,"takeback":)";
  side(match.takeback_offer());
  out += '}';
  if (permissions.pawn_capture_owed) out += R"(,"pawn_capture_owed":true)";
  out += R"(,"ply":)";
  append_json_number(out, match.ply());
  // Two-move turns: the side to move has made its turn's first move (public as `turn` is: it
  // stayed with them). The rules say it; a page counts no moves.
  if (!match.game().position().starts_turn()) out += R"(,"second_move":true)";
  out += R"(,"turn":)";
  append_json_string(out, color_name(match.turn()));
  out += '}';
}

nlohmann::json now_json(const match::Match& match, match::Viewer viewer, match::Time now) {
  std::string text;
  append_now(text, match, viewer, now);
  return nlohmann::json::parse(text);
}

}  // namespace arbiter::protocol
