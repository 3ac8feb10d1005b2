#pragma once
// Kriegspiel's umpire (shared/rules/kriegspiel.md: English rules, with "Are there any?"). It alone
// sees the real game. Each player tries moves on a board of their own men; a try is refused
// privately as nonsense, refused publicly ("No"), or played and announced as the rules allow.
// Pure and deterministic: the same acts in the same order get the same answers, so replaying
// the record rebuilds an umpire (a restarted server does that).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game.h"

namespace arbiter::rules {

// The line a check comes along, seen from the checked king. Of the two diagonals through the
// king's square the long one has more squares (on 8x8 they never tie). A pawn checks along the
// diagonal it attacks on.
enum class CheckDirection : std::uint8_t { Rank, File, LongDiagonal, ShortDiagonal, Knight };
std::string_view to_string(CheckDirection direction);  // "rank", "file", "long_diagonal", ...
// The checks against the side to move in `position`, as the umpire announces them: for players
// who weigh positions they imagine (engine/kriegspiel_belief.h).
std::vector<CheckDirection> announced_checks(const Position& position);

// What both players hear after a legal move, besides that it was made. Never what moved or what
// was taken; castling and promotion are not announced.
struct Announcement {
  Square capture = kNoSquare;          // where a man was taken; en passant: the taken pawn's square
  std::vector<CheckDirection> checks;  // against the side now to move; two in a double check
  Outcome outcome;                     // over() when the move ended the game
  bool operator==(const Announcement& other) const {
    return capture == other.capture && checks == other.checks && outcome.result == other.outcome.result &&
           outcome.reason == other.outcome.reason;
  }
};

struct TryResult {
  enum class Verdict : std::uint8_t {
    Nonsense,  // impossible on the player's own board: told to them alone, not recorded
    Illegal,   // "No": heard by both, recorded, may not be tried again this turn
    Moved,     // played: both hear the announcement
  };
  Verdict verdict;
  std::string reason;         // Nonsense: why, in terms of the player's own board only
  Announcement announcement;  // Moved
  Move move{};                // Moved: the move played
};

enum class AnyAnswer : std::uint8_t { Try, No };
std::string_view to_string(AnyAnswer answer);  // "try", "no"

// One act the umpire answered publicly. In order, they are the whole game: the end-of-game
// reveal, and what a restarted server replays.
struct UmpireAct {
  enum class Kind : std::uint8_t { Moved, Illegal, Any };
  Kind kind;
  Color by;
  int ply;                           // moves played before this act; Moved: its index in game().moves()
  std::string uci;                   // Moved, Illegal: the try
  AnyAnswer answer = AnyAnswer::No;  // Any
  Announcement announcement;         // Moved
};

// A FEN of `who`'s own men in `pos`, telling only what they know: the real side to move and
// move number, their own castling rights, never an en-passant square, and a halfmove clock of 0
// (the real one counts the opponent's pawn moves).
std::string own_fen(const Position& pos, Color who);

class Umpire {
 public:
  explicit Umpire(Position start);
  // Replays a record as record() returned it (its kinds, players, tries and answers); an act
  // answered differently now is an error.
  static Result<Umpire> replay(Position start, const std::vector<UmpireAct>& acts);

  // A try in UCI notation. Out of turn or after the end it is nonsense too, though a caller
  // that knows whose turn it is says so first.
  TryResult try_move(Color who, std::string_view uci);
  // "Are there any?": Try if a pawn capture (en passant included) is legal in the real position;
  // the next try must then be a pawn capture. Once a turn, by the player to move; otherwise
  // refused privately, the error saying why.
  Result<AnyAnswer> ask_any(Color who);

  // The two halves of each act, for a caller that decides before it records (a match commits
  // the answer to storage first): the answer, changing nothing; then the answer recorded as
  // given, trusted (a nonsense ruling is never recorded).
  TryResult judge_try(Color who, std::string_view uci) const;
  void record_try(Color who, std::string_view uci, const TryResult& ruling);
  Result<AnyAnswer> judge_any(Color who) const;
  void record_any(Color who, AnyAnswer answer);

  // The tries `who` may make now: the moves of their men on a board holding only them (squares
  // that look empty may hold hidden men, so slides pass them and pawns may try every diagonal),
  // castling while the rights last and no own man is in the way, minus the tries refused this
  // turn; only pawn captures while one is owed after "Try". Empty when it is not their turn.
  std::vector<std::string> possible_moves(Color who) const;
  // The same tries on the own board of `who` in any position, whoever is to move and whether or
  // not it is over: for players who weigh positions they imagine (engine/kriegspiel_player.h).
  // No turn state: nothing is refused yet, no pawn capture owed.
  static std::vector<std::string> own_board_moves(const Position& position, Color who);
  // A side's own board as the umpire's rules move its men, for players who follow them from
  // what they hear (engine/kriegspiel_belief.h). `position` with only the men of `who` on it: what
  // own_fen() tells them, but for the halfmove clock.
  static Position own_board(const Position& position, Color who);
  // The own board after a try of its side to move, which the umpire played: the try made as
  // Position::play makes it (a castling's rook moved, a promotion's kind, the castling rights it
  // spoils gone), the turn passed. Nullopt unless `uci` is among own_board_moves() there.
  static std::optional<Position> after_own_try(const Position& own_board, std::string_view uci);
  // The own board after the opponent's move: the man on `capture` (kNoSquare: none) taken off
  // with the castling rights it held (Position::take_off), the turn passed.
  static Position after_their_move(const Position& own_board, Square capture);
  // own_fen() of the real position now.
  std::string own_fen(Color who) const { return rules::own_fen(game_.position(), who); }

  const Game& game() const { return game_; }
  const std::vector<UmpireAct>& record() const { return record_; }
  Outcome outcome() const { return game_.outcome(); }
  Color to_move() const { return game_.position().side_to_move(); }
  // This turn so far: the mover knows all of it; the opponent has heard how many "No"s and the "Any?".
  const std::vector<std::string>& refused_this_turn() const { return refused_; }
  bool asked_any() const { return asked_any_; }
  bool pawn_capture_owed() const { return pawn_capture_owed_; }

 private:
  struct OwnBoardTry {
    std::string uci;
    bool pawn_capture;
    Move move;  // as played on the own board, where nothing is taken
  };
  static std::vector<OwnBoardTry> own_board_tries(const Position& pos, Color who);

  Game game_;
  std::vector<UmpireAct> record_;
  std::vector<std::string> refused_;
  bool asked_any_ = false;
  bool pawn_capture_owed_ = false;
};

}  // namespace arbiter::rules
