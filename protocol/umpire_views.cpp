#include "protocol/umpire_views.h"

#include <nlohmann/json.hpp>

#include "protocol/events.h"

namespace arbiter::protocol {
namespace {

using nlohmann::json;

bool is_by(const rules::UmpireAct& act, Viewer viewer) { return viewer_of(act.by) == viewer; }

std::string check_words(rules::CheckDirection direction) {
  switch (direction) {
    case rules::CheckDirection::Rank: return "Check on the rank";
    case rules::CheckDirection::File: return "Check on the file";
    case rules::CheckDirection::LongDiagonal: return "Check on the long diagonal";
    case rules::CheckDirection::ShortDiagonal: return "Check on the short diagonal";
    case rules::CheckDirection::Knight: return "Check by a knight";
  }
  return "";
}

}  // namespace

json umpire_act_json(const rules::UmpireAct& act, const rules::Umpire& umpire, Viewer viewer, bool everything) {
  const auto& variant = umpire.game().start().variant();
  json out{{"say", umpire_say_name(act.kind)}, {"by", color_name(act.by)}};
  switch (act.kind) {
    case rules::UmpireAct::Kind::Moved: {
      const auto& heard = act.announcement;
      out["capture"] = heard.capture == rules::kNoSquare ? json(nullptr) : json(variant.geometry.name(heard.capture));
      json check = json::array();
      for (auto direction : heard.checks) check.push_back(rules::to_string(direction));
      out["check"] = check;
      break;
    }
    case rules::UmpireAct::Kind::Illegal: break;
    case rules::UmpireAct::Kind::Any: out["answer"] = rules::to_string(act.answer); break;
  }
  if (act.kind != rules::UmpireAct::Kind::Any && (everything || is_by(act, viewer))) {
    out["move"] = act.uci;
    // Told with the move it names: the mover knows they castled (a refused try is no move).
    if (act.kind == rules::UmpireAct::Kind::Moved &&
        umpire.game().moves().at(static_cast<std::size_t>(act.ply)).kind == rules::Move::Kind::Castle)
      out["castle"] = true;
  }
  return out;
}

json umpire_event_fields(const rules::Umpire& umpire, Viewer viewer) {
  const auto& act = umpire.record().back();
  json out = umpire_act_json(act, umpire, viewer, false);
  const auto seat = seat_of(viewer);
  if (act.kind == rules::UmpireAct::Kind::Moved && seat &&
      (is_by(act, viewer) || act.announcement.capture != rules::kNoSquare))
    out["fen"] = umpire.own_fen(*seat);
  return out;
}

json umpire_history(const rules::Umpire& umpire, Viewer viewer, bool everything) {
  json out = json::array();
  for (const auto& act : umpire.record()) out.push_back(umpire_act_json(act, umpire, viewer, everything));
  return out;
}

json own_moves(const rules::Umpire& umpire, Viewer viewer) {
  json out = json::array();
  for (const auto& act : umpire.record())
    if (act.kind == rules::UmpireAct::Kind::Moved && is_by(act, viewer)) out.push_back(act.uci);
  return out;
}

UmpireComments umpire_pgn_comments(const rules::Umpire& umpire) {
  const auto& variant = umpire.game().start().variant();
  const std::size_t moves = umpire.game().moves().size();
  UmpireComments comments{std::vector<std::string>(moves + 1), std::vector<std::string>(moves)};
  auto add = [](std::string& comment, const std::string& phrase) { comment += (comment.empty() ? "" : "; ") + phrase; };
  for (const auto& act : umpire.record()) {
    const auto ply = static_cast<std::size_t>(act.ply);
    switch (act.kind) {
      case rules::UmpireAct::Kind::Illegal: add(comments.before.at(ply), act.uci + ": No"); break;
      case rules::UmpireAct::Kind::Any:
        add(comments.before.at(ply), std::string("Any? ") + (act.answer == rules::AnyAnswer::Try ? "Try" : "No"));
        break;
      case rules::UmpireAct::Kind::Moved:
        if (act.announcement.capture != rules::kNoSquare)
          add(comments.after.at(ply), "Capture on " + variant.geometry.name(act.announcement.capture));
        for (auto direction : act.announcement.checks) add(comments.after.at(ply), check_words(direction));
        break;
    }
  }
  return comments;
}

}  // namespace arbiter::protocol
