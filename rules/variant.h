#pragma once
// A variant is data: a geometry, piece kinds described by how they move, a setup, pawn,
// promotion, castling and draw rules. Per-square move tables are built once from that data
// when the variant is registered, and the one move generator reads only those tables. The
// built-in variants are written in a variants file (rules/variants/builtin.toml, rules/VARIANTS.md);
// nothing here knows a kind by its letter or name: the roles the rules need are fields of a kind.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/bitboard.h"
#include "rules/geometry.h"

namespace arbiter::rules {

enum class Color : std::uint8_t { White = 0, Black = 1 };
inline constexpr Color operator~(Color c) { return Color(int(c) ^ 1); }
inline constexpr int index(Color c) { return int(c); }

// How a movement component may be used: to move to an empty square, to capture, or both.
enum class Mode : std::uint8_t { Both, MoveOnly, CaptureOnly };

// How a slide gets past a man: it does not (a rider), or it must jump exactly one, the screen,
// and then goes on to any square up to and including the next man (the cannon, Betza p) or
// lands on the square right beyond the screen (the grasshopper, Betza g).
enum class Hop : std::uint8_t { None, Cannon, Grasshopper };

// One movement component: a step (df, dr), taken once (a leap) or repeated (a slide). dr is
// "forward" for White; for Black it is mirrored when the variant mirrors Black.
struct Leg {
  int df, dr;
  bool slide;
  Mode mode;
  int range = 0;         // a slide's most steps (Betza R4), 0 = no limit
  Hop hop = Hop::None;   // a slide that hops over a screen
  bool lame = false;     // a leap of two steps blocked by a man on the square between (Betza nN, nA, nD)
  // A first-move-only move (Betza i): made only from the kind's double-step ranks, as
  // Fairy-Stockfish makes it, and only by an unmoved man if the kind's double step needs one.
  bool initial = false;
  // A leg the one table lookup per square or king direction cannot make: ranged, hopping, lame,
  // first-move-only, or a slide of a longer step (the nightrider's).
  bool special() const {
    return range != 0 || hop != Hop::None || lame || initial || (slide && (df < -1 || df > 1 || dr < -1 || dr > 1));
  }
};

inline constexpr int kMaxKinds = 16;
inline constexpr int kNoPromotionLimit = kMaxSquares;

struct PieceKind {
  char letter;           // upper case, as in FEN
  std::string name;      // "archbishop"
  std::vector<Leg> legs;
  bool royal = false;    // the king: check, checkmate, castling
  bool pawn = false;     // resets the 50-move count, counts as a pawn for "Are there any?"
  bool en_passant = false;  // can capture and be captured en passant
  // A two-step forward move to an empty square over an empty square, from double_step_ranks.
  bool double_step = false;
  // Relative to the owner (0 = own first rank): where the double step and the first-move-only
  // legs may be made.
  std::vector<int> double_step_ranks{};
  // Those moves only for a man that has not moved: it may have left its rank and come back (a steward).
  bool double_step_needs_unmoved = false;
  // Kinds (indexes) this man may end any move as, or turn into where it stands as a move of its
  // own: the facings of Centennial's spearman, one kind per facing.
  std::vector<int> facings{};
  // Black's legs are White's turned half round, not mirrored, so that left and right are as the
  // owner sees them (the spearman's forward-left diagonal).
  bool legs_turn_for_black = false;
  // Promotion: mandatory on promotion_rank; optional from optional_promotion_rank up to it.
  int promotion_rank = -1;            // relative; -1 = never promotes
  int optional_promotion_rank = -1;   // relative; -1 = no optional zone
  // A man may promote to this kind only while its side has fewer of it than this (Grand: as many
  // as at the start, so only to a lost kind), as Fairy-Stockfish's promotionLimit.
  int promotion_limit = kNoPromotionLimit;
  // The rank direction of the legs' dr, and of "relative" ranks, for White: -1 for the ring's
  // pawns that move down the cells (the same pawn as the one moving up, turned round).
  int forward = 1;
  // A king and one man of this kind against a king and one of the same, both men on squares of one
  // colour, is a draw: neither can ever attack the other's squares (FIDE's bishops).
  bool same_colour_pair_draws = false;
  // A stable name for the kind that does not change with its letter or display name ("archbishop");
  // a variants file refers to kinds by it.
  std::string id{};
  const std::string& key() const { return id.empty() ? name : id; }
  // Which of the page's drawings shows this kind ("knight", kDrawings), or empty: its letter on a disc.
  std::string drawing{};
};

// The drawings the page has for a kind (web/js/pieces.js), by the names a variants file gives.
inline constexpr std::string_view kDrawings[] = {
    "king", "queen", "rook", "bishop", "knight", "pawn", "archbishop", "chancellor",
    "camel", "lion", "steward", "spearman", "counsellor", "elephant", "pawn-up", "pawn-down"};

// The computer's levels (engine/level.h) that a variant may carry measured ratings for.
inline constexpr int kRatedLevels = 8;

struct CastlingRule {
  Square king_from, king_to, rook_from, rook_to;
  int rook_kind;  // the kind that must stand on rook_from and castles with the king
  char letter;    // FEN right: 'K' or 'Q' (lower case for Black)
};

enum class Legality : std::uint8_t {
  Strict,       // a move may not leave one's own king attacked
  KingCapture,  // it may; the opponent can then take the king (circular chess)
  // There is no check (Fog of War, rules/FOG_OF_WAR.md): every move is legal, castling out of,
  // through and into attack too; taking the king ends the game; no position lacks mating material.
  NoCheck,
};

// What each player is shown of the board.
enum class Visibility : std::uint8_t {
  Open,    // everything
  Umpire,  // only their own men; an umpire answers tries (Kriegspiel)
  Fog,     // their own men and every square one of them could move to (rules/fog.h)
};

class Variant {
 public:
  std::string name;         // "capablanca"
  std::string title;        // "Capablanca Chess"
  std::string description;  // one line for people choosing a game
  Geometry geometry{8, 8, false};
  std::vector<PieceKind> kinds;
  std::string start_fen;
  bool mirror_black = true;                  // Black's forward is White's backward
  // Without the mirror, Black's relative ranks are White's moved this many ranks on (the ring:
  // half a turn, so Black's pawns start and promote 8 cells round from White's).
  int black_rank_offset = 0;
  std::vector<int> promotion_choices;        // kind indexes, in the order SAN/UCI list them
  std::array<std::vector<CastlingRule>, 2> castling;  // per colour
  Legality legality = Legality::Strict;
  bool stalemate_loses = false;       // shatranj: the stalemated side loses
  bool stalemate_wins = false;        // the stalemated side wins (Fairy-Stockfish's stalemateValue = win)
  // Shatranj's bare king: baring the enemy king wins, unless the bared side bares back with its
  // very next move, which draws.
  bool bare_king_loses = false;
  bool meeting_pawns_removed = false; // Byzantine: two pawns of one side that meet head-on leave the board
  // Centennial: two moves a turn, with different men, until the side's first capture. A capture
  // or a checking first move ends the turn, and so does having no legal second move.
  bool two_moves_until_capture = false;
  bool repetition_draws = true;
  Visibility visibility = Visibility::Open;
  int fifty_move_plies = 100;
  // Insufficient material: a side has mating material unless it has a bare king or a king and
  // exactly one man of these kinds. Both sides without it draw.
  std::vector<int> lone_minor_kinds;
  // How other programs name it and how strong the computer is in it: not rules, so not part of a
  // stored game's definition (storage/README.md).
  // The PGN [Variant] tag Fairy-Stockfish and pychess read ("Capablanca"); empty: the title.
  std::string pgn_variant;
  // Each computer level's rating in this variant, weakest first (0: not rated), as measured
  // (engine/level.h); empty: not measured.
  std::vector<int> level_ratings;

