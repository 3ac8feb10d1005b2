#include "protocol/piece_facts.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace arbiter::protocol {
namespace {

using nlohmann::json;
using rules::Leg;
using rules::Mode;
using rules::PieceKind;
using rules::Variant;

// The small board a kind's moves are drawn on, and the square it stands on (its middle).
constexpr int kDiagramSize = 7;
constexpr int kDiagramCentre = 3;

std::string square_name(int file, int rank) { return std::string(1, char('a' + file)) + std::to_string(rank + 1); }

// A leg on the diagram, where up is White's forward: the ring's pawns that move down point down.
std::pair<int, int> seen(const PieceKind& kind, const Leg& leg) { return {leg.df, leg.dr * kind.forward}; }

json diagram(const PieceKind& kind) {
  std::set<std::string> moves, captures;
  for (const Leg& leg : kind.legs) {
    const auto [df, dr] = seen(kind, leg);
    for (int file = kDiagramCentre + df, rank = kDiagramCentre + dr;
         file >= 0 && rank >= 0 && file < kDiagramSize && rank < kDiagramSize; file += df, rank += dr) {
      if (leg.mode != Mode::CaptureOnly) moves.insert(square_name(file, rank));
      if (leg.mode != Mode::MoveOnly) captures.insert(square_name(file, rank));
      if (!leg.slide) break;
    }
  }
  return {{"files", kDiagramSize},
          {"ranks", kDiagramSize},
          {"from", square_name(kDiagramCentre, kDiagramCentre)},
          {"moves_to", moves},
          {"captures_to", captures}};
}

// "one square orthogonally", "any distance diagonally", "a knight's leap (2+1)".
std::string shape_words(bool slide, int a, int b) {
  if (slide) {
    if (a == 1 && b == 0) return "any distance orthogonally";
    if (a == 1 && b == 1) return "any distance diagonally";
    return "any number of " + std::to_string(a) + "+" + std::to_string(b) + " leaps in a line";
  }
  if (a == 1 && b == 0) return "one square orthogonally";
  if (a == 1 && b == 1) return "one square diagonally";
  if (a == 2 && b == 0) return "two squares orthogonally, jumping";
  if (a == 2 && b == 2) return "two squares diagonally, jumping";
  if (a == 2 && b == 1) return "a knight's leap (2+1), jumping";
  return "a " + std::to_string(a) + "+" + std::to_string(b) + " leap, jumping";
}

// Where a partial set of one shape's directions points: "forward", "diagonally forward",
// "forward-left", "backward".
std::string direction_words(const std::set<std::pair<int, int>>& directions) {
  std::vector<std::string> words;
  std::set<std::pair<int, int>> done;
  for (const auto& [df, dr] : directions) {
    if (done.count({df, dr})) continue;
    const std::string along = dr > 0 ? "forward" : dr < 0 ? "backward" : "sideways";
    if (df != 0 && dr != 0 && directions.count({-df, dr})) {  // both sides: no left or right
      done.insert({-df, dr});
      words.push_back(std::abs(df) == std::abs(dr) ? "diagonally " + along : along);
    } else if (df != 0 && dr != 0) {
      words.push_back(along + (df < 0 ? "-left" : "-right"));
    } else {
      words.push_back(along);
    }
    done.insert({df, dr});
  }
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return out;
}

std::string ordinal(int n) {
  const int last = n % 10, tens = n % 100;
  const char* suffix = (tens >= 11 && tens <= 13) ? "th" : last == 1 ? "st" : last == 2 ? "nd" : last == 3 ? "rd" : "th";
  return std::to_string(n) + suffix;
}

// How the legs move, one sentence per way of using them ("Moves and captures ..."). Directions
// are the man's own: forward is the way it goes.
std::string movement_words(const PieceKind& kind) {
  // (mode, leap, long side, short side) -> the directions of that shape; slides come first.
  std::map<std::tuple<Mode, bool, int, int>, std::set<std::pair<int, int>>> shapes;
  for (const Leg& leg : kind.legs) {
    const int a = std::max(std::abs(leg.df), std::abs(leg.dr)), b = std::min(std::abs(leg.df), std::abs(leg.dr));
    shapes[{leg.mode, !leg.slide, a, b}].insert({leg.df, leg.dr});
  }
  std::map<Mode, std::vector<std::string>> phrases;
  for (const auto& [shape, directions] : shapes) {
    const auto& [mode, leap, a, b] = shape;
    const std::size_t all = (b == 0 || a == b) ? 4 : 8;
    if (a == 1 && b == 1 && directions.size() == all) {
      const auto straight = shapes.find({mode, leap, 1, 0});
      if (straight != shapes.end() && straight->second.size() == 4) {  // said with the orthogonal steps
        phrases[mode].back() = leap ? "one square in any direction" : "any distance in any direction";
        continue;
      }
    }
    std::string phrase = shape_words(!leap, a, b);
    if (directions.size() < all) {
      // "one square orthogonally" with only the forward step reads "one square forward".
      const bool plain = (a == 1 && b <= 1);
      phrase = plain ? std::string(leap ? "one square " : "any distance ") + direction_words(directions)
                     : phrase + ", " + direction_words(directions);
    }
    phrases[mode].push_back(phrase);
  }
  std::string out;
  auto sentence = [&](Mode mode, const char* verb) {
    if (!phrases.count(mode)) return;
    std::string joined;
    for (std::size_t i = 0; i < phrases[mode].size(); ++i) joined += (i ? ", or " : "") + phrases[mode][i];
    if (!out.empty()) out += ' ';
    out += verb;
    out += ' ';
    out += joined;
    out += '.';
  };
  sentence(Mode::Both, "Moves and captures");
  sentence(Mode::MoveOnly, "Moves without capturing");
  sentence(Mode::CaptureOnly, "Captures");
  return out;
}

// The rules of this kind beyond its legs, in words.
std::string special_words(const Variant& variant, const PieceKind& kind) {
  const bool ring = variant.geometry.wraps();
  std::string out;
  auto add = [&](const std::string& sentence) { out += " " + sentence; };
  if (kind.royal) {
    add(variant.legality == rules::Legality::KingCapture ? "A king left in check may be captured, which loses the game."
                                                         : "It may never be left in check.");
    if (!variant.castling[0].empty()) add("It castles with a rook.");
  }
  if (ring && kind.pawn) add(kind.forward > 0 ? "It moves up the cells (to higher numbers)." : "It moves down the cells (to lower numbers).");
  if (kind.double_step) {
    std::string from;
    for (int rank : kind.double_step_ranks) from += (from.empty() ? "" : " or ") + ordinal(rank + 1) + " rank";
    add("From its " + (ring ? std::string("starting cell") : from) + " it may step two squares forward" +
        (kind.double_step_needs_unmoved ? " if it has not moved yet." : "."));
  }
  if (kind.en_passant) add("It captures a pawn that has just stepped two squares past it en passant.");
  if (kind.promotion_rank >= 0) {
    if (ring) {
      add("It promotes on reaching the far side of the ring.");
    } else if (kind.optional_promotion_rank >= 0) {
      add("It may promote from the " + ordinal(kind.optional_promotion_rank + 1) + " rank and must on the " +
          ordinal(kind.promotion_rank + 1) + ".");
    } else {
      add("It promotes on the " + ordinal(kind.promotion_rank + 1) + " rank.");
    }
  } else if (kind.pawn && ring) {
    add("It never promotes and goes on round the ring.");
  }
  if (kind.pawn && variant.meeting_pawns_removed) add("Two pawns of one side that meet head-on both leave the board.");
  if (!kind.facings.empty()) {
    add("It faces one of " + std::to_string(kind.facings.size()) +
        " ways; it may end any move with a new facing, or turn where it stands as a move of its own.");
  }
  return out;
}

// A stable id from the kind's name: "spearman (left)" -> "spearman-left".
std::string id_of(const PieceKind& kind) {
  std::string id;
  for (char c : kind.name) {
    if (std::isalnum(static_cast<unsigned char>(c))) id += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!id.empty() && id.back() != '-') id += '-';
  }
  while (!id.empty() && id.back() == '-') id.pop_back();
  return id;
}

