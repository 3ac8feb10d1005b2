// Kriegspiel's views: while the game is on, a player sees their own men and moves and hears the
// umpire (their own tries in full, the opponent's as announced); a spectator hears the
// announcements only. Once it is over, everyone sees everything, every try included. The only
// place outside the hidden referee that reads the umpire.
#include <nlohmann/json.hpp>

#include "protocol/board_json.h"
#include "protocol/view_policy.h"

namespace arbiter::protocol {
namespace {

using nlohmann::json;

const rules::Umpire& umpire_of(const match::Match& match) { return *match.referee().umpire(); }

class KriegspielView final : public ViewPolicy {
 public:
  bool board_public(const match::Match& match) const override { return match.finished(); }

  void put_board(json& out, const match::Match& match, Viewer viewer) const override {
    // Everything the umpire said as this viewer heard it; every try once the game is over.
    out["umpire"] = umpire_history(umpire_of(match), viewer, match.finished());
    if (board_public(match)) return open_view().put_board(out, match, viewer);
    // A player's own men and own moves, and their own men after each move (their board changes
    // with their own moves and the captures of their men, both of which they heard); a spectator
    // none of it. No SAN: a try's would tell what it takes or checks.
    const auto seat = seat_of(viewer);
    out["fen"] = seat ? json(umpire_of(match).own_fen(*seat)) : json(nullptr);
    out["moves"] = seat ? own_moves(umpire_of(match), viewer) : json::array();
    out["sans"] = json::array();
    out["legal"] = json::parse(legal_text(match, viewer));
    json positions = json::array();
    if (seat) {
      auto position = match.game().start();
      for (const auto& move : match.game().moves()) {
        position.play(move);
        positions.push_back(rules::own_fen(position, *seat));
      }
    }
    out["positions"] = positions;
  }

  // The tries possible on the player's own board.
  std::string legal_text(const match::Match& match, Viewer viewer) const override {
    if (!to_move(match, viewer)) return "[]";
    return json_string_array(umpire_of(match).possible_moves(*seat_of(viewer)));
  }

  // A try or a question: the match applies each act before announcing it, so it is the umpire's latest.
  void put_act(JsonText& out, const Event&, const match::Match& match, Viewer viewer) const override {
    const json fields = umpire_event_fields(umpire_of(match), viewer);
    for (const auto& [key, value] : fields.items()) out.json(key, value);
    if (to_move(match, viewer)) out.raw("legal", legal_text(match, viewer));
  }

  void put_taken_back(JsonText&, const match::Match&, Viewer) const override {}  // never: no takebacks

  // The whole game, now public.
  void put_end(JsonText& out, const match::Match& match, Viewer viewer) const override {
    out.json("moves", moves_json(match.game()));
    out.json("tries", umpire_history(umpire_of(match), viewer, true));
  }

  bool heard_alike() const override { return false; }  // each side is told its own

  std::optional<UmpireComments> pgn_comments(const match::Match& match) const override {
    return umpire_pgn_comments(umpire_of(match));
  }
};

}  // namespace

const ViewPolicy& kriegspiel_view() {
  static const KriegspielView view;
  return view;
}

}  // namespace arbiter::protocol
