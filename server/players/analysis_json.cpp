#include "server/players/analysis_json.h"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace arbiter {
namespace {

using nlohmann::json;

// Enough of the engine's line to read at a glance.
constexpr std::size_t kLineMoves = 10;

json eval_json(const engine::Evaluation& eval) {
  if (eval.mate) return {{"mate", *eval.mate}};
  return {{"cp", eval.cp.value_or(0)}};
}

// The line in SAN as far as each move is legal where it stands (a line read from the
// transposition table can end in a move of another position).
std::pair<std::vector<std::string>, std::vector<std::string>> line_notation(rules::Position position,
                                                                           const std::vector<rules::Move>& line) {
  std::vector<std::string> sans, ucis;
  for (const auto& move : line) {
    if (sans.size() == kLineMoves) break;
    const auto legal = position.legal_moves();
    if (std::find(legal.begin(), legal.end(), move) == legal.end()) break;
    sans.push_back(position.san(move, legal));
    ucis.push_back(position.uci(move));
    position.play(move);
  }
  return {sans, ucis};
}

std::string_view judgement_name(engine::Judgement judgement) {
  switch (judgement) {
    case engine::Judgement::Inaccuracy: return "inaccuracy";
    case engine::Judgement::Mistake: return "mistake";
    case engine::Judgement::Blunder: return "blunder";
    case engine::Judgement::None: break;
  }
  return "";
}

std::string_view judgement_mark(engine::Judgement judgement) {
  switch (judgement) {
    case engine::Judgement::Inaccuracy: return "?!";
    case engine::Judgement::Mistake: return "?";
    case engine::Judgement::Blunder: return "??";
    case engine::Judgement::None: break;
  }
  return "";
}

}  // namespace

json analysis_json(const rules::Game& game, const std::vector<engine::PlyAnalysis>& plies, std::int64_t movetime_ms) {
  json positions = json::array();
  json summary;
  for (const char* side : {"white", "black"}) summary[side] = {{"inaccuracy", 0}, {"mistake", 0}, {"blunder", 0}};
  rules::Position position = game.start();
  for (std::size_t ply = 0; ply < plies.size(); ++ply) {
    const auto& here = plies[ply];
    json entry{{"ply", ply}};
    if (ply > 0) {
      entry["san"] = game.sans().at(ply - 1);
      entry["uci"] = position.uci(game.moves().at(ply - 1));
      const char* mover = position.side_to_move() == rules::Color::White ? "white" : "black";
      position.play(game.moves().at(ply - 1));
      if (here.judgement != engine::Judgement::None) summary[mover][std::string(judgement_name(here.judgement))] =
          summary[mover][std::string(judgement_name(here.judgement))].get<int>() + 1;
    }
    entry["eval"] = eval_json(here.eval);
    entry["chances"] = std::round(here.eval.chances * 10000) / 10000;
    auto [sans, ucis] = line_notation(position, here.line);
    entry["best"] = sans.empty() ? json(nullptr) : json(sans.front());
    entry["best_uci"] = ucis.empty() ? json(nullptr) : json(ucis.front());
    entry["line"] = sans;
    entry["judgement"] = here.judgement == engine::Judgement::None ? json(nullptr) : json(judgement_name(here.judgement));
    entry["mark"] = here.judgement == engine::Judgement::None ? json(nullptr) : json(judgement_mark(here.judgement));
    positions.push_back(std::move(entry));
  }
  return {{"movetime_ms", movetime_ms},
          {"plies", plies.empty() ? 0 : plies.size() - 1},
          {"positions", std::move(positions)},
          {"summary", std::move(summary)}};
}

}  // namespace arbiter
