#include "protocol/piece_facts.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/piece_diagram.h"

namespace arbiter::protocol {
namespace {

using nlohmann::json;
using rules::Leg;
using rules::Mode;
using rules::PieceKind;
using rules::Variant;

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

// One way a kind moves: its legs that differ only in direction (a, b: the step's long and short side).
struct Shape {
  Mode mode;
  bool leap;
  int a, b;
  rules::Hop hop;
  bool lame;
  int range;
  bool initial;
  auto operator<=>(const Shape&) const = default;
};

// "orthogonally", "diagonally", "in any direction" (both, `any`), or where a partial set points.
std::string unit_where(const Shape& shape, const std::set<std::pair<int, int>>& directions, bool any) {
  if (any) return "in any direction";
  if (directions.size() < 4) return direction_words(directions);
  return shape.b == 0 ? "orthogonally" : "diagonally";
}

// The part of a sentence one shape says: "any distance orthogonally", "up to 4 squares forward",
// "by jumping exactly one man (of either side) orthogonally, ...".
std::string shape_phrase(const Shape& s, const std::set<std::pair<int, int>>& directions, bool any) {
  const bool unit = s.a == 1 && s.b <= 1;
  const std::size_t all = (s.b == 0 || s.a == s.b) ? 4 : 8;
  const std::string which = directions.size() < all ? ", " + direction_words(directions) : "";
  const std::string leaps = std::to_string(s.a) + "+" + std::to_string(s.b) + " leaps";
  if (s.hop != rules::Hop::None) {
    const std::string line = unit ? unit_where(s, directions, any) : "along a line of " + leaps + which;
    if (s.hop == rules::Hop::Grasshopper)
      return "by jumping the nearest man (of either side) " + line + ", landing on the square just beyond it";
    const char* beyond = s.mode == Mode::CaptureOnly ? ", taking the next man beyond it, at any distance"
                         : s.mode == Mode::MoveOnly  ? ", to any empty square beyond it"
                                                     : ", to any square beyond it up to and including the next man";
    return "by jumping exactly one man (of either side) " + line + beyond;
  }
  if (s.lame) {
    if (s.b == 1) return "a knight's leap (2+1)" + which + ", not jumping: a man on the square next to it in the leap's "
                                                           "long direction blocks it";
    Shape step = s;  // said as its one-square step: two squares orthogonally or diagonally
    step.b = s.b ? 1 : 0;
    return "two squares " + unit_where(step, directions, false) +
           ", not jumping: a man on the square between blocks it";
  }
  if (s.range) {
    const std::string most = "up to " + std::to_string(s.range);
    return unit ? most + " squares " + unit_where(s, directions, any) : most + " " + leaps + " in a line" + which;
  }
  if (unit) return std::string(s.leap ? "one square " : "any distance ") + unit_where(s, directions, any);
  return shape_words(!s.leap, s.a, s.b) + which;
}

// ", only from its 2nd rank": where a first-move-only move (Betza i) may be made.
std::string initial_words(const Variant& variant, const PieceKind& kind) {
  std::string from;
  for (int rank : kind.double_step_ranks) from += (from.empty() ? "" : " or ") + ordinal(rank + 1) + " rank";
  return ", only from its " + (variant.geometry.wraps() ? std::string("starting cell") : from) +
         (kind.double_step_needs_unmoved ? " and if it has not moved yet" : "");
}

// How the legs move, one sentence per way of using them ("Moves and captures ..."). Directions
// are the man's own: forward is the way it goes.
std::string movement_words(const Variant& variant, const PieceKind& kind) {
  std::map<Shape, std::set<std::pair<int, int>>> shapes;  // slides first, then by step
  for (const Leg& leg : kind.legs) {
    const int a = std::max(std::abs(leg.df), std::abs(leg.dr)), b = std::min(std::abs(leg.df), std::abs(leg.dr));
    shapes[{leg.mode, !leg.slide, a, b, leg.hop, leg.lame, leg.range, leg.initial}].insert({leg.df, leg.dr});
  }
  std::map<Mode, std::vector<std::string>> phrases;
  for (const auto& [shape, directions] : shapes) {
    Shape straight = shape, diagonal = shape;
    straight.b = 0, diagonal.b = 1;
    const bool whole_king = shape.a == 1 && shapes.count(straight) && shapes.count(diagonal) &&
                            shapes[straight].size() == 4 && shapes[diagonal].size() == 4;
    if (whole_king && shape.b == 1) continue;  // said with the orthogonal steps
    phrases[shape.mode].push_back(shape_phrase(shape, directions, whole_king) +
                                  (shape.initial ? initial_words(variant, kind) : ""));
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

int kind_index(const Variant& variant, const PieceKind& kind) { return int(&kind - variant.kinds.data()); }

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
  if (const int turns = std::popcount(variant.tables().other_facings[kind_index(variant, kind)])) {
    add("It faces one of " + std::to_string(turns + 1) +
        " ways; it may end any move with a new facing, or turn where it stands as a move of its own.");
  }
  return out;
}

// The kind's id in a form fit for a page's attributes: "spearman (left)" -> "spearman-left".
std::string id_of(const PieceKind& kind) {
  std::string id;
  for (char c : kind.key()) {
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
  return kind.drawing.empty() ? "glyph-" + std::string(1, kind.letter) : kind.drawing;
}

json piece_facts(const Variant& variant, const PieceKind& kind) {
  json out{{"id", id_of(kind)},
           {"letter", std::string(1, kind.letter)},
           {"name", kind.name},
           {"drawing", drawing_of(kind)},
           {"royal", kind.royal},
           {"pawn", kind.pawn},
           {"text", movement_words(variant, kind) + special_words(variant, kind)},
           {"diagram", piece_diagram(kind)}};
  if (kind.pawn && variant.geometry.wraps()) out["direction"] = kind.forward > 0 ? "up" : "down";
  if (const std::uint16_t turns = variant.tables().other_facings[kind_index(variant, kind)]) {
    out["facing"] = facing_degrees(kind);
    json facings = json::array();
    for (unsigned k = turns; k; k &= k - 1) facings.push_back(std::string(1, variant.kinds[std::countr_zero(k)].letter));
    out["turns_to"] = facings;
  }
  return out;
}

}  // namespace arbiter::protocol
