#include "ini_import/fairy_pieces.h"

#include <algorithm>
#include <cctype>
#include <utility>
#include <variant>

#include "rules/betza.h"

namespace arbiter::ini_import {

using rules::BetzaMoves;
using rules::BetzaResult;
using rules::Leg;
using rules::parse_betza;

namespace {

// Fairy-Stockfish's named piece types and how they move (its Betza); the pawn's moves are its
// variant's pawn rules.
constexpr std::pair<std::string_view, std::string_view> kNamedPieces[] = {
    {"pawn", ""},           {"knight", "N"},         {"bishop", "B"},          {"rook", "R"},
    {"queen", "Q"},         {"fers", "F"},           {"alfil", "A"},           {"fersAlfil", "FA"},
    {"silver", "FfW"},      {"aiwok", "RNF"},        {"bers", "RF"},           {"archbishop", "BN"},
    {"chancellor", "RN"},   {"amazon", "QN"},        {"knibis", "mNcB"},       {"biskni", "mBcN"},
    {"kniroo", "mNcR"},     {"rookni", "mRcN"},      {"shogiPawn", "fW"},      {"lance", "fR"},
    {"shogiKnight", "fN"},  {"euroshogiKnight", "fNsW"}, {"gold", "WfF"},      {"dragonHorse", "BW"},
    {"clobber", "cW"},      {"breakthrough", "fmWfF"}, {"immobile", ""},       {"cannon", "mRcpR"},
    {"janggiCannon", "pR"}, {"soldier", "fsW"},      {"horse", "nN"},          {"elephant", "nA"},
    {"janggiElephant", "nZ"}, {"banner", "RcpRnN"},  {"wazir", "W"},           {"commoner", "K"},
    {"centaur", "KN"},      {"king", "K"},
};

}  // namespace

std::optional<std::string_view> named_betza(std::string_view type) {
  for (const auto& [name, betza] : kNamedPieces)
    if (name == type) return betza;
  return std::nullopt;
}

bool custom_piece_key(const std::string& key) {
  if (key.rfind("customPiece", 0) != 0 || key.size() < 12 || key.size() > 13) return false;
  const std::string number = key.substr(11);
  if (!std::all_of(number.begin(), number.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return false;
  const int n = std::stoi(number);
  return n >= 1 && n <= 25 && number[0] != '0';
}

bool piece_key(const std::string& key) { return named_betza(key) || custom_piece_key(key); }

bool colour_bound(const std::string& betza) {
  const BetzaResult parsed = parse_betza(betza);
  const auto* moves = std::get_if<BetzaMoves>(&parsed);
  return moves && !moves->legs.empty() && !moves->double_step &&
         std::all_of(moves->legs.begin(), moves->legs.end(), [](const Leg& l) { return (l.df + l.dr) % 2 == 0; });
}

bool first_moves(const std::string& betza) {
  const BetzaResult parsed = parse_betza(betza);
  const auto* moves = std::get_if<BetzaMoves>(&parsed);
  return moves && (moves->double_step ||
                   std::any_of(moves->legs.begin(), moves->legs.end(), [](const Leg& l) { return l.initial; }));
}

}  // namespace arbiter::ini_import
