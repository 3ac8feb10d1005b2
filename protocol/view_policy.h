#pragma once
// What each viewer of a game (White, Black, a spectator; during play or after the end) is shown
// and told of it: one policy per kind of game, behind this one interface, chosen once from the
// variant (view_policy), beside the referee the match chose. views.cpp builds every message of a
// game through it and asks no game what kind it is. What a viewer may do is the match's to decide
// (match::Capabilities, and match/permissions.h for `now`): the match must refuse what it does not
// permit, so the permission cannot live here alone.
//
// Open games (open_view.cpp): everyone sees everything. Kriegspiel (kriegspiel_view.cpp): a
// player sees their own men and moves and what the umpire said; a spectator the announcements;
// everyone everything once the game is over. Fog of War (fog_view.cpp): a player sees their own
// men and the squares they could move to, a spectator nothing; everyone everything at the end.
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "match/match.h"
#include "protocol/json_text.h"
#include "protocol/umpire_views.h"

namespace arbiter::protocol {

class ViewPolicy {
 public:
  virtual ~ViewPolicy() = default;

  // Whether the whole game may be shown to everyone now: the real board, every move, the PGN.
  virtual bool board_public(const match::Match& match) const = 0;
  // The board of `state` and the game resource as `viewer` sees it: "fen", "moves", "sans",
  // "legal" and "positions", and the kind's own ("legal_san", "umpire").
  virtual void put_board(nlohmann::json& out, const match::Match& match, Viewer viewer) const = 0;
  // `viewer`'s moves (or tries) now, a JSON array of UCI strings: [] unless it is their turn.
  virtual std::string legal_text(const match::Match& match, Viewer viewer) const = 0;

  // The fields of each event that depend on the kind of game, as `viewer` hears it (the match has
  // applied the event): the act a referee judged (a move, a try, a question),
  virtual void put_act(JsonText& out, const Event& act, const match::Match& match, Viewer viewer) const = 0;
  // the board after a takeback (only a kind that permits takebacks records one),
  virtual void put_taken_back(JsonText& out, const match::Match& match, Viewer viewer) const = 0;
  // and what the end reveals.
  virtual void put_end(JsonText& out, const match::Match& match, Viewer viewer) const = 0;
  // Whether everyone hears every event alike but for the player to move's legal moves and each
  // one's `now`: then an event is built once (broadcasting is on every move's path).
  virtual bool heard_alike() const = 0;

  // The PGN's comments on each move (what the umpire said); nullopt for none.
  virtual std::optional<UmpireComments> pgn_comments(const match::Match& match) const = 0;
};

// The policy for a variant's games.
const ViewPolicy& view_policy(const rules::Variant& variant);
// The policy for this game's variant.
const ViewPolicy& view_policy(const match::Match& match);

// The kinds there are (view_policy picks one).
const ViewPolicy& open_view();
const ViewPolicy& kriegspiel_view();
const ViewPolicy& fog_view();

}  // namespace arbiter::protocol