  int kind_of(char letter) const;  // -1 if none
  int royal_kind() const { return royal_; }
  std::uint8_t castling_bit(Color c, const CastlingRule& rule) const;
  // The squares that must be empty to castle: all between the king and rook and their
  // destinations, except where those two stand.
  Bitboard castling_path(Color c, const CastlingRule& rule) const;

  // Tables built by finish() from the data above.
  struct Tables {
    std::array<std::array<std::vector<Bitboard>, kMaxKinds>, 2> quiet_leaps;    // [colour][kind][from]
    std::array<std::array<std::vector<Bitboard>, kMaxKinds>, 2> capture_leaps;  // [colour][kind][from]
    std::array<std::array<std::vector<Bitboard>, kMaxKinds>, 2> leap_attackers; // [colour][kind][target]
    std::array<std::array<std::uint8_t, kMaxKinds>, 2> quiet_slides{};    // direction masks
    std::array<std::array<std::uint8_t, kMaxKinds>, 2> capture_slides{};
    std::array<std::array<Bitboard, kMaxKinds>, 2> promotion_zone{};      // mandatory
    std::array<std::array<Bitboard, kMaxKinds>, 2> optional_promotion_zone{};
    std::array<std::array<Bitboard, kMaxKinds>, 2> double_step_from{};
    std::array<std::array<int, kMaxKinds>, 2> forward{};  // the dr of a forward step
    std::array<std::uint8_t, kMaxSquares> castling_spoilers{};  // rights lost when a man leaves or is taken here
    std::array<std::array<Bitboard, 2>, 2> castling_paths{};       // [colour][rule]
    std::array<std::array<std::uint16_t, 8>, 2> ray_attacker_kinds{};  // [colour][d]: kinds that capture back along d
    std::array<std::uint16_t, kMaxKinds> other_facings{};  // [kind]: the kinds it may turn into
    // Legs that are special(), turned for the colour, walked one by one; and the kinds that have any.
    std::array<std::array<std::vector<Leg>, kMaxKinds>, 2> special_legs;  // [colour][kind]
    std::uint16_t special_kinds = 0;
    // [colour][kind]: at most how many moves one such man has in a turn, whatever it becomes.
    std::array<std::array<int, kMaxKinds>, 2> move_bound{};
  };
  const Tables& tables() const { return tables_; }
  // The squares a man of this kind and colour on `from` reaches by its special legs on a board of
  // `occupied`: empty ones for quiet moves, occupied ones (of either colour) for captures. Its
  // first-move-only legs count only when `first_move` (Position::first_move_allowed).
  Bitboard special_targets(Color c, int kind, Square from, Bitboard occupied, bool captures, bool first_move) const;

  // Builds the tables from the data above, anew each time (a variant built on a finished one
  // calls it again).
  void finish();

 private:
  int squares_reached_bound(int c, int kind) const;
  void bound_moves();
  Tables tables_;
  int royal_ = -1;
};

// Every hosted variant: the built-ins of rules/variants/builtin.toml, in the order of that file.
const Variant* find_variant(std::string_view name);
// The built-in variants, then those added by add_variants.
const std::vector<const Variant*>& all_variants();
// Adds an operator's variants (finished, as load_variant_file gives them) after the built-ins, for
// the program's life. Not thread-safe: called once at start-up, before any thread reads the list.
// Throws std::logic_error for a name already taken.
void add_variants(std::vector<Variant> variants);

}  // namespace arbiter::rules
