#include "engine/fog_view.h"

#include "rules/fog.h"

namespace arbiter::engine {

using rules::Color;
using rules::Error;
using rules::Square;

namespace {

std::int8_t code_of(const rules::Piece& man) { return std::int8_t(man.kind + 32 * rules::index(man.color)); }

}  // namespace

std::optional<rules::Piece> FogSight::man_at(Square s) const {
  if (s < 0 || s >= Square(board.size()) || board[s] < 0) return std::nullopt;
  return rules::Piece{board[s] >= 32 ? Color::Black : Color::White, board[s] % 32};
}

FogSight fog_sight(const rules::Position& position, Color seat, std::string own_move) {
  FogSight sight;
  sight.seen = rules::visible_squares(position, seat);
  sight.board.assign(std::size_t(position.variant().geometry.size()), -1);
  for (rules::Bitboard b = sight.seen; b;) {
    const Square s = rules::pop_lsb(b);
    if (auto man = position.piece_at(s)) sight.board[s] = code_of(*man);
  }
  sight.to_move = position.side_to_move();
  sight.own_move = std::move(own_move);
  return sight;
}

rules::Result<FogView> FogView::make(const rules::Variant& variant, Color me, std::vector<FogSight> sights) {
  if (variant.visibility != rules::Visibility::Fog) return Error{variant.name + " is not played in fog"};
  if (sights.empty()) return Error{"a fog view starts with the start position's sight"};
  const int size = variant.geometry.size();
  const Color first = variant.start_fen.find(" b ") != std::string::npos ? Color::Black : Color::White;
  for (std::size_t i = 0; i < sights.size(); ++i) {
    const FogSight& sight = sights[i];
    const std::string where = "sight " + std::to_string(i) + ": ";
    if (int(sight.board.size()) != size) return Error{where + "its board is not this variant's size"};
    if (size < rules::kMaxSquares && (sight.seen >> size) != 0) return Error{where + "it sees squares off the board"};
    const Color expected = i == 0 ? first : ~sights[i - 1].to_move;
    if (sight.to_move != expected) return Error{where + "the side to move does not alternate"};
    const bool after_own_move = i > 0 && sights[i - 1].to_move == me;
    if (after_own_move == sight.own_move.empty())
      return Error{where + "only a sight after the seat's own move carries that move"};
    int kings = 0;
    for (Square s = 0; s < size; ++s) {
      const std::int8_t code = sight.board[s];
      if (code < 0) continue;
      if (!(sight.seen & rules::bit(s))) return Error{where + "it shows a man on a square not seen"};
      if (code % 32 >= int(variant.kinds.size()) || code >= 64) return Error{where + "it shows a kind this variant does not know"};
      const auto man = sight.man_at(s);
      kings += man->color == me && man->kind == variant.royal_kind();
    }
    if (kings > 1) return Error{where + "it shows more than one own king"};
  }
  FogView view;
  view.variant_ = &variant;
  view.me_ = me;
  view.sights_ = std::move(sights);
  return view;
}

std::vector<std::pair<Square, int>> FogView::own_losses(std::size_t ply) const {
  std::vector<std::pair<Square, int>> lost;
  if (ply == 0 || ply >= sights_.size() || sights_[ply - 1].to_move == me_) return lost;
  const FogSight &before = sights_[ply - 1], &after = sights_[ply];
  for (Square s = 0; s < Square(before.board.size()); ++s) {
    const auto man = before.man_at(s);
    if (!man || man->color != me_) continue;
    const auto now = after.man_at(s);
    if (!now || now->color != me_) lost.emplace_back(s, man->kind);
  }
  return lost;
}

}  // namespace arbiter::engine
