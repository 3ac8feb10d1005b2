#include "protocol/board_json.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "protocol/json_text.h"
#include "protocol/names.h"

namespace arbiter::protocol {

using nlohmann::json;

bool to_move(const match::Match& match, match::Viewer viewer) {
  return match.status() == match::Status::Playing && viewer == match::viewer_of(match.turn());
}

json moves_json(const rules::Game& game) {
  json moves = json::array();
  auto position = game.start();
  for (const auto& move : game.moves()) {
    moves.push_back(position.uci(move));
    position.play(move);
  }
  return moves;
}

json double_moves_json(const rules::Game& game) {
  json sides = json::array();
  for (auto color : {rules::Color::White, rules::Color::Black})
    if (game.position().has_double_move(color)) sides.push_back(color_name(color));
  return sides;
}

// Written straight to text: the longest field of a move's event, sent to the player to move on
// every move.
std::string real_legal_text(const match::Match& match, match::Viewer viewer) {
  if (!to_move(match, viewer)) return "[]";
  const auto& position = match.game().position();
  const auto& legal = match.game().legal_moves();
  // Written through a pointer into room for the longest spellings, then cut to size: one
  // allocation, and no bounds check per character.
  std::string out(2 + legal.size() * (rules::Position::kMaxUciSize + 3), '\0');
  char* at = out.data();
  *at++ = '[';
  for (const auto& move : legal) {
    if (at != out.data() + 1) *at++ = ',';
    *at++ = '"';
    at = position.write_uci(at, move);
    *at++ = '"';
  }
  *at++ = ']';
  out.resize(static_cast<std::size_t>(at - out.data()));
  // A move is spelled in letters and digits, which dump writes as they are, but on a board wide
  // enough for a file's letter past '~': then each as dump writes it.
  if (std::all_of(out.begin(), out.end(), [](char c) { return c >= 0x20 && c < 0x7f && c != '\\'; })) return out;
  std::vector<std::string> spelled;
  for (const auto& move : legal) spelled.push_back(position.uci(move));
  return json_string_array(spelled);
}

json real_positions_json(const rules::Game& game) {
  json positions = json::array();
  auto position = game.start();
  for (const auto& move : game.moves()) {
    position.play(move);
    positions.push_back(position.fen());
  }
  return positions;
}

json real_checks_json(const rules::Game& game) {
  json checks = json::array();
  auto position = game.start();
  for (const auto& move : game.moves()) {
    position.play(move);
    checks.push_back(position.in_check());
  }
  return checks;
}

}  // namespace arbiter::protocol
