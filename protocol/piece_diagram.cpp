#include "protocol/piece_diagram.h"

#include <set>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

namespace arbiter::protocol {
namespace {

using rules::Bitboard;
using rules::Color;
using rules::Hop;
using rules::Leg;
using rules::Square;

constexpr int kDiagramSize = 7;
constexpr int kDiagramCentre = 3;

// A variant of one kind (White's man) on the small board, its tables built by the rules. Only
// the kind's moves matter: no promotion, no facings, no castling.
rules::Variant small_board_of(const rules::PieceKind& kind) {
  rules::Variant small;
  small.name = "diagram";
  small.geometry = rules::Geometry(kDiagramSize, kDiagramSize, false);
  rules::PieceKind alone = kind;
  alone.facings.clear();
  alone.promotion_rank = alone.optional_promotion_rank = -1;
  small.kinds = {alone};
  small.finish();
  return small;
}

// The lines the kind hops along, as seen on the diagram (up is the man's own forward).
std::set<std::pair<int, int>> hop_lines(const rules::PieceKind& kind) {
  std::set<std::pair<int, int>> lines;
  for (const Leg& leg : kind.legs)
    if (leg.hop != Hop::None) lines.insert({leg.df, leg.dr * kind.forward});
  return lines;
}

// A man to hop over next to the kind on each line it hops along; of two opposite lines only the
// forward (or right) one when the kind has moves that do not hop, so that those show unblocked
// on the other side.
Bitboard screens_of(const rules::PieceKind& kind, const rules::Geometry& g, Square from) {
  const auto lines = hop_lines(kind);
  bool other_moves = false;
  for (const Leg& leg : kind.legs) other_moves |= leg.hop == Hop::None;
  Bitboard screens = 0;
  for (const auto& [df, dr] : lines) {
    const bool forward = dr > 0 || (dr == 0 && df > 0);
    if (other_moves && !forward && lines.count({-df, -dr})) continue;
    if (const Square at = g.offset(from, df, dr); at != rules::kNoSquare) screens |= rules::bit(at);
  }
  return screens;
}

// The squares White's man of kind 0 on `from` reaches on a board of `occupied`, by the rules'
// tables and walks: empty squares when quiet, occupied ones when capturing.
Bitboard reach(const rules::Variant& v, Square from, Bitboard occupied, bool captures) {
  const auto& t = v.tables();
  const int white = rules::index(Color::White);
  Bitboard out = captures ? t.capture_leaps[white][0][from] : t.quiet_leaps[white][0][from];
  const std::uint8_t slides = captures ? t.capture_slides[white][0] : t.quiet_slides[white][0];
  for (int d = 0; d < 8; ++d)
    if (slides & (1u << d)) out |= v.geometry.slide_targets(d, from, occupied);
  out |= v.special_targets(Color::White, 0, from, occupied, captures, true);
  return out & (captures ? occupied : ~occupied);
}

}  // namespace

nlohmann::json piece_diagram(const rules::PieceKind& kind) {
  const rules::Variant v = small_board_of(kind);
  const rules::Geometry& g = v.geometry;
  const Square from = g.square(kDiagramCentre, kDiagramCentre);
  const Bitboard screens = screens_of(kind, g, from);
  std::set<std::string> moves, captures, screen_names;
  const Bitboard quiet = reach(v, from, screens | rules::bit(from), false);
  for (Square s = 0; s < g.size(); ++s) {
    const Bitboard here = rules::bit(s);
    if (screens & here) screen_names.insert(g.name(s));
    if (s == from || (screens & here)) continue;
    if (quiet & here) moves.insert(g.name(s));
    // Captures one square at a time: an enemy man there and nowhere else but the screens.
    if (reach(v, from, screens | here | rules::bit(from), true) & here) captures.insert(g.name(s));
  }
  nlohmann::json out{{"files", kDiagramSize},
                     {"ranks", kDiagramSize},
                     {"from", g.name(from)},
                     {"moves_to", moves},
                     {"captures_to", captures}};
  if (!screen_names.empty()) out["screens"] = screen_names;
  return out;
}

}  // namespace arbiter::protocol
