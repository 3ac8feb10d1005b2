#include "protocol/variants_json.h"

#include <cctype>
#include <vector>

#include <nlohmann/json.hpp>

#include "match/referee.h"
#include "protocol/piece_facts.h"
#include "protocol/views.h"
#include "rules/variant.h"

namespace arbiter::protocol {

namespace {

// [{"level": 1, "rating": R1}, ...], weakest first; a level not rated has no "rating".
nlohmann::json levels_json(const std::vector<int>& ratings) {
  nlohmann::json levels = nlohmann::json::array();
  for (int n = 1; n <= static_cast<int>(ratings.size()); ++n) {
    nlohmann::json level = {{"level", n}};
    if (ratings[n - 1]) level["rating"] = ratings[n - 1];
    levels.push_back(std::move(level));
  }
  return levels;
}

}  // namespace

nlohmann::json variants_json(const std::vector<int>& computer_levels) {
  using nlohmann::json;
  json variants = json::array();
  for (const rules::Variant* variant : rules::all_variants()) {
    json pieces = json::array();
    for (const auto& kind : variant->kinds) pieces.push_back(piece_facts(*variant, kind));
    json promotion = json::array();
    for (int kind : variant->promotion_choices)
      promotion.push_back(std::string(1, static_cast<char>(std::tolower(static_cast<unsigned char>(variant->kinds.at(kind).letter)))));
    const auto& geometry = variant->geometry;
    json entry{{"name", variant->name},
               {"title", variant->title},
               {"description", variant->description},
               {"start_fen", variant->start_fen},
               {"pieces", pieces},
               {"promotion", promotion},
               {"board", {{"type", geometry.wraps() ? "ring" : "rect"}, {"files", geometry.files()}, {"ranks", geometry.ranks()}}}};
    // What its games do, for a page to switch on instead of the variant's kind.
    const match::Capabilities can = match::capabilities_of(*variant);
    entry["board_hidden"] = can.board_hidden;
    entry["tries"] = can.tries;
    entry["any_question"] = can.any_question;
    entry["takebacks"] = can.takebacks;
    entry["premoves"] = can.premoves;
    entry["players_chat"] = can.players_chat;
    entry["spectators_sealed"] = can.seals_spectators;
    if (variant->two_moves_until_capture) entry["two_move_turns"] = true;
    if (!variant->level_ratings.empty()) entry["levels"] = levels_json(variant->level_ratings);
    variants.push_back(std::move(entry));
  }
  // For "level 5 (about 1600)" in a variant whose levels were not measured.
  return {{"variants", variants}, {"levels", levels_json(computer_levels)}};
}

}  // namespace arbiter::protocol
