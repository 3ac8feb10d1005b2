// Fog of War's views (rules/FOG_OF_WAR.md): while the game is on, a player sees their own men,
// the squares one of them could move to (rules::visible_squares) and what stands there, their own
// moves and their moves now; of the opponent's move only what it changed on those squares. A
// spectator sees no square: the squares both sides see would not do, since which of one side's
// squares the other also sees is decided by men the first cannot see. Once it is over, everyone
// sees everything, and each side's sight at every ply for replaying either player's view.
#include <initializer_list>

#include <nlohmann/json.hpp>

#include "protocol/board_json.h"
#include "protocol/names.h"
#include "protocol/view_policy.h"
#include "rules/fog.h"
#include "rules/seat_fen.h"

namespace arbiter::protocol {
namespace {

using nlohmann::json;

// What `side` sees: its men, and the squares one of them could move to.
rules::Bitboard sight_of(const rules::Position& position, rules::Color side) {
  return rules::visible_squares(position, side) | position.pieces(side);
}

// The board as `side` sees it, in FEN: the men on its squares, and only its own castling rights.
std::string fog_fen(const rules::Position& position, rules::Color side) {
  return rules::seat_fen(position, side, sight_of(position, side));
}

// The names of the squares `side` sees, in the order of the board's squares.
json visible_json(const rules::Position& position, rules::Color side) {
  const rules::Geometry& geometry = position.variant().geometry;
  rules::Bitboard seen = sight_of(position, side);
  json names = json::array();
  while (seen) names.push_back(geometry.name(rules::pop_lsb(seen)));
  return names;
}

// Every position of the game, the start first.
template <typename Visit>
void each_position(const rules::Game& game, Visit visit) {
  auto position = game.start();
  visit(position);
  for (const auto& move : game.moves()) {
    position.play(move);
    visit(position);
  }
}

// What each of `sides` saw at every position, the start first: {"white": [[squares], ...]}.
json sight_json(const rules::Game& game, std::initializer_list<rules::Color> sides) {
  json sight = json::object();
  for (rules::Color side : sides) {
    json squares = json::array();
    each_position(game, [&](const rules::Position& position) { squares.push_back(visible_json(position, side)); });
    sight[color_name(side)] = std::move(squares);
  }
  return sight;
}

json sight_of_both(const rules::Game& game) { return sight_json(game, {rules::Color::White, rules::Color::Black}); }

class FogView final : public ViewPolicy {
 public:
  bool board_public(const match::Match& match) const override { return match.finished(); }

  void put_board(json& out, const match::Match& match, Viewer viewer) const override {
    const rules::Game& game = match.game();
    if (board_public(match)) {
      open_view().put_board(out, match, viewer);
      out["sight"] = sight_of_both(game);
      return;
    }
    out["legal"] = json::parse(legal_text(match, viewer));
    out["sans"] = json::array();  // a SAN is for the whole board; a player's own moves are in `moves`
    const auto seat = seat_of(viewer);
    if (!seat) {
      out["fen"] = nullptr;
      out["moves"] = json::array();
      out["positions"] = json::array();
      out["sight"] = json::object();
      return;
    }
    out["fen"] = fog_fen(game.position(), *seat);
    json moves = json::array(), positions = json::array();
    auto position = game.start();
    for (const auto& move : game.moves()) {
      if (position.side_to_move() == *seat) moves.push_back(position.uci(move));
      position.play(move);
      positions.push_back(fog_fen(position, *seat));
    }
    out["moves"] = std::move(moves);
    out["positions"] = std::move(positions);
    out["sight"] = sight_json(game, {*seat});
  }

  // Their moves on the real board: without check they are decided by their men and the squares
  // those see, so they tell them nothing their board does not show.
  std::string legal_text(const match::Match& match, Viewer viewer) const override {
    return real_legal_text(match, viewer);
  }

  // A move: its mover is told it, the other player their board after it, a spectator that it was
  // made; everyone the whole move once the game is over (a move that ends it).
  void put_act(JsonText& out, const Event& act, const match::Match& match, Viewer viewer) const override {
    const auto* moved = std::get_if<match::Moved>(&act);
    if (!moved) return;  // the fog referee judges moves only
    // A move that ends the game is told in full: its text is built before its `end` is applied.
    if (board_public(match) || match.game().outcome().over()) return open_view().put_act(out, act, match, viewer);
    const rules::Position& position = match.game().position();
    out.number("ply", moved->ply);
    const auto seat = seat_of(viewer);
    if (seat) {
      // Fog's sides take turns, one move each.
      const rules::Color first = match.game().start().side_to_move();
      if (*seat == (moved->ply % 2 == 0 ? first : ~first)) out.string("move", moved->move);
      out.string("fen", fog_fen(position, *seat));
      out.json("visible", visible_json(position, *seat));
    }
    out.string("turn", color_name(match.turn()));
    out.raw("legal", legal_text(match, viewer));
  }

  void put_taken_back(JsonText&, const match::Match&, Viewer) const override {}  // never: no takebacks

  // The whole game, now public, and what each side saw of it.
  void put_end(JsonText& out, const match::Match& match, Viewer) const override {
    const rules::Game& game = match.game();
    out.string("fen", game.position().fen());
    out.json("moves", moves_json(game));
    out.json("sans", game.sans());
    out.json("positions", real_positions_json(game));
    out.json("checks", real_checks_json(game));
    out.json("sight", sight_of_both(game));
  }

  bool heard_alike() const override { return false; }  // each side sees its own squares

  std::optional<UmpireComments> pgn_comments(const match::Match&) const override { return std::nullopt; }
};

}  // namespace

const ViewPolicy& fog_view() {
  static const FogView view;
  return view;
}

}  // namespace arbiter::protocol
