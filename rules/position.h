#pragma once
// A position is a value: copy it, play a move on the copy, ask it for its legal moves.
#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rules/bitboard.h"
#include "rules/result.h"
#include "rules/variant.h"

namespace arbiter::rules {

// Room in a move list (MoveGenerator's): a position whose men could have more moves is refused.
inline constexpr int kMaxMoves = 8 * kMaxSquares;

struct Move {
  // DoubleStep: a man's two-step advance from its double-step rank (rules/variant.h), which
  // may leave an en-passant square behind.
  enum class Kind : std::uint8_t { Normal, Castle, EnPassant, DoubleStep };
  std::int16_t from = kNoSquare, to = kNoSquare;  // castling: the king's move
  std::int8_t promotion = -1;                     // kind after the move, or -1
  Kind kind = Kind::Normal;
  bool operator==(const Move&) const = default;
};

struct Piece {
  Color color;
  int kind;
};

enum class Reason : std::uint8_t {
  None, Checkmate, Stalemate, Repetition, FiftyMoves, InsufficientMaterial, KingCaptured, BareKing,
};
std::string_view to_string(Reason reason);

struct Outcome {
  enum class Result : std::uint8_t { Ongoing, WhiteWins, BlackWins, Draw };
  Result result = Result::Ongoing;
  Reason reason = Reason::None;
  bool over() const { return result != Result::Ongoing; }
  std::string_view score() const;  // "1-0", "0-1", "1/2-1/2", "*"
};

class Position {
 public:
  static Position start(const Variant& variant);
  static Result<Position> from_fen(const Variant& variant, std::string_view fen);
  std::string fen() const;

  const Variant& variant() const { return *variant_; }
  Color side_to_move() const { return side_; }
  std::optional<Piece> piece_at(Square s) const;
  Bitboard pieces(Color c) const { return by_color_[index(c)]; }
  Bitboard pieces(Color c, int kind) const { return by_color_[index(c)] & by_kind_[kind]; }
  Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
  bool can_castle(Color c, const CastlingRule& rule) const { return castling_ & variant_->castling_bit(c, rule); }
  Square king(Color c) const;  // kNoSquare if that side has none (a captured king)
  // The square of the man an en-passant capture of the side to move takes: one step behind the
  // square the capturing man moves to, as that man goes.
  Square en_passant_victim(const Move& move) const {
    return variant_->geometry.offset(move.to, 0, -variant_->tables().forward[index(side_)][piece_at(move.from)->kind]);
  }
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  std::uint64_t hash() const { return hash_; }
  // Two moves a turn (Centennial): whether a side still has them, and where the men of this
  // turn's first move stand (empty when the next move is the first of a turn).
  bool has_double_move(Color c) const { return (double_moves_ >> index(c)) & 1; }
  Bitboard moved_this_turn() const { return moved_this_turn_; }
  // Whether the next move starts a turn of the side to move (false: it is the second move of a
  // two-move turn). What a move list numbers and groups, asked here rather than counted.
  bool starts_turn() const { return !moved_this_turn_; }

  std::vector<Move> legal_moves() const;
  bool is_legal(const Move& move) const;
  bool in_check() const;
  // Every square the given side attacks a man on, or could capture on, as check needs.
  bool attacked(Square s, Color by) const;
  // Plays a move from legal_moves(); anything else is undefined.
  void play(const Move& move);
  // Hands the move to the other side without moving (ends a two-move turn): not a move of any
  // variant; the engine's null-move search, and a side's own board in Kriegspiel when the
  // opponent moves (rules/kriegspiel.h), use it.
  void pass();
  // Takes the man on `s`, if any, off the board as an unseen capture would: with the castling
  // rights it spoils and any en-passant square. For a side's own board in Kriegspiel.
  void take_off(Square s);
  bool is_capture(const Move& move) const;
  bool has_mating_material(Color c) const;
  // Whether the man of this kind and colour on `from` may make its first-move-only moves (Betza
  // i) there: on its kind's double-step ranks and, if the kind needs it, unmoved.
  bool first_move_allowed(Color c, int kind, Square from) const;
  // At most how many moves this side's men could have in a turn (Variant::Tables::move_bound);
  // from_fen refuses a position where it is over kMaxMoves.
  int move_bound(Color side) const;

  // The outcome this position alone decides (mate, stalemate, fifty moves, material).
  // Repetition needs the history and is decided by Game.
  Outcome outcome() const;
  // The same with this position's legal moves given (generated once, shared: see Game).
  Outcome outcome(std::span<const Move> legal) const;

  // UCI-style notation: "e2e4", "e7e8q", "f1i1" for castling.
  std::string uci(const Move& move) const;
  void append_uci(std::string& out, const Move& move) const;  // the same, appended
  static constexpr std::size_t kMaxUciSize = 9;                // two squares' names and a letter
  char* write_uci(char* at, const Move& move) const;           // the same at `at`, returning its end
  Result<Move> parse_uci(std::string_view text) const;  // a legal move, or why not
  std::string san(const Move& move) const;               // before the move is played
  // The same with this position's legal moves given.
  Result<Move> parse_uci(std::string_view text, std::span<const Move> legal) const;
  std::string san(const Move& move, std::span<const Move> legal) const;
  std::vector<std::string> legal_sans() const;          // san() of each of legal_moves(), in its order

 private:
  friend class MoveGenerator;
  explicit Position(const Variant& variant);
  void put(Square s, Color c, int kind);
  void remove(Square s);
  void set_en_passant(Square s);
  // Keeps an en-passant square only where a pawn of the side to move could take on it, as
  // Fairy-Stockfish does, so equal positions hash and print alike.
  bool en_passant_capturable(Square s) const;
  void remove_meeting_pawns(Square moved);
  Bitboard attackers(Square s, Color by, Bitboard occupied) const;
  void toggle(Bitboard& squares, const std::array<std::uint64_t, kMaxSquares>& keys, Bitboard which);
  bool continues_turn(const Move& move, bool capture);
  std::optional<std::string> read_extra_fen_fields(std::istream& in);
  std::string extra_fen_fields() const;

  const Variant* variant_;
  std::array<std::uint8_t, kMaxSquares> board_{};  // 0 empty, else 1 + kind + 32 * colour
  std::array<Bitboard, 2> by_color_{};
  std::array<Bitboard, kMaxKinds> by_kind_{};
  Color side_ = Color::White;
  std::uint8_t castling_ = 0;   // bit i: castling rule i of White (0,1) or Black (2,3)
  Square en_passant_ = kNoSquare;
  int halfmove_ = 0;
  int fullmove_ = 1;
  std::uint64_t hash_ = 0;
  std::uint8_t double_moves_ = 0;  // bit c: colour c still moves twice a turn
  Bitboard moved_this_turn_ = 0;
  Bitboard unmoved_ = 0;  // men whose double step needs them unmoved (stewards) that have not moved
};

}  // namespace arbiter::rules