// The angle (degrees, clockwise from forward) along which a turning man (the spearman) faces:
// the line of its first leg.
int facing_degrees(const PieceKind& kind) {
  const Leg& leg = kind.legs.front();
  return static_cast<int>(std::lround(std::atan2(leg.df, leg.dr) * 180.0 / 3.141592653589793));
}

}  // namespace

std::string drawing_of(const PieceKind& kind) {
  static const std::map<std::string, std::string> drawings{
      {"king", "king"},           {"queen", "queen"},
      {"rook", "rook"},           {"bishop", "bishop"},
      {"knight", "knight"},       {"pawn", "pawn"},
      {"archbishop", "archbishop"}, {"chancellor", "chancellor"},
      {"camel", "camel"},         {"lion", "lion"},
      {"steward", "steward"},     {"spearman (file)", "spearman"},
      {"spearman (left)", "spearman"}, {"spearman (right)", "spearman"},
      {"counsellor", "counsellor"}, {"elephant", "elephant"},
      {"pawn moving up", "pawn-up"}, {"pawn moving down", "pawn-down"},
  };
  const auto found = drawings.find(kind.name);
  return found == drawings.end() ? std::string() : found->second;
}

json piece_facts(const Variant& variant, const PieceKind& kind) {
  json out{{"id", id_of(kind)},
           {"letter", std::string(1, kind.letter)},
           {"name", kind.name},
           {"drawing", drawing_of(kind)},
           {"royal", kind.royal},
           {"pawn", kind.pawn},
           {"text", movement_words(kind) + special_words(variant, kind)},
           {"diagram", diagram(kind)}};
  if (kind.pawn && variant.geometry.wraps()) out["direction"] = kind.forward > 0 ? "up" : "down";
  if (!kind.facings.empty()) {
    out["facing"] = facing_degrees(kind);
    json facings = json::array();
    for (int other : kind.facings)
      if (variant.kinds[other].letter != kind.letter) facings.push_back(std::string(1, variant.kinds[other].letter));
    out["turns_to"] = facings;
  }
  return out;
}

}  // namespace arbiter::protocol
