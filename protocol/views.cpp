#include "protocol/views.h"

#include <nlohmann/json.hpp>

#include "protocol/umpire_views.h"

namespace arbiter::protocol {
namespace {

using nlohmann::json;

// Everything about the real game: the case for all variants but a live hidden one.
bool sees_board(const GameSnapshot& game, Viewer /*viewer*/) {
  return !is_hidden(game.variant()) || game.finished();
}

json clock_json(const std::optional<ClockView>& clock) {
  if (!clock) return nullptr;
  return {{"initial_ms", clock->initial_ms},
          {"increment_ms", clock->increment_ms},
          {"white", clock->remaining.white_ms},
          {"black", clock->remaining.black_ms},
          {"running", clock->running ? json(color_name(*clock->running)) : json(nullptr)}};
}

json nullable(std::string_view text) { return text.empty() ? json(nullptr) : json(text); }

bool to_move(const GameSnapshot& game, Viewer viewer) {
  return game.status == "playing" && viewer != Viewer::Spectator &&
         viewer == viewer_of(game.game->position().side_to_move());
}

// The seat of a player (not a spectator).
rules::Color seat_of(Viewer viewer) { return viewer == Viewer::White ? rules::Color::White : rules::Color::Black; }

json legal_for(const GameSnapshot& game, Viewer viewer) {
  json legal = json::array();
  if (!to_move(game, viewer)) return legal;
  if (!sees_board(game, viewer)) {  // hidden: the tries possible on the player's own board
    if (game.umpire)
      for (const auto& uci : game.umpire->possible_moves(seat_of(viewer))) legal.push_back(uci);
    return legal;
  }
  const auto& position = game.game->position();
  for (const auto& move : position.legal_moves()) legal.push_back(position.uci(move));
  return legal;
}

json moves_json(const GameSnapshot& game) {
  json moves = json::array();
  const auto& start = game.game->start();
  auto position = start;
  for (const auto& move : game.game->moves()) {
    moves.push_back(position.uci(move));
    position.play(move);
  }
  return moves;
}

// What a replay needs: the position (FEN) after each move, as this viewer may see it. Everyone
// sees the real ones, except in a live hidden game: a player their own men after each move (their
// board changes with their own moves and the captures of their men, both of which they heard);
// a spectator none.
json positions_json(const GameSnapshot& game, Viewer viewer) {
  json positions = json::array();
  if (sees_board(game, viewer)) {
    auto position = game.game->start();
    for (const auto& move : game.game->moves()) {
      position.play(move);
      positions.push_back(position.fen());
    }
    return positions;
  }
  if (viewer == Viewer::Spectator || !game.umpire) return positions;
  auto position = game.game->start();
  for (const auto& move : game.game->moves()) {
    position.play(move);
    positions.push_back(rules::own_fen(position, seat_of(viewer)));
  }
  return positions;
}

// Two-move turns (Centennial): the sides that still move twice a turn.
json double_moves_json(const GameSnapshot& game) {
  json sides = json::array();
  for (auto color : {rules::Color::White, rules::Color::Black})
    if (game.game->position().has_double_move(color)) sides.push_back(color_name(color));
  return sides;
}

// The fields shared by `state` and the HTTP resource.
json game_fields(const GameSnapshot& game, Viewer viewer) {
  json out{{"id", game.id},
           {"variant", game.variant().name},
           {"status", game.status},
           {"result", game.result},
           {"reason", nullable(game.reason)},
           {"you", viewer_name(viewer)},
           {"start_fen", game.game->start().fen()},
           {"clock", clock_json(game.clock)},
           {"draw_offer", game.draw_offer ? json(color_name(*game.draw_offer)) : json(nullptr)},
           {"local", game.local}};
  if (sees_board(game, viewer)) {
    out["fen"] = game.game->position().fen();
    out["moves"] = moves_json(game);
    out["sans"] = game.game->sans();
  } else {
    // hidden: a player's own men and own moves; a spectator neither.
    const bool player = viewer != Viewer::Spectator && game.umpire;
    out["fen"] = player ? json(game.umpire->own_fen(seat_of(viewer))) : json(nullptr);
    out["moves"] = player ? own_moves(*game.umpire, viewer) : json::array();
    out["sans"] = json::array();
  }
  // Public even in a hidden game: the umpire announces every move.
  out["ply"] = game.game->moves().size();
  out["turn"] = color_name(game.game->position().side_to_move());
  out["legal"] = legal_for(game, viewer);
  out["positions"] = positions_json(game, viewer);
  if (game.variant().two_moves_until_capture) out["double_moves"] = double_moves_json(game);
  // hidden: everything the umpire said as this viewer heard it; every try once the game is over.
  if (game.umpire) out["umpire"] = umpire_history(*game.umpire, viewer, game.finished());
  return out;
}

}  // namespace

std::string_view viewer_name(Viewer viewer) {
  switch (viewer) {
    case Viewer::White: return "white";
    case Viewer::Black: return "black";
    case Viewer::Spectator: return "spectator";
  }
  return "spectator";
}

Viewer viewer_of(rules::Color seat) { return seat == rules::Color::White ? Viewer::White : Viewer::Black; }

bool is_hidden(const rules::Variant& variant) { return variant.hidden; }

json state_message(const GameSnapshot& game, Viewer viewer) {
  json out = game_fields(game, viewer);
  out["t"] = "state";
  out["v"] = game.v;
  return out;
}

json event_message(const Event& event, const GameSnapshot& game, Viewer viewer) {
  json out{{"t", type_name(event.type)}, {"v", game.v}};
  switch (event.type) {
    case Event::Type::Joined:
      out["color"] = color_name(event.color);
      out["status"] = game.status;
      out["legal"] = legal_for(game, viewer);
      break;
    case Event::Type::Move:
      out["ply"] = event.ply;
      if (!sees_board(game, viewer)) break;  // hidden: Kriegspiel announces through umpire messages
      out["move"] = event.move;
      out["san"] = game.game->sans().at(static_cast<std::size_t>(event.ply));
      out["fen"] = game.game->position().fen();
      out["turn"] = color_name(game.game->position().side_to_move());
      out["legal"] = legal_for(game, viewer);
      if (game.variant().two_moves_until_capture) out["double_moves"] = double_moves_json(game);
      break;
    case Event::Type::DrawOffer:
      out["by"] = color_name(event.color);
      break;
    case Event::Type::End:
      out["result"] = event.result;
      out["reason"] = event.reason;
      if (is_hidden(game.variant())) out["moves"] = moves_json(game);  // the whole game, now public
      if (game.umpire) out["tries"] = umpire_history(*game.umpire, viewer, true);
      break;
    case Event::Type::Umpire:
      // The room applies each act before announcing it, so it is the umpire's latest.
      if (game.umpire) out.update(umpire_event_fields(*game.umpire, viewer));
      if (to_move(game, viewer)) out["legal"] = legal_for(game, viewer);
      break;
  }
  out["clock"] = clock_json(game.clock);
  return out;
}

json game_resource(const GameSnapshot& game, Viewer viewer) {
  json out = game_fields(game, viewer);
  out["v"] = game.v;
  out["created_at"] = game.created_at_ms;
  out["ended_at"] = game.ended_at_ms ? json(*game.ended_at_ms) : json(nullptr);
  return out;
}

bool pgn_public(const GameSnapshot& game) { return !is_hidden(game.variant()) || game.finished(); }

}  // namespace arbiter::protocol
