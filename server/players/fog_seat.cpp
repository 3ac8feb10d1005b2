#include "server/players/fog_seat.h"

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

}  // namespace

rules::Result<engine::FogView> fog_view_of(const rules::Variant& variant, const json& seat_view) {
  if (!seat_view.is_object()) return Error{"a seat's view is an object"};
  const json& you = member(seat_view, "you");
  const auto me = you.is_string() ? protocol::parse_color(you.get<std::string>()) : std::nullopt;
  if (!me) return Error{"the view is not a seat's"};
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

}  // namespace arbiter
