#include "server/players/seat_views.h"

#include <algorithm>
#include <array>

#include <nlohmann/json.hpp>

#include "protocol/names.h"

namespace arbiter {
namespace {

using nlohmann::json;
using rules::Error;

// One position as the seat saw it: `squares` (its sight) with the men `fen` shows on them.
rules::Result<engine::FogSight> sight_of(const rules::Variant& variant, const json& squares, const std::string& fen,
                                         std::string own_move) {
  auto board = rules::Position::from_fen(variant, fen);
  if (!board) return Error{"its FEN: " + board.error()};
  if (!squares.is_array()) return Error{"its sight is not a list of squares"};
  engine::FogSight sight;
  sight.board.assign(std::size_t(variant.geometry.size()), -1);
  for (const auto& name : squares) {
    const rules::Square square = name.is_string() ? variant.geometry.parse(name.get<std::string>()) : rules::kNoSquare;
    if (square == rules::kNoSquare) return Error{"its sight names " + name.dump() + ", not a square of this board"};
    sight.seen |= rules::bit(square);
    if (auto man = board.value().piece_at(square)) sight.board[square] = std::int8_t(man->kind + 32 * rules::index(man->color));
  }
  sight.to_move = board.value().side_to_move();
  sight.own_move = std::move(own_move);
  return sight;
}

const json& member(const json& object, const std::string& key) {
  static const json missing;
  if (!object.is_object()) return missing;
  auto it = object.find(key);
  return it != object.end() ? *it : missing;
}

// The seat's colour: `you`, which a spectator's message lacks.
rules::Result<rules::Color> seat_of(const json& seat_view) {
  if (!seat_view.is_object()) return Error{"a seat's view is an object"};
  const json& you = member(seat_view, "you");
  const auto me = you.is_string() ? protocol::parse_color(you.get<std::string>()) : std::nullopt;
  if (!me) return Error{"the view is not a seat's"};
  return *me;
}

// One entry of `umpire` as the seat heard it (protocol/umpire_views.h writes them).
rules::Result<engine::HeardAct> heard_act(const rules::Variant& variant, const json& entry) {
  if (!entry.is_object()) return Error{"it is not an object"};
  const json& say = member(entry, "say");
  const json& by = member(entry, "by");
  const auto kind = say.is_string() ? protocol::parse_umpire_say(say.get<std::string>()) : std::nullopt;
  if (!kind) return Error{"an umpire act says moved, illegal or any"};
  const auto color = by.is_string() ? protocol::parse_color(by.get<std::string>()) : std::nullopt;
  if (!color) return Error{"an umpire act is by white or black"};
  engine::HeardAct act;
  act.kind = *kind == rules::UmpireAct::Kind::Moved     ? engine::HeardAct::Kind::Moved
             : *kind == rules::UmpireAct::Kind::Illegal ? engine::HeardAct::Kind::Illegal
                                                        : engine::HeardAct::Kind::Any;
  act.by = *color;
  const json& move = member(entry, "move");
  if (!move.is_null() && !move.is_string()) return Error{"its move is not a string"};
  if (move.is_string()) act.uci = move.get<std::string>();
  const json& capture = member(entry, "capture");
  if (!capture.is_null()) {
    act.capture = capture.is_string() ? variant.geometry.parse(capture.get<std::string>()) : rules::kNoSquare;
    if (act.capture == rules::kNoSquare) return Error{"the capture is not a square of this board"};
  }
  static constexpr std::array kDirections{rules::CheckDirection::Rank, rules::CheckDirection::File,
                                          rules::CheckDirection::LongDiagonal, rules::CheckDirection::ShortDiagonal,
                                          rules::CheckDirection::Knight};
  const json& checks = member(entry, "check");
  if (!checks.is_null() && !checks.is_array()) return Error{"its check is not a list"};
  for (const json& name : checks.is_array() ? checks : json::array()) {
    const auto known = std::find_if(kDirections.begin(), kDirections.end(), [&](rules::CheckDirection direction) {
      return name.is_string() && rules::to_string(direction) == name.get<std::string>();
    });
    if (known == kDirections.end())
      return Error{"a check is along rank, file, long_diagonal, short_diagonal or by a knight"};
    act.checks.push_back(*known);
  }
  if (act.kind == engine::HeardAct::Kind::Any) {
    const json& answer = member(entry, "answer");
    const std::string said = answer.is_string() ? answer.get<std::string>() : std::string();
    if (said == rules::to_string(rules::AnyAnswer::Try)) act.answer = rules::AnyAnswer::Try;
    else if (said != rules::to_string(rules::AnyAnswer::No)) return Error{"\"Are there any?\" is answered try or no"};
  }
  return act;
}

}  // namespace

rules::Result<engine::FogView> fog_view_of(const rules::Variant& variant, const json& seat_view) {
  const auto me = seat_of(seat_view);
  if (!me) return Error{me.error()};
  const json& start = member(seat_view, "start_fen");
  const json& positions = member(seat_view, "positions");
  const json& moves = member(seat_view, "moves");
  const json& sights = member(member(seat_view, "sight"), std::string(protocol::color_name(*me)));
  if (!start.is_string() || !positions.is_array() || !moves.is_array() || !sights.is_array())
    return Error{"the view lacks start_fen, positions, moves or the seat's sight"};
  if (sights.size() != positions.size() + 1) return Error{"the view has not one sight per position"};

  std::vector<engine::FogSight> seen;
  std::size_t own_moves = 0;
  for (std::size_t i = 0; i < sights.size(); ++i) {
    const json& fen = i == 0 ? start : positions[i - 1];
    std::string own_move;
    if (i > 0 && seen.back().to_move == *me) {
      if (own_moves == moves.size() || !moves[own_moves].is_string()) return Error{"the view lacks one of the seat's moves"};
      own_move = moves[own_moves++].get<std::string>();
    }
    auto sight = fen.is_string() ? sight_of(variant, sights[i], fen.get<std::string>(), std::move(own_move))
                                 : rules::Result<engine::FogSight>(Error{"it has no FEN"});
    if (!sight) return Error{"position " + std::to_string(i) + ": " + sight.error()};
    seen.push_back(std::move(sight.value()));
  }
  if (own_moves != moves.size()) return Error{"the view has more moves of the seat's than it made"};
  return engine::FogView::make(variant, *me, std::move(seen));
}

rules::Result<engine::KriegspielView> kriegspiel_view_of(const rules::Variant& variant, const json& seat_view) {
  const auto me = seat_of(seat_view);
  if (!me) return Error{me.error()};
  const json& fen = member(seat_view, "fen");
  const json& umpire = member(seat_view, "umpire");
  if (!fen.is_string() || !umpire.is_array()) return Error{"the view lacks the seat's fen or what the umpire said"};
  std::vector<engine::HeardAct> acts;
  for (std::size_t i = 0; i < umpire.size(); ++i) {
    auto act = heard_act(variant, umpire[i]);
    if (!act) return Error{"umpire act " + std::to_string(i) + ": " + act.error()};
    acts.push_back(std::move(act.value()));
  }
  return engine::KriegspielView::make(variant, *me, fen.get<std::string>(), std::move(acts));
}

}  // namespace arbiter
