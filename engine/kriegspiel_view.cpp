#include "engine/kriegspiel_view.h"

#include <cctype>
#include <optional>
#include <sstream>

#include "rules/placement.h"

namespace arbiter::engine {

namespace {

using rules::Color;
using rules::Error;

// Checks the placement of a FEN of `me`'s men only: the board's shape, known letters, all of
// one colour, one king.
std::optional<std::string> own_placement_problem(const rules::Variant& variant, Color me, const std::string& placement) {
  const rules::Geometry& g = variant.geometry;
  int kings = 0;
  const auto fault = rules::read_placement(g.files(), g.ranks(), placement, [&](int, int, char ch) -> std::optional<std::string> {
    const bool upper = std::isupper(static_cast<unsigned char>(ch));
    const int kind = variant.kind_of(char(std::toupper(static_cast<unsigned char>(ch))));
    if (kind < 0) return std::string("it has a letter this variant does not know: '") + ch + "'";
    if (upper != (me == Color::White)) return "it shows a man of the other side";
    kings += kind == variant.royal_kind();
    return std::nullopt;
  });
  if (fault) return fault;
  if (kings != 1) return "it does not have exactly one king";
  return std::nullopt;
}

}  // namespace

rules::Result<KriegspielView> KriegspielView::make(const rules::Variant& variant, Color me, std::string own_fen,
                                                   std::vector<HeardAct> acts) {
  if (variant.visibility != rules::Visibility::Umpire) return Error{variant.name + " is not played with hidden men"};
  std::istringstream fields(own_fen);
  std::string placement, side;
  if (!(fields >> placement >> side) || (side != "w" && side != "b")) return Error{"the own FEN needs a placement and a side to move"};
  if (auto problem = own_placement_problem(variant, me, placement)) return Error{"the own FEN is not a board of own men: " + *problem};

  KriegspielView view;
  view.variant_ = &variant;
  view.me_ = me;
  view.to_move_ = variant.start_fen.find(" b ") != std::string::npos ? Color::Black : Color::White;
  for (std::size_t i = 0; i < acts.size(); ++i) {
    const HeardAct& act = acts[i];
    const std::string where = "act " + std::to_string(i) + ": ";
    if (act.by != view.to_move_) return Error{where + "it is not by the side to move"};
    const bool mine = act.by == me;
    const bool a_try = act.kind != HeardAct::Kind::Any;
    if (!mine && !act.uci.empty()) return Error{where + "a seat does not hear the opponent's tries"};
    if (mine && a_try == act.uci.empty()) return Error{where + "an own try needs its move, and only a try has one"};
    if (act.kind != HeardAct::Kind::Moved && (act.capture != rules::kNoSquare || !act.checks.empty()))
      return Error{where + "only a move is announced with a capture or check"};
    if (act.capture != rules::kNoSquare && (act.capture < 0 || act.capture >= variant.geometry.size()))
      return Error{where + "the capture square is off the board"};
    switch (act.kind) {
      case HeardAct::Kind::Any:
        if (view.asked_any_) return Error{where + "\"Are there any?\" twice in one turn"};
        view.asked_any_ = true;
        view.pawn_capture_owed_ = act.answer == rules::AnyAnswer::Try;
        break;
      case HeardAct::Kind::Illegal:
        view.refused_.push_back(act.uci);
        view.pawn_capture_owed_ = false;
        break;
      case HeardAct::Kind::Moved:
        view.refused_.clear();
        view.asked_any_ = view.pawn_capture_owed_ = false;
        view.to_move_ = ~view.to_move_;
        break;
    }
  }
  if ((side == "w") != (view.to_move_ == Color::White)) return Error{"the own FEN's side to move does not follow from the acts"};
  view.own_fen_ = std::move(own_fen);
  view.acts_ = std::move(acts);
  return view;
}

}  // namespace arbiter::engine
