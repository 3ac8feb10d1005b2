#include "rules/kriegspiel.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>

#include "rules/seat_fen.h"

namespace arbiter::rules {

namespace {

// kDirections indexes of the two diagonals' rising halves: (1,1) and (1,-1).
constexpr int kRisingDiagonal = 4, kFallingDiagonal = 6;

int line_length(const Geometry& g, int d, Square s) {
  return 1 + int(g.ray(d, s).size()) + int(g.ray(opposite(d), s).size());
}

std::vector<CheckDirection> check_directions(const Position& pos) {
  const Variant& v = pos.variant();
  const Geometry& g = v.geometry;
  const auto& t = v.tables();
  const Color checked = pos.side_to_move(), by = ~checked;
  const Square king = pos.king(checked);
  if (king == kNoSquare) return {};

  // The men giving check, found as Position::attackers finds them: leapers by table, sliders as
  // the first man along each line.
  Bitboard checkers = 0;
  for (std::size_t k = 0; k < v.kinds.size(); ++k) checkers |= t.leap_attackers[index(by)][k][king] & pos.pieces(by, int(k));
  for (int d = 0; d < 8; ++d) {
    Square first = g.first_blocker(d, king, pos.occupied());
    if (first == kNoSquare || !(pos.pieces(by) & bit(first))) continue;
    if (t.ray_attacker_kinds[index(by)][d] & (1u << pos.piece_at(first)->kind)) checkers |= bit(first);
  }

  std::array<bool, 5> along{};
  for (Bitboard b = checkers; b;) {
    Square s = pop_lsb(b);
    const int df = g.file_of(s) - g.file_of(king), dr = g.rank_of(s) - g.rank_of(king);
    CheckDirection direction = CheckDirection::Knight;
    if (dr == 0) {
      direction = CheckDirection::Rank;
    } else if (df == 0) {
      direction = CheckDirection::File;
    } else if (std::abs(df) == std::abs(dr)) {
      const bool rising = (df > 0) == (dr > 0);
      const int this_one = line_length(g, rising ? kRisingDiagonal : kFallingDiagonal, king);
      const int other_one = line_length(g, rising ? kFallingDiagonal : kRisingDiagonal, king);
      direction = this_one > other_one ? CheckDirection::LongDiagonal : CheckDirection::ShortDiagonal;
    }
    along[int(direction)] = true;
  }
  std::vector<CheckDirection> directions;
  for (int i = 0; i < int(along.size()); ++i)
    if (along[i]) directions.push_back(CheckDirection(i));
  return directions;
}

Square capture_square(const Position& pos, const Move& move) {
  if (move.kind == Move::Kind::EnPassant) return pos.en_passant_victim(move);
  return pos.is_capture(move) ? move.to : kNoSquare;
}

char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }

}  // namespace

std::string_view to_string(CheckDirection direction) {
  switch (direction) {
    case CheckDirection::Rank: return "rank";
    case CheckDirection::File: return "file";
    case CheckDirection::LongDiagonal: return "long_diagonal";
    case CheckDirection::ShortDiagonal: return "short_diagonal";
    case CheckDirection::Knight: return "knight";
  }
  return "";
}

std::string_view to_string(AnyAnswer answer) { return answer == AnyAnswer::Try ? "try" : "no"; }

std::vector<CheckDirection> announced_checks(const Position& position) { return check_directions(position); }

std::vector<std::string> Umpire::own_board_moves(const Position& position, Color who) {
  std::vector<std::string> moves;
  for (OwnBoardTry& t : own_board_tries(position, who)) moves.push_back(std::move(t.uci));
  return moves;
}

Position Umpire::own_board(const Position& position, Color who) {
  Position own = position;
  for (Bitboard theirs = position.pieces(~who); theirs;) own.take_off(pop_lsb(theirs));
  return own;
}

