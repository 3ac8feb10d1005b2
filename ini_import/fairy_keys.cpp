#include "ini_import/fairy_keys.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <vector>

namespace arbiter::ini_import {

namespace {

// Keys that change nothing our rules hold: how a GUI draws or an engine values the pieces, and
// options that act only on drops (which are refused).
const std::set<std::string> kIgnoredKeys{
    "variantTemplate", "pieceToCharTable", "pocketSize", "endgameEval", "pieceValueMg", "pieceValueEg",
    "dropChecks", "shogiDoubledPawn", "whiteDropRegion", "blackDropRegion", "dropRegionWhite", "dropRegionBlack",
    "mustDropType", "dropNoDoubled", "dropNoDoubledCount", "castlingDroppedPiece", "firstRankPawnDrops",
    "promotionZonePawnDrops", "dropLoop", "dropPromoted", "dropOppositeColoredBishop", "sittuyinRookDrop",
    "dropOnTop", "enclosingDropStart", "shogiPawnDropMateIllegal"};

// Keys this import reads into our model (their values are checked where they are read).
const std::set<std::string> kReadKeys{
    "maxRank", "maxFile", "startFen", "promotionRank", "promotionPieceTypes", "promotionLimit",
    "mandatoryPawnPromotion", "immobilityIllegal", "doubleStep", "doubleStepRank", "firstRankDoubleSteps",
    "castling", "castlingKingsideFile", "castlingQueensideFile", "castlingRank", "castlingRookPiece",
    "castlingRookPieces", "castlingKingPiece", "kingType", "checking", "nMoveRule", "nFoldRule", "nFoldValue",
    "stalemateValue", "checkmateValue", "extinctionValue", "extinctionClaim", "extinctionPieceTypes",
    "extinctionPieceCount", "extinctionOpponentPieceCount", "doubleStepRegionWhite", "doubleStepRegionBlack",
    "promotionRegionWhite", "promotionRegionBlack", "pawnTypes", "promotionPawnTypes", "enPassantTypes", "nMoveRuleTypes"};

// Rules our model has no place for: the key, the values that mean "not used", and the rule named.
struct Unsupported {
  std::string_view key;
  std::vector<std::string_view> harmless;
  std::string_view rule;
};
const std::vector<Unsupported> kUnsupported{
    {"chess960", {"false"}, "Chess960 castling is not supported"},
    {"twoBoards", {"false"}, "two boards (bughouse) are not supported"},
    {"pieceDrops", {"false"}, "drops are not supported"},
    {"mustDrop", {"false"}, "drops are not supported"},
    {"capturesToHand", {"false"}, "captured men going to a hand are not supported"},
    {"mustCapture", {"false"}, "compulsory captures are not supported"},
    {"gating", {"false"}, "gating is not supported"},
    {"seirawanGating", {"false"}, "gating is not supported"},
    {"cambodianMoves", {"false"}, "Cambodian first moves are not supported"},
    {"kingPass", {"false"}, "passing is not supported"},
    {"kingPassOnStalemate", {"false"}, "passing is not supported"},
    {"pass", {"false"}, "passing is not supported"},
    {"passOnStalemate", {"false"}, "passing is not supported"},
    {"makpongRule", {"false"}, "the makpong rule (no king moves out of check) is not supported"},
    {"flyingGeneral", {"false"}, "the flying general is not supported"},
    {"perpetualCheckIllegal", {"false"}, "a ban on perpetual check is not supported"},
    {"moveRepetitionIllegal", {"false"}, "a ban on repeated moves is not supported"},
    {"shatarMateRule", {"false"}, "shatar's mating rules are not supported"},
    {"bikjangRule", {"false"}, "bikjang (facing kings) is not supported"},
    {"checkCounting", {"false"}, "winning by a count of checks is not supported"},
    {"sittuyinPromotion", {"false"}, "Sittuyin's promotion is not supported"},
    {"promotedPieceType", {"", "-"}, "promotion of men other than pawns is not supported"},
    {"piecePromotionOnCapture", {"false"}, "promotion of men other than pawns is not supported"},
    {"mandatoryPiecePromotion", {"false"}, "promotion of men other than pawns is not supported"},
    {"pieceDemotion", {"false"}, "demotion is not supported"},
    {"nFoldValueAbsolute", {"false"}, "a repetition result other than a draw is not supported"},
    {"extinctionPseudoRoyal", {"false"}, "pseudo-royal men are not supported"},
    {"dupleCheck", {"false"}, "pseudo-royal men are not supported"},
    {"blastOnCapture", {"false"}, "explosions (atomic) are not supported"},
    {"connectN", {"0"}, "winning by connecting men is not supported"},
    {"connectNxN", {"0"}, "winning by connecting men is not supported"},
    {"collinearN", {"0"}, "winning by connecting men is not supported"},
    {"materialCounting", {"none"}, "adjudication by counting material is not supported"},
    {"countingRule", {"none"}, "counting rules (makruk, ASEAN) are not supported"},
    {"chasingRule", {"none"}, "chasing rules are not supported"},
    {"flagPiece", {"-", "*", ""}, "capture-the-flag wins are not supported"},
    {"flagPieceWhite", {"-", "*", ""}, "capture-the-flag wins are not supported"},
    {"flagPieceBlack", {"-", "*", ""}, "capture-the-flag wins are not supported"},
    {"whiteFlag", {""}, "capture-the-flag wins are not supported"},
    {"blackFlag", {""}, "capture-the-flag wins are not supported"},
    {"flagRegion", {""}, "capture-the-flag wins are not supported"},
    {"flagRegionWhite", {""}, "capture-the-flag wins are not supported"},
    {"flagRegionBlack", {""}, "capture-the-flag wins are not supported"},
    {"flagMove", {"false"}, "capture-the-flag wins are not supported"},
    {"diagonalLines", {""}, "Janggi's palace diagonals are not supported"},
    {"soldierPromotionRank", {"1"}, "soldiers that change their moves are not supported"},
    {"stalematePieceCount", {"false"}, "a stalemate decided by counting men is not supported"},
    {"wallingRule", {"none"}, "walls are not supported"},
    {"wallOrMove", {"false"}, "walls are not supported"},
    {"enclosingDrop", {"none"}, "drops are not supported"},
    {"flipEnclosedPieces", {"none"}, "men changing colour are not supported"},
    {"castlingWins", {"", "-"}, "castling as a win condition is not supported"},
    {"oppositeCastling", {"false"}, "castling restricted by the opponent's castling is not supported"},
    {"adjudicateFullBoard", {"false"}, "adjudication by counting material is not supported"},
};

}  // namespace

std::optional<std::string> key_refusal(const std::string& key, const std::string& value) {
  if (kIgnoredKeys.count(key) || kReadKeys.count(key)) return std::nullopt;
  if (key.rfind("mobilityRegion", 0) == 0) {
    if (!value.empty()) return "men confined to a region of the board are not supported";
    return std::nullopt;
  }
  for (const Unsupported& u : kUnsupported)
    if (u.key == key) {
      if (std::find(u.harmless.begin(), u.harmless.end(), value) == u.harmless.end()) return std::string(u.rule);
      return std::nullopt;
    }
  return "not a Fairy-Stockfish option this import converts";
}

}  // namespace arbiter::ini_import
