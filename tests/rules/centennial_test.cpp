// Centennial Chess (shared/rules/centennial.md): each piece on small diagrams, each ruling of the
// two-move turn, promotion, castling, draws, FEN, notation, perft and a game played to mate.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>

#include "rules/game.h"

using namespace arbiter::rules;

namespace {

const Variant& centennial() { return *find_variant("centennial"); }

Position at(const std::string& fen) {
  auto pos = Position::from_fen(centennial(), fen);
  REQUIRE_MESSAGE(pos.ok(), fen << ": " << (pos.ok() ? "" : pos.error()));
  return *pos;
}

// A diagram from its men, "Kj1 ka10 Se5" (upper case White), and the FEN fields after the placement.
Position board(const std::string& men, const std::string& rest = "w - - 0 1") {
  std::array<std::array<char, 10>, 10> squares{};
  std::istringstream in(men);
  for (std::string man; in >> man;) {
    Square s = centennial().geometry.parse(man.substr(1));
    REQUIRE_MESSAGE(s != kNoSquare, man);
    squares[centennial().geometry.rank_of(s)][centennial().geometry.file_of(s)] = man[0];
  }
  std::string placement;
  for (int rank = 9; rank >= 0; --rank) {
    int empty = 0;
    for (char man : squares[rank]) {
      if (!man) {
        ++empty;
        continue;
      }
      if (empty) placement += std::to_string(empty), empty = 0;
      placement += man;
    }
    if (empty) placement += std::to_string(empty);
    if (rank) placement += '/';
  }
  return at(placement + " " + rest);
}

std::vector<std::string> moves_of(const Position& pos) {
  std::vector<std::string> out;
  for (const Move& m : pos.legal_moves()) out.push_back(pos.uci(m));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> from_square(const Position& pos, const std::string& square) {
  std::vector<std::string> out;
  for (const std::string& m : moves_of(pos))
    if (m.rfind(square, 0) == 0 && !std::isdigit(static_cast<unsigned char>(m[square.size()]))) out.push_back(m);
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Every move of a spearman to these squares: keeping its facing and turning to the two others.
std::vector<std::string> spearman_moves(const std::string& from, const std::vector<std::string>& to,
                                        const std::string& other_facings) {
  std::vector<std::string> out;
  for (const std::string& square : to) {
    out.push_back(from + square);
    for (char facing : other_facings) out.push_back(from + square + facing);
  }
  for (char facing : other_facings) out.push_back(from + from + facing);  // turning in place
  return sorted(out);
}

bool has(const Position& pos, const std::string& uci) { return pos.parse_uci(uci).ok(); }

Position after(Position pos, std::initializer_list<const char*> moves) {
  for (const char* uci : moves) {
    auto move = pos.parse_uci(uci);
    REQUIRE_MESSAGE(move.ok(), uci << " in " << pos.fen() << ": " << (move.ok() ? "" : move.error()));
    pos.play(*move);
  }
  return pos;
}

}  // namespace

TEST_CASE("centennial: the setup has 40 moves, counted by hand") {
  // White to move in the start position, by man (rank 3 pawns, rank 2 and 1 pieces):
  //   10 pawns, each one or two steps:                                       20
  //   knights c2 (b4, d4) and h2 (g4, i4); their other squares are own men:  4
  //   stewards e2 (d2) and f2 (g2): forward is a pawn, back the king/queen:  2
  //   camels b1 (a4, c4) and i1 (h4, j4); e2/f2 are own stewards:             4
  //   lions d1, g1: every leap square holds an own man, no enemy adjacent:    0
  //   bishops c1 (d2; b2 is the spearman) and h1 (g2; i2 is the spearman):   2
  //   queen f1 (g2, then h3 is a pawn): 1; king e1 (d2): 1                     2
  //   rooks a1 (a2) and j1 (j2):                                              2
  //   spearmen b2, i2 face the file, blocked both ways: only turning, 2 each:  4
  //                                                                          ---
  //                                                                           40
  Position start = Position::start(centennial());
  auto moves = moves_of(start);
  CHECK(moves.size() == 40);
  CHECK(from_square(start, "b2") == std::vector<std::string>{"b2b2d", "b2b2l"});
  CHECK(from_square(start, "e1") == std::vector<std::string>{"e1d2"});
  CHECK(from_square(start, "f1") == std::vector<std::string>{"f1g2"});
  CHECK(from_square(start, "d1").empty());
  CHECK(from_square(start, "e2") == std::vector<std::string>{"e2d2"});
  CHECK(from_square(start, "i1") == std::vector<std::string>{"i1h4", "i1j4"});
  CHECK(from_square(start, "c2") == std::vector<std::string>{"c2b4", "c2d4"});
  CHECK(start.fen() == centennial().start_fen);
}

TEST_CASE("centennial: start perft matches the reference (40, 1,610, 64,392)") {
  Position start = Position::start(centennial());
  CHECK(perft(start, 1) == 40);
  CHECK(perft(start, 2) == 1610);
  CHECK(perft(start, 3) == 64392);
}

TEST_CASE("centennial: steward steps orthogonally, captures diagonally, all four ways") {
  // Forward a pawn (not taken orthogonally), left an own pawn; diagonals: f6 and f4 enemies.
  auto pos = board("Kj1 ka10 Se5 pe6 Pd5 nf6 Pd4 bf4");
  CHECK(from_square(pos, "e5") == sorted({"e5e4", "e5f5", "e5f6", "e5f4"}));
  // On the edge: two squares, no capture of an own man.
  CHECK(from_square(board("Kj1 ka10 Sa1 Pb2"), "a1") == sorted({"a1a2", "a1b1"}));
  // On the last rank it does not promote and may go back.
  CHECK(from_square(board("Kj1 ka10 Se10 pd9"), "e10") == sorted({"e10d10", "e10f10", "e10e9", "e10d9"}));
  // Black's steward captures diagonally backwards too.
  CHECK(from_square(board("Kj1 ka10 se5 Pf6 Pd4", "b - - 0 1"), "e5") ==
        sorted({"e5e6", "e5e4", "e5d5", "e5f5", "e5f6", "e5d4"}));
}

TEST_CASE("centennial: an unmoved steward may step two squares forward, not over a man") {
  auto pos = board("Kj1 ka10 Se2 Sf2 pe4 se9", "w - - 0 1");
  CHECK(from_square(pos, "f2") == sorted({"f2f3", "f2f4", "f2g2", "f2f1"}));
  CHECK(from_square(pos, "e2") == sorted({"e2e3", "e2d2", "e2e1"}));  // e4 taken: no double step
  CHECK(from_square(board("Kj1 ka10 Se2 pe3"), "e2") == sorted({"e2d2", "e2f2", "e2e1"}));  // e3 blocks it
  CHECK(has(board("Kj1 ka10 se9", "b - - 0 1"), "e9e7"));
  // A steward that left its square and came back has moved: no double step.
  Position back = after(board("Kj1 ka10 Se2 Nc3 nh8"), {"e2d2", "c3b5", "h8g6", "a10a9", "d2e2", "b5c3", "g6h8", "a9a10"});
  CHECK(back.side_to_move() == Color::White);
  CHECK(from_square(back, "e2") == sorted({"e2d2", "e2f2", "e2e1", "e2e3"}));
  // The same from FEN: the last field lists the unmoved stewards, "-" for none.
  CHECK(!has(board("Kj1 ka10 Se2", "w - - 0 1 wb - -"), "e2e4"));
  CHECK(has(board("Kj1 ka10 Se2", "w - - 0 1 wb - e2"), "e2e4"));
}

TEST_CASE("centennial: camel leaps (3,1) over men, captures enemies, not own men") {
  auto pos = board("Kj1 ka10 Ce5 Pd8 nf8 Pf6 pe6 Pe4 pd5");
  CHECK(from_square(pos, "e5") == sorted({"e5f8", "e5d2", "e5f2", "e5b6", "e5b4", "e5h6", "e5h4"}));
  CHECK(from_square(board("Kj1 ka10 Ca1"), "a1") == sorted({"a1b4", "a1d2"}));
}

TEST_CASE("centennial: Murray lion leaps two squares any way, steps next door only to capture") {
  // Adjacent: e6 and d4 are enemies (taken), the rest empty (no step). Leaps: e7 own, g7 enemy.
  auto pos = board("Kj1 ka10 Oe5 pe6 Pe7 nd4 pg7 Pc3");
  CHECK(from_square(pos, "e5") == sorted({"e5e6", "e5d4", "e5g7", "e5e3", "e5c5", "e5g5", "e5c7", "e5g3"}));
  CHECK(from_square(board("Kj1 ka10 Oa1 Pa2 pb2"), "a1") == sorted({"a1a3", "a1c1", "a1c3", "a1b2"}));
  // It checks from next door and from two squares away, over a man.
  CHECK(board("Kj1 ke6 Oe5", "b - - 0 1").in_check());
  CHECK(board("Kj1 ke7 Oe5 Pe6", "b - - 0 1").in_check());
  CHECK(!board("Kj1 ke8 Oe5", "b - - 0 1").in_check());
}

TEST_CASE("centennial: spearman slides along its facing, captures only forward, turns") {
  // Along the file (M): forward to the enemy on e8 and takes it; back only to e4, not taking e3.
  auto file = board("Kj1 ka10 Me5 pe8 pe3");
  CHECK(from_square(file, "e5") == spearman_moves("e5", {"e6", "e7", "e8", "e4"}, "ld"));
  // Forward-left (L) for White is up the a10-j1 diagonal; its own pawn on g3 stops the retreat.
  auto left = board("Kj1 ka10 Le5 pb8 Pg3");
  CHECK(from_square(left, "e5") == spearman_moves("e5", {"d6", "c7", "b8", "f4"}, "md"));
  // Forward-right (D) for White is up the a1-j10 diagonal, both ways to the edge.
  auto right = board("Kj1 kb10 De5");
  CHECK(from_square(right, "e5") == spearman_moves("e5", {"f6", "g7", "h8", "i9", "j10", "d4", "c3", "b2", "a1"}, "ml"));
  // Black's L also lies on the a10-j1 diagonal; its forward is Black's: down towards i1.
  auto black_left = board("Kj1 ka10 le5 Ph2", "b - - 0 1");
  CHECK(from_square(black_left, "e5") == spearman_moves("e5", {"f4", "g3", "h2", "d6", "c7", "b8", "a9"}, "md"));
  auto black_file = board("Kj1 ka10 me5 Pe4 Pe6", "b - - 0 1");
  // Black's M advances down the file and takes e4; White's man on e6 is behind it: no capture.
  CHECK(from_square(black_file, "e5") == spearman_moves("e5", {"e4"}, "ld"));
  // Blocked both ways, it can still turn.
  CHECK(from_square(board("Kj1 ka10 Me5 Pe6 Pe4"), "e5") == sorted({"e5e5l", "e5e5d"}));
}

TEST_CASE("centennial: a spearman attacks only along its forward line") {
  CHECK(board("Kj1 ke8 Me5", "b - - 0 1").in_check());
  CHECK(!board("Kj1 ke2 Me5", "b - - 0 1").in_check());    // behind it
  CHECK(!board("Kj1 ke8 Me5 Pe7", "b - - 0 1").in_check()); // blocked
  CHECK(board("Kj1 kh8 De5", "b - - 0 1").in_check());
  CHECK(board("Kj1 kb8 Le5", "b - - 0 1").in_check());
  CHECK(!board("Kj1 kh8 Le5", "b - - 0 1").in_check());
  // Black's spearman on d5 faces down the file: it attacks d1, so White may not castle across it.
  auto covered = board("Ke1 Ra1 Rj1 ke10 md5", "w KQ - 0 1");
  CHECK(!has(covered, "e1c1"));
  CHECK(has(covered, "e1h1"));
  // Turned away (Black's D faces down towards a1 along the a1-j10 diagonal), d1 is free again.
  CHECK(has(board("Ke1 Ra1 Rj1 ke10 dd5", "w KQ - 0 1"), "e1c1"));
}

TEST_CASE("centennial: spearman notation, a suffix naming the current facing is no turn") {
  auto pos = board("Kj1 ka10 Mb2 pb7");
  auto kept = pos.parse_uci("b2b6");
  auto same = pos.parse_uci("b2b6m");
  REQUIRE(kept.ok());
  REQUIRE(same.ok());
  CHECK(*kept == *same);
  CHECK(pos.uci(*same) == "b2b6");
  CHECK(pos.uci(*pos.parse_uci("b2b6d")) == "b2b6d");
  CHECK(!pos.parse_uci("b2b2m").ok());  // turning in place must change the facing
  CHECK(!pos.parse_uci("b2b2").ok());
  Position turned = after(pos, {"b2b2l"});
  CHECK(turned.piece_at(centennial().geometry.parse("b2"))->kind == centennial().kind_of('L'));
  Position moved = after(pos, {"b2b6d"});
  CHECK(moved.piece_at(centennial().geometry.parse("b6"))->kind == centennial().kind_of('D'));
  CHECK(pos.san(*pos.parse_uci("b2b6")) == "Mb6");
  CHECK(pos.san(*pos.parse_uci("b2b6d")) == "Mb6=D");
  CHECK(pos.san(*pos.parse_uci("b2b7l")) == "Mxb7=L");
  CHECK(pos.san(*pos.parse_uci("b2b2l")) == "Mb2=L");
}

TEST_CASE("centennial: pawns step from rank 3, no en passant, promote to any piece but king") {
  auto pos = board("Kj1 kh8 Pa9 Pc3 pd4");
  CHECK(from_square(pos, "c3") == sorted({"c3c4", "c3c5", "c3d4"}));
  CHECK(from_square(pos, "a9") == sorted({"a9a10q", "a9a10r", "a9a10b", "a9a10n", "a9a10o", "a9a10c", "a9a10s",
                                          "a9a10m", "a9a10l", "a9a10d"}));
  auto promoted = after(pos, {"a9a10d"});
  CHECK(promoted.piece_at(centennial().geometry.parse("a10"))->kind == centennial().kind_of('D'));
  CHECK(pos.san(*pos.parse_uci("a9a10o")) == "a10=O");
  // Black's double step past a white pawn leaves no en-passant capture.
  auto passed = after(board("Kj1 ka10 Pd6 pe8 ph8", "b - - 0 1"), {"e8e6", "h8h7"});
  CHECK(passed.side_to_move() == Color::White);
  CHECK(!has(passed, "d6e7"));
  CHECK(passed.fen().find(" w - - ") != std::string::npos);
}

TEST_CASE("centennial: castling puts the king on its bishop's square and the rook on its lion's") {
  auto pos = board("Ke1 Ra1 Rj1 ke10 Pa3", "w KQ - 0 1");
  Position short_side = after(pos, {"e1h1"});
  CHECK(short_side.fen().rfind("4k5/10/10/10/10/10/10/P9/10/R5RK2 w - - 1 1 wb g1,h1", 0) == 0);
  Position long_side = after(pos, {"e1c1"});
  CHECK(long_side.fen().rfind("4k5/10/10/10/10/10/10/P9/10/2KR5R w - - 1 1 wb c1,d1", 0) == 0);
  CHECK(pos.san(*pos.parse_uci("e1h1")) == "O-O");
  CHECK(pos.san(*pos.parse_uci("e1c1")) == "O-O-O");
  CHECK(!has(board("Ke1 Ra1 Rj1 Nb1 ke10", "w KQ - 0 1"), "e1c1"));  // b1 must be empty
  CHECK(!has(board("Ke1 Ra1 Rj1 ke10 rg5", "w KQ - 0 1"), "e1h1"));  // passing g1 attacked
  CHECK(!has(board("Ke1 Ra1 Rj1 ke10 rh5", "w KQ - 0 1"), "e1h1"));  // landing on h1 attacked
  CHECK(!has(board("Ke1 Ra1 Rj1 ke10 re5", "w KQ - 0 1"), "e1c1"));  // in check
}

TEST_CASE("centennial: two moves a turn with different men") {
  Position start = Position::start(centennial());
  Position first = after(start, {"c2d4"});
  CHECK(first.side_to_move() == Color::White);
  CHECK(first.moved_this_turn() == bit(centennial().geometry.parse("d4")));
  CHECK(from_square(first, "d4").empty());  // the same man may not move again
  CHECK(moves_of(first).size() == 36);  // 40, less the knight's two and the d3 pawn's two it now blocks
  Position second = after(first, {"h2g4"});
  CHECK(second.side_to_move() == Color::Black);
  CHECK(second.moved_this_turn() == 0);
  CHECK(second.fullmove_number() == 1);
  Position black_done = after(second, {"e8e6", "f8f6"});
  CHECK(black_done.side_to_move() == Color::White);
  CHECK(black_done.fullmove_number() == 2);
  // A spearman that turned in place has made the turn's first move too.
  Position turned = after(start, {"b2b2l"});
  CHECK(turned.side_to_move() == Color::White);
  CHECK(from_square(turned, "b2").empty());
}

TEST_CASE("centennial: a capture ends the turn and the capturer's double move, not the opponent's") {
  // The knight on d4 can take e6 at once: the capture is the whole turn.
  auto pos = board("Ke1 Nd4 Pa3 ke10 pe6 pa8");
  Position took = after(pos, {"d4e6"});
  CHECK(took.side_to_move() == Color::Black);
  CHECK(!took.has_double_move(Color::White));
  CHECK(took.has_double_move(Color::Black));
  CHECK(took.fen().ends_with(" b - - 0 1 b - -"));
  // Black still moves twice; White, from now on, once a turn.
  Position black_first = after(took, {"a8a7"});
  CHECK(black_first.side_to_move() == Color::Black);
  Position white_turn = after(black_first, {"e10d9"});
  CHECK(white_turn.side_to_move() == Color::White);
  CHECK(after(white_turn, {"a3a4"}).side_to_move() == Color::Black);
  // A capture as the second move ends the turn the same way.
  Position quiet_first = after(pos, {"a3a4"});
  CHECK(quiet_first.side_to_move() == Color::White);
  Position took_second = after(quiet_first, {"d4e6"});
  CHECK(took_second.side_to_move() == Color::Black);
  CHECK(!took_second.has_double_move(Color::White));
}

TEST_CASE("centennial: a first move that gives check ends the turn, discovered checks too") {
  auto pos = board("Ka1 Rb1 Pj3 ke10");
  CHECK(pos.san(*pos.parse_uci("b1b10")) == "Rb10+");
  Position checked = after(pos, {"b1b10"});
  CHECK(checked.side_to_move() == Color::Black);
  CHECK(checked.in_check());
  CHECK(checked.has_double_move(Color::White));  // a check is no capture
  auto discovered = board("Ka1 Re2 Ne5 Pj3 ke10");
  Position uncovered = after(discovered, {"e5c6"});
  CHECK(uncovered.side_to_move() == Color::Black);
  CHECK(uncovered.in_check());
  // A checking second move simply ends the turn, as every second move does.
  Position second_check = after(pos, {"j3j4", "b1b10"});
  CHECK(second_check.side_to_move() == Color::Black);
}

TEST_CASE("centennial: with no legal second move the turn ends after one (not stalemate)") {
  // White's only mobile man is the king: after it moves, the pawn on a3 is blocked.
  auto pos = board("Kj1 Pa3 ka10 pa4");
  Position moved = after(pos, {"j1i1"});
  CHECK(moved.side_to_move() == Color::Black);
  CHECK(moved.moved_this_turn() == 0);
  CHECK(moved.has_double_move(Color::White));
  CHECK(!moved.outcome().over());
  // Nor can a FEN stop mid-turn where no second move exists.
  CHECK(!Position::from_fen(centennial(), "k9/10/10/10/10/10/p9/P9/10/8K1 w - - 1 1 wb i1 -").ok());
}

TEST_CASE("centennial: a player in check escapes with the first move and may move again") {
  auto pos = board("Ke1 Pa3 ke10 re8");
  CHECK(pos.in_check());
  CHECK(from_square(pos, "a3").empty());
  Position escaped = after(pos, {"e1d1"});
  CHECK(escaped.side_to_move() == Color::White);
  CHECK(has(escaped, "a3a4"));
}

TEST_CASE("centennial: castling is one move; then neither king nor that rook moves again") {
  auto pos = board("Ke1 Ra1 Rj1 Pb3 ke10", "w KQ - 0 1");
  Position castled = after(pos, {"e1h1"});
  CHECK(castled.side_to_move() == Color::White);
  CHECK(castled.fen().find(" wb g1,h1") != std::string::npos);
  CHECK(from_square(castled, "h1").empty());
  CHECK(from_square(castled, "g1").empty());
  CHECK(!from_square(castled, "a1").empty());  // the other rook may move
  // Castling as the turn's second move.
  Position pawn_first = after(pos, {"b3b4"});
  CHECK(has(pawn_first, "e1c1"));
  CHECK(after(pawn_first, {"e1c1"}).side_to_move() == Color::Black);
}

TEST_CASE("centennial: checkmate and stalemate are judged at the first move of a turn") {
  auto stalemate = board("Kj1 ka10 Qb8", "b - - 0 1");
  CHECK(stalemate.outcome().reason == Reason::Stalemate);
  auto mate = board("Kj1 ka10 Qb9 Nc7", "b - - 0 1");
  CHECK(mate.outcome().reason == Reason::Checkmate);
  CHECK(mate.outcome().score() == "1-0");
}

TEST_CASE("centennial: draws by fifty moves (single moves) and insufficient material") {
  // 99 single moves without capture or pawn move; a knight move makes it 100, even mid-turn.
  auto pos = board("Kj1 Nd4 Pa3 ka10 nd7", "w - - 99 40");
  Position hundredth = after(pos, {"d4b5"});
  CHECK(hundredth.halfmove_clock() == 100);
  CHECK(hundredth.outcome().reason == Reason::FiftyMoves);
  CHECK(after(pos, {"a3a4"}).halfmove_clock() == 0);
  // A steward is no pawn: its moves count towards the fifty.
  CHECK(after(board("Kj1 Se4 ka10", "w - - 98 40"), {"e4e5"}).halfmove_clock() == 99);

  for (const char* men : {"Kj1 ka10", "Kj1 Nd4 ka10", "Kj1 Bd4 ka10", "Kj1 ka10 cd4"})
    CHECK_MESSAGE(board(men).outcome().reason == Reason::InsufficientMaterial, men);
  for (const char* men : {"Kj1 Od4 ka10", "Kj1 Sd4 ka10", "Kj1 Md4 ka10", "Kj1 Nd4 ka10 nd7", "Kj1 Nd4 Ne4 ka10"})
    CHECK_MESSAGE(!board(men).outcome().over(), men);
}

TEST_CASE("centennial: repetition counts the turn state with the placement") {
  // Four knights out and back: the start position comes back after every 8 single moves.
  Game game(Position::start(centennial()));
  for (int cycle = 0; cycle < 2; ++cycle) {
    for (const char* uci : {"c2d4", "h2g4", "c9d7", "h9g7", "d4c2", "g4h2", "d7c9", "g7h9"}) {
      CHECK(!game.outcome().over());
      REQUIRE(game.play(uci).ok());
    }
  }
  CHECK(game.outcome().reason == Reason::Repetition);
  // Same placement and side to move, but a first move already made (by the knight on d4), or
  // the double move lost: three different positions.
  const std::string placement = "rcbokqobcr/1mn1ss1nm1/pppppppppp/10/10/10/3N6/PPPPPPPPPP/1M2SS1NM1/RCBOKQOBCR w KQkq - 0 1";
  auto turn_start = at(placement), mid_turn = at(placement + " wb d4 e2,f2,e9,f9"), single = at(placement + " b - e2,f2,e9,f9");
  CHECK(turn_start.hash() != mid_turn.hash());
  CHECK(turn_start.hash() != single.hash());
  CHECK(mid_turn.hash() != single.hash());
}

TEST_CASE("centennial: FEN with the extra fields round-trips; the plain start FEN parses") {
  const Variant& v = centennial();
  const Position start = Position::start(v);
  CHECK(at(v.start_fen + " wb - e2,f2,e9,f9").hash() == start.hash());
  CHECK(start.has_double_move(Color::White));
  CHECK(start.has_double_move(Color::Black));
  CHECK(start.moved_this_turn() == 0);

  Position played = after(start, {"f3f5"});
  CHECK(played.fen() == "rcbokqobcr/1mn1ss1nm1/pppppppppp/10/10/5P4/10/PPPPP1PPPP/1MN1SS1NM1/RCBOKQOBCR w KQkq - 0 1 wb f5 e2,f2,e9,f9");
  Position steward = after(start, {"e2d2", "c2b4"});
  CHECK(steward.fen() == "rcbokqobcr/1mn1ss1nm1/pppppppppp/10/10/10/1N8/PPPPPPPPPP/1M1S1S1NM1/RCBOKQOBCR b KQkq - 2 1 wb - f2,e9,f9");
  for (const Position& pos : {played, steward, after(start, {"c2d4", "h2g4", "c9b7", "b9b9l", "d4e6", "g4f6", "a8a7", "j8j7", "e6f8"}),
                              after(board("Ke1 Ra1 Rj1 Pb3 ke10", "w KQ - 0 1"), {"e1c1"})}) {
    auto again = Position::from_fen(v, pos.fen());
    REQUIRE_MESSAGE(again.ok(), pos.fen());
    CHECK(again->fen() == pos.fen());
    CHECK(again->hash() == pos.hash());
    CHECK(moves_of(*again) == moves_of(pos));
  }
  for (const char* extra : {" wx - -", " wb z9 e2,f2,e9,f9", " wb d8 e2,f2,e9,f9", " b c2 e2,f2,e9,f9", " wb - e3",
                            " wb - a1"}) {
    auto bad = Position::from_fen(v, v.start_fen + extra);
    CHECK_MESSAGE(!bad.ok(), extra);
  }
}

TEST_CASE("centennial: a short game to checkmate through rules::Game") {
  // The camel walks b1-a4-d5-a6 and takes the spearman on b9 with check; Black has blocked its
  // king's only flight square with the bishop (c10-d9), and nothing of Black's covers b9.
  auto game = Game::from(centennial(), centennial().start_fen,
                         {"b1a4", "h2g4",   // 1. White: two moves
                          "c10d9", "h9g7",  //    Black
                          "a4d5", "j3j4",   // 2.
                          "j8j7", "i8i7",
                          "d5a6", "c3c4",   // 3.
                          "h8h7", "a8a7",
                          "a6b9"});         // 4. a capture with mate: White's turn ends at once
  REQUIRE_MESSAGE(game.ok(), (game.ok() ? "" : game.error()));
  CHECK(game->outcome().reason == Reason::Checkmate);
  CHECK(game->outcome().score() == "1-0");
  CHECK(game->sans().front() == "Ca4");
  CHECK(game->sans().back() == "Cxb9#");
  CHECK(game->position().fullmove_number() == 4);
  CHECK(!game->position().has_double_move(Color::White));
}

TEST_CASE("the position says which move starts a turn: the second of a two-move turn does not") {
  // Two-move turns, then a capture that ends White's turn after one move (as tests/protocol/pgn_test.cpp).
  auto game = Game::from(centennial(), Position::start(centennial()).fen(),
                         {"b1a4", "h2g4", "c10d9", "h9g7", "a4d5", "j3j4", "j8j7", "i8i7", "d5c8"});
  REQUIRE(game.ok());
  auto position = game->start();
  std::vector<bool> starts;
  for (const auto& move : game->moves()) {
    starts.push_back(position.starts_turn());
    position.play(move);
  }
  starts.push_back(position.starts_turn());
  // b1a4,h2g4 | c10d9,h9g7 | a4d5,j3j4 | j8j7,i8i7 | d5c8 (a capture: one move) | Black to start.
  CHECK(starts == std::vector<bool>{true, false, true, false, true, false, true, false, true, true});
  CHECK(Position::start(*find_variant("chess")).starts_turn());
}