std::optional<Position> Umpire::after_own_try(const Position& own_board, std::string_view uci) {
  for (const OwnBoardTry& t : own_board_tries(own_board, own_board.side_to_move()))
    if (t.uci == uci) {
      Position after = own_board;
      after.play(t.move);
      return after;
    }
  return std::nullopt;
}

Position Umpire::after_their_move(const Position& own_board, Square capture) {
  Position after = own_board;
  if (capture != kNoSquare) after.take_off(capture);
  after.pass();
  return after;
}

Umpire::Umpire(Position start) : game_(std::move(start)) {}

Result<Umpire> Umpire::replay(Position start, const std::vector<UmpireAct>& acts) {
  Umpire umpire(std::move(start));
  for (const UmpireAct& act : acts) {
    const std::string where = " at ply " + std::to_string(umpire.game().moves().size());
    if (act.kind == UmpireAct::Kind::Any) {
      auto answer = umpire.ask_any(act.by);
      if (!answer || *answer != act.answer) return Error{"\"Are there any?\"" + where + " is not answered as recorded"};
      continue;
    }
    auto expected = act.kind == UmpireAct::Kind::Moved ? TryResult::Verdict::Moved : TryResult::Verdict::Illegal;
    if (umpire.try_move(act.by, act.uci).verdict != expected)
      return Error{"the try " + act.uci + where + " is not answered as recorded"};
  }
  return umpire;
}

TryResult Umpire::try_move(Color who, std::string_view uci) {
  TryResult ruling = judge_try(who, uci);
  if (ruling.verdict != TryResult::Verdict::Nonsense) record_try(who, uci, ruling);
  return ruling;
}

TryResult Umpire::judge_try(Color who, std::string_view uci) const {
  auto nonsense = [](std::string reason) { return TryResult{TryResult::Verdict::Nonsense, std::move(reason), {}, {}}; };
  if (outcome().over()) return nonsense("the game is over");
  if (who != to_move()) return nonsense("it is not your turn");
  if (std::find(refused_.begin(), refused_.end(), uci) != refused_.end())
    return nonsense("you have already tried " + std::string(uci) + " this turn");
  const auto tries = own_board_tries(game_.position(), who);
  auto found = std::find_if(tries.begin(), tries.end(), [&](const OwnBoardTry& t) { return t.uci == uci; });
  // Not echoed: the text is the client's, and may not even be a move.
  if (found == tries.end()) return nonsense("that move is impossible on your own board");
  if (pawn_capture_owed_ && !found->pawn_capture)
    return nonsense("after \"Try\" your next try must be a pawn capture");

  auto move = game_.position().parse_uci(uci);
  if (!move) return {TryResult::Verdict::Illegal, "", {}, {}};
  Position after = game_.position();
  after.play(*move);
  Announcement announcement{capture_square(game_.position(), *move), check_directions(after), game_.outcome_after(*move)};
  return {TryResult::Verdict::Moved, "", std::move(announcement), *move};
}

void Umpire::record_try(Color who, std::string_view uci, const TryResult& ruling) {
  // A real try: it ends the obligation whatever the answer.
  pawn_capture_owed_ = false;
  const int ply = int(game_.moves().size());
  if (ruling.verdict != TryResult::Verdict::Moved) {
    refused_.emplace_back(uci);
    record_.push_back({UmpireAct::Kind::Illegal, who, ply, std::string(uci), AnyAnswer::No, {}});
    return;
  }
  game_.play(ruling.move);
  record_.push_back({UmpireAct::Kind::Moved, who, ply, std::string(uci), AnyAnswer::No, ruling.announcement});
  refused_.clear();
  asked_any_ = false;
}

Result<AnyAnswer> Umpire::ask_any(Color who) {
  auto answer = judge_any(who);
  if (answer) record_any(who, *answer);
  return answer;
}

Result<AnyAnswer> Umpire::judge_any(Color who) const {
  if (outcome().over()) return Error{"the game is over"};
  if (who != to_move()) return Error{"it is not your turn"};
  if (asked_any_) return Error{"you have already asked \"Are there any?\" this turn"};
  const Position& pos = game_.position();
  const auto legal = pos.legal_moves();
  const bool pawn_can_capture = std::any_of(legal.begin(), legal.end(), [&](const Move& m) {
    return pos.is_capture(m) && pos.variant().kinds[pos.piece_at(m.from)->kind].pawn;
  });
  return pawn_can_capture ? AnyAnswer::Try : AnyAnswer::No;
}

void Umpire::record_any(Color who, AnyAnswer answer) {
  asked_any_ = true;
  pawn_capture_owed_ = answer == AnyAnswer::Try;
  record_.push_back({UmpireAct::Kind::Any, who, int(game_.moves().size()), "", answer, {}});
}

std::vector<Umpire::OwnBoardTry> Umpire::own_board_tries(const Position& pos, Color who) {
  const Variant& v = pos.variant();
  const Geometry& g = v.geometry;
  const auto& t = v.tables();
  const int c = index(who);
  const Bitboard own = pos.pieces(who);
  std::vector<OwnBoardTry> tries;

  // Hidden men may stand on any square that looks empty: slides are stopped by own men only.
  for (Bitboard men = own; men;) {
    const Square from = pop_lsb(men);
    const int kind = pos.piece_at(from)->kind;
    const PieceKind& piece = v.kinds[kind];
    Bitboard quiet = t.quiet_leaps[c][kind][from], captures = t.capture_leaps[c][kind][from];
    for (unsigned dirs = t.quiet_slides[c][kind]; dirs; dirs &= dirs - 1)
      quiet |= g.slide_targets(std::countr_zero(dirs), from, own);
    for (unsigned dirs = t.capture_slides[c][kind]; dirs; dirs &= dirs - 1)
      captures |= g.slide_targets(std::countr_zero(dirs), from, own);
    if (piece.double_step && (t.double_step_from[c][kind] & bit(from))) {
      const int forward = t.forward[c][kind];
      Square passed = g.offset(from, 0, forward), to = g.offset(from, 0, 2 * forward);
      if (passed != kNoSquare && to != kNoSquare && !(own & (bit(passed) | bit(to)))) quiet |= bit(to);
    }
    quiet &= ~own;
    captures &= ~own;
    for (Bitboard targets = quiet | captures; targets;) {
      const Square to = pop_lsb(targets);
      const bool pawn_capture = piece.pawn && !(quiet & bit(to));
      const std::string uci = g.name(from) + g.name(to);
      const Move move{std::int16_t(from), std::int16_t(to)};
      if (!(t.promotion_zone[c][kind] & bit(to))) {
        tries.push_back({uci, pawn_capture, move});
        continue;
      }
      for (int choice : v.promotion_choices) {
        Move promotion = move;
        promotion.promotion = std::int8_t(choice);
        tries.push_back({uci + lower(v.kinds[choice].letter), pawn_capture, promotion});
      }
    }
  }

  for (const CastlingRule& rule : v.castling[c])
    if (pos.can_castle(who, rule) && !(own & v.castling_path(who, rule)))
      tries.push_back({g.name(rule.king_from) + g.name(rule.king_to), false,
                       Move{std::int16_t(rule.king_from), std::int16_t(rule.king_to), -1, Move::Kind::Castle}});
  return tries;
}

std::vector<std::string> Umpire::possible_moves(Color who) const {
  std::vector<std::string> moves;
  if (outcome().over() || who != to_move()) return moves;
  for (const OwnBoardTry& t : own_board_tries(game_.position(), who)) {
    if (pawn_capture_owed_ && !t.pawn_capture) continue;
    if (std::find(refused_.begin(), refused_.end(), t.uci) != refused_.end()) continue;
    moves.push_back(t.uci);
  }
  return moves;
}

std::string own_fen(const Position& pos, Color who) { return seat_fen(pos, who, pos.pieces(who)); }

}  // namespace arbiter::rules
