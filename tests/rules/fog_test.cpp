// Fog of War (rules/FOG_OF_WAR.md) on every board it is played on: no check (a king may move into
// or stay in attack, castle out of, through and into it), the game won by taking the king, a side
// with no move at all stalemated, and what each side sees (rules/fog.h); the built-in fog variants
// kept from the server; their moves checked against Fairy-Stockfish's fogofwar, and on the ring by
// hand.
#include "rules/fog.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "rules/game.h"
#include "rules/placement.h"
#include "rules/variant_file.h"
#include "tests/rules/crosscheck.h"

using namespace arbiter::rules;

namespace {

const std::vector<std::string> kFogVariants{"fog-chess", "fog-capablanca", "fog-grand", "fog-circular", "fog-byzantine"};

const Variant& variant(const std::string& name) {
  const Variant* v = find_variant(name);
  REQUIRE_MESSAGE(v, "no variant " << name);
  return *v;
}

// A position with the given men ("Ka1", "pd5") and the rest of the board empty.
std::string fen_of(const Variant& v, std::vector<std::string> men, char side = 'w',
                   const std::string& castling = "-", const std::string& en_passant = "-") {
  const Geometry& g = v.geometry;
  std::map<Square, char> letter_on;
  for (const std::string& man : men) {
    const Square s = g.parse(man.substr(1));
    REQUIRE_MESSAGE(s != kNoSquare, man);
    letter_on[s] = man[0];
  }
  std::string placement;
  append_placement_letters(placement, g, [&](Square s) {
    auto found = letter_on.find(s);
    return found == letter_on.end() ? '\0' : found->second;
  });
  return placement + ' ' + side + ' ' + castling + ' ' + en_passant + " 0 1";
}

Position at(const Variant& v, const std::string& fen) {
  auto pos = Position::from_fen(v, fen);
  REQUIRE_MESSAGE(pos.ok(), v.name << " " << fen << ": " << (pos.ok() ? "" : pos.error()));
  return *pos;
}

bool legal(const Position& pos, const std::string& uci) { return pos.parse_uci(uci).ok(); }

Position after(Position pos, const std::string& uci) {
  auto move = pos.parse_uci(uci);
  REQUIRE_MESSAGE(move.ok(), uci << ": " << (move.ok() ? "" : move.error()));
  pos.play(*move);
  return pos;
}

bool sees(const Position& pos, Color side, const std::string& square) {
  const Square s = pos.variant().geometry.parse(square);
  REQUIRE(s != kNoSquare);
  return bool(visible_squares(pos, side) & bit(s));
}

}  // namespace

TEST_CASE("fog: five built-in fog variants, hosted after the open and umpired ones") {
  for (const std::string& name : kFogVariants) {
    CAPTURE(name);
    const Variant& v = variant(name);
    CHECK(v.visibility == Visibility::Fog);
    CHECK(v.legality == Legality::NoCheck);
    CHECK(v.title.rfind("Fog of War (", 0) == 0);
    CHECK(find_variant(name) == &v);
  }
  CHECK(variant("kriegspiel").visibility == Visibility::Umpire);
  CHECK(variant("chess").visibility == Visibility::Open);
  CHECK(variant("fog-circular").kinds.size() == variant("circular").kinds.size());
  CHECK(variant("fog-byzantine").stalemate_loses);
}

TEST_CASE("fog: taking the king ends the game, on every board") {
  const std::map<std::string, std::pair<std::vector<std::string>, std::string>> cases{
      {"fog-chess", {{"Kg1", "Re1", "ke8"}, "e1e8"}},
      {"fog-capablanca", {{"Kj1", "Re1", "ke8"}, "e1e8"}},
      {"fog-grand", {{"Kj1", "Re1", "ke10"}, "e1e10"}},
      {"fog-circular", {{"Kd1", "Ra1", "ka5", "nd9"}, "a1a5"}},
      {"fog-byzantine", {{"Kd1", "Ra1", "Nd3", "ka5", "nd9"}, "a1a5"}},
  };
  for (const auto& [name, position] : cases) {
    CAPTURE(name);
    // The side not to move may stand attacked: without check, that is a position like any other.
    Game game(at(variant(name), fen_of(variant(name), position.first)));
    CHECK_FALSE(game.outcome().over());
    REQUIRE(game.play(position.second).ok());
    CHECK(game.outcome().result == Outcome::Result::WhiteWins);
    CHECK(game.outcome().reason == Reason::KingCaptured);
    CHECK(game.legal_moves().empty());
    CHECK(game.position().king(Color::Black) == kNoSquare);
    // The final position, without the king, reads back.
    CHECK(Position::from_fen(variant(name), game.position().fen()).ok());
  }
}

TEST_CASE("fog: a king may move into attack and stay in it, on every board") {
  // White's king is attacked by the rook on the e-file and could step into the d-file's attack;
  // the parent (strict) allows neither, fog both.
  const std::map<std::string, std::vector<std::string>> rectangles{
      {"fog-chess", {"Ke1", "Pa2", "ka8", "rd8", "re8"}},
      {"fog-capablanca", {"Ke1", "Pa2", "ka8", "rd8", "re8"}},
      {"fog-grand", {"Ke1", "Pa3", "ka10", "rd10", "re10"}},
  };
  for (const auto& [name, men] : rectangles) {
    CAPTURE(name);
    const Position fog = at(variant(name), fen_of(variant(name), men));
    const Variant& parent = variant(name.substr(4));
    const Position strict = at(parent, fen_of(parent, men));
    const std::string pawn_move = name == "fog-grand" ? "a3a4" : "a2a3";
    CHECK(legal(fog, "e1d1"));
    CHECK(legal(fog, pawn_move));
    CHECK(legal(fog, "e1e2"));  // along the rook's line, still attacked
    CHECK_FALSE(legal(strict, "e1d1"));
    CHECK_FALSE(legal(strict, pawn_move));
    CHECK_FALSE(legal(strict, "e1e2"));
    // No check at all: the king may not even be warned of it by being mated.
    CHECK_FALSE(Game(fog).outcome().over());
  }
  // On the ring: the b and c rings are the rooks' from both sides; the king on b1 may step onto
  // either, and the knight may move while the king stays attacked.
  for (const std::string name : {"fog-circular", "fog-byzantine"}) {
    CAPTURE(name);
    const Position fog = at(variant(name), fen_of(variant(name), {"Kb1", "Nd5", "kd12", "rb9", "rc9"}));
    CHECK(fog.attacked(fog.king(Color::White), Color::Black));
    for (const char* to : {"c1", "c2", "c16", "b2", "b16", "a1"}) CHECK(legal(fog, std::string("b1") + to));
    CHECK(legal(fog, "d5c7"));
  }
}

TEST_CASE("fog: mate is no end: the mated side moves on, and can lose only its king") {
  // Mated on the back rank in chess; in fog Black has all its men's moves, the king's into attack too.
  const std::string mated = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1";
  CHECK(Game(at(variant("chess"), mated)).outcome().reason == Reason::Checkmate);
  const Position fog = at(variant("fog-chess"), mated);
  CHECK_FALSE(Game(fog).outcome().over());
  CHECK(fog.legal_moves().size() == 2 + 6);  // g8f8 g8h8 (into the rook's rank); f,g,h pawns 1 or 2 steps
  CHECK(legal(fog, "g8f8"));
  // Mated on the ring by the rook round ring a and the king on c1 (circular: no move keeps the king
  // safe, so none is playable); fog plays on.
  const std::string ring_mate = fen_of(variant("circular"), {"Ka1", "kc1", "ra9"});
  CHECK(Game(at(variant("circular"), ring_mate)).outcome().reason == Reason::Checkmate);
  CHECK(at(variant("fog-circular"), ring_mate).legal_moves().size() == 5);  // a2 a16 b1 b2 b16
}

TEST_CASE("fog: a move's SAN marks no check, which fog does not have") {
  const std::string before = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
  const Position chess = at(variant("chess"), before), fog = at(variant("fog-chess"), before);
  CHECK(chess.san(*chess.parse_uci("a1a8")) == "Ra8#");
  CHECK(fog.san(*fog.parse_uci("a1a8")) == "Ra8");
  CHECK(fog.san(*fog.parse_uci("a1a2")) == "Ra2");
}

TEST_CASE("fog: a king castles out of, through and into attack") {
  // Chess: the rook on e7 attacks the king, those on d8 and f8 the squares it crosses, g8's its goal.
  const std::vector<std::string> chess{"Ke1", "Ra1", "Rh1", "kb8", "re7", "rd8", "rf8", "rg8"};
  const Position fog = at(variant("fog-chess"), fen_of(variant("fog-chess"), chess, 'w', "KQ"));
  CHECK(legal(fog, "e1g1"));
  CHECK(legal(fog, "e1c1"));
  const Position strict = at(variant("chess"), fen_of(variant("chess"), chess, 'w', "KQ"));
  CHECK_FALSE(legal(strict, "e1g1"));
  CHECK_FALSE(legal(strict, "e1c1"));
  const Position castled = after(fog, "e1g1");
  CHECK(castled.piece_at(castled.variant().geometry.parse("f1"))->kind == castled.variant().kind_of('R'));
  CHECK(legal(castled, "g8g1"));  // and the king can then be taken
  // Capablanca: the king goes f1-i1 and f1-c1.
  const std::vector<std::string> capablanca{"Kf1", "Ra1", "Rj1", "kb8", "rf7", "rg8", "rd8", "ri8"};
  const Position fog10 = at(variant("fog-capablanca"), fen_of(variant("fog-capablanca"), capablanca, 'w', "KQ"));
  CHECK(legal(fog10, "f1i1"));
  CHECK(legal(fog10, "f1c1"));
  const Position strict10 = at(variant("capablanca"), fen_of(variant("capablanca"), capablanca, 'w', "KQ"));
  CHECK_FALSE(legal(strict10, "f1i1"));
  CHECK_FALSE(legal(strict10, "f1c1"));
  // Castling still needs its rights and an empty path.
  const Position blocked = at(variant("fog-chess"), fen_of(variant("fog-chess"), {"Ke1", "Ra1", "Nb1", "Rh1", "kh8"}, 'w', "KQ"));
  CHECK(legal(blocked, "e1g1"));
  CHECK_FALSE(legal(blocked, "e1c1"));
  // Grand and the ring have no castling.
  for (const std::string name : {"fog-grand", "fog-circular", "fog-byzantine"})
    CHECK(variant(name).castling[0].empty());
}

TEST_CASE("fog: a side with no move at all is stalemated: a draw, or Byzantine's loss") {
  // White's men all stand on each other's squares (the pawn in front of each is its own, or a rook
  // that cannot be taken straight ahead); none can move, the king included.
  const std::map<std::string, std::string> walled{
      {"fog-chess", "RBr4k/PRP5/PPP5/PPP5/PPP5/PPP5/PPP5/KB6 w - - 0 1"},
      {"fog-capablanca", "RBr6k/PRP7/PPP7/PPP7/PPP7/PPP7/PPP7/KB8 w - - 0 1"},
      {"fog-grand", "RBr6k/PRP7/PPP7/PPP7/PPP7/PPP7/PPP7/PPP7/PPP7/KB8 w - - 0 1"},
  };
  for (const auto& [name, fen] : walled) {
    CAPTURE(name);
    Game game(at(variant(name), fen));
    CHECK(game.legal_moves().empty());
    CHECK(game.outcome().result == Outcome::Result::Draw);
    CHECK(game.outcome().reason == Reason::Stalemate);
  }
  // The ring: the two inner rings full of White's pawns around the king, each pawn blocked by the next.
  std::string rows;
  for (int cell = 16; cell >= 1; --cell) {
    rows += cell == 1 ? "KP2" : cell == 8 ? "VV2" : cell == 12 ? "PP1k" : cell == 14 ? "PP1n" : "PP2";
    if (cell > 1) rows += '/';
  }
  for (const std::string name : {"fog-circular", "fog-byzantine"}) {
    CAPTURE(name);
    Game game(at(variant(name), rows + " w - - 0 1"));
    CHECK(game.legal_moves().empty());
    CHECK(game.outcome().reason == Reason::Stalemate);
    CHECK(game.outcome().result == (name == "fog-byzantine" ? Outcome::Result::BlackWins : Outcome::Result::Draw));
  }
}

TEST_CASE("fog: no position is drawn for want of material") {
  // Two bare kings: either may still walk into the other (chess draws it at once).
  const std::string kings = "8/8/8/3k4/8/8/8/4K3 w - - 0 1";
  CHECK(Game(at(variant("chess"), kings)).outcome().reason == Reason::InsufficientMaterial);
  CHECK_FALSE(Game(at(variant("fog-chess"), kings)).outcome().over());
  Game walk(at(variant("fog-chess"), kings));
  for (const char* move : {"e1e2", "d5d4", "e2e3", "d4e3"}) REQUIRE(walk.play(move).ok());
  CHECK(walk.outcome().result == Outcome::Result::BlackWins);
}

TEST_CASE("fog: a side sees its men and where they could move; a pawn's diagonal only with a capture") {
  // The pawn on e4 sees d5 (a man to take) but neither e5 (blocked) nor f5 (nothing to take).
  const std::map<std::string, std::vector<std::string>> rectangles{
      {"fog-chess", {"Ka1", "Pe4", "kh8", "pd5", "be5"}},
      {"fog-capablanca", {"Ka1", "Pe4", "kj8", "pd5", "be5"}},
      {"fog-grand", {"Ka1", "Pe4", "kj10", "pd5", "be5"}},
  };
  for (const auto& [name, men] : rectangles) {
    CAPTURE(name);
    for (char side : {'w', 'b'}) {  // the same whoever is to move
      const Position pos = at(variant(name), fen_of(variant(name), men, side));
      CHECK(sees(pos, Color::White, "d5"));
      CHECK_FALSE(sees(pos, Color::White, "e5"));
      CHECK_FALSE(sees(pos, Color::White, "f5"));
      CHECK(sees(pos, Color::White, "e4"));
      CHECK(sees(pos, Color::White, "b2"));  // the king's step onto the bishop's diagonal
      CHECK_FALSE(sees(pos, Color::White, "c3"));
      CHECK(popcount(visible_squares(pos, Color::White)) == 2 + 3 + 1);  // men, king's steps, d5
      // Black's pawn sees e4 (to take) and d4 (to go); not c4.
      CHECK(sees(pos, Color::Black, "e4"));
      CHECK(sees(pos, Color::Black, "d4"));
      CHECK_FALSE(sees(pos, Color::Black, "c4"));
    }
  }
  // A pawn on its double-step rank sees two squares ahead, none when the first is taken.
  const Position start = Position::start(variant("fog-chess"));
  // Its men and ranks 3 and 4 (the knights' a3 c3 f3 h3 among the pawns' squares).
  CHECK(popcount(visible_squares(start, Color::White)) == 16 + 16);
  CHECK(sees(start, Color::Black, "e5"));
  CHECK_FALSE(sees(start, Color::Black, "e4"));
  const Position blocked = at(variant("fog-chess"), fen_of(variant("fog-chess"), {"Ka1", "Pe2", "kh8", "ne3"}));
  CHECK_FALSE(sees(blocked, Color::White, "e3"));
  CHECK_FALSE(sees(blocked, Color::White, "e4"));
  const Position grand = Position::start(variant("fog-grand"));
  CHECK(sees(grand, Color::White, "e5"));
  CHECK_FALSE(sees(grand, Color::White, "e6"));
  // On the ring: the pawn moving up on b4 sees a5 (a man to take), not b5 (blocked) nor c5.
  for (const std::string name : {"fog-circular", "fog-byzantine"}) {
    CAPTURE(name);
    const Position pos = at(variant(name), fen_of(variant(name), {"Kd12", "Pb4", "kd8", "va5", "nb5"}));
    CHECK(sees(pos, Color::White, "a5"));
    CHECK_FALSE(sees(pos, Color::White, "b5"));
    CHECK_FALSE(sees(pos, Color::White, "c5"));
  }
}

TEST_CASE("fog: sight goes round the ring") {
  // The rook on c5 sees its whole ring both ways round to the king on c9, and across the rings.
  const Position pos = at(variant("fog-circular"), fen_of(variant("fog-circular"), {"Ka1", "Rc5", "kc9"}));
  Bitboard ring_c = 0;
  for (int cell = 1; cell <= 16; ++cell) ring_c |= bit(pos.variant().geometry.parse("c" + std::to_string(cell)));
  CHECK((visible_squares(pos, Color::White) & ring_c) == ring_c);
  CHECK(sees(pos, Color::White, "a16"));  // the king's step over the seam
  // 15 on ring c (the king's square from either side is one square), 3 across; the king's 5.
  CHECK(popcount(visible_squares(pos, Color::White)) == 2 + 15 + 3 + 5);
  // Hand-counted moves: the rook 15 + 3, the king a2 a16 b1 b2 b16.
  CHECK(perft(pos, 1) == 23);
  // Black, with its king alone, sees the king's square and its 8 steps.
  CHECK(popcount(visible_squares(pos, Color::Black)) == 1 + 8);
}

TEST_CASE("fog: hand-counted moves of two kings on the ring") {
  // White's king on a1 and Black's on a3, both on the inner ring: each may step next to the other
  // and be taken, and a side whose king is taken has no move.
  const Position pos = at(variant("fog-circular"), fen_of(variant("fog-circular"), {"Ka1", "ka3"}));
  // White: a2 a16 b1 b2 b16. Black then has a3's five (a2 a4 b2 b3 b4), taking the king on a2 or b2.
  CHECK(perft(pos, 1) == 5);
  CHECK(perft(pos, 2) == 5 * 5);
  // White again: from a2 five steps after each of Black's four non-captures (20); from a16 five
  // (25); from b1 and b16 eight (40 each); from b2 eight after the four non-captures (32).
  CHECK(perft(pos, 3) == 20 + 25 + 40 + 32 + 40);
}

TEST_CASE("fog: en passant is seen by the side that may take it, for that turn only") {
  // Black has just played d7-d5 (Grand: d8-d6); White's pawn beside it sees the square passed and
  // the pawn itself.
  struct Case {
    std::string name, passed, pawn, take, wait;
    std::vector<std::string> men;
  };
  const std::vector<Case> cases{
      {"fog-chess", "d6", "d5", "e5d6", "e1f1", {"Ke1", "Pe5", "ke8", "pd5"}},
      {"fog-capablanca", "d6", "d5", "e5d6", "e1f1", {"Ke1", "Pe5", "ke8", "pd5"}},
      {"fog-grand", "d7", "d6", "e6d7", "e1f1", {"Ke1", "Pe6", "ke10", "pd6"}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    const Variant& v = variant(c.name);
    const Position right = at(v, fen_of(v, c.men, 'w', "-", c.passed));
    CHECK(legal(right, c.take));
    CHECK(sees(right, Color::White, c.passed));
    CHECK(sees(right, Color::White, c.pawn));
    // Without the right (or once it has lapsed), the same squares are fog.
    const Position none = at(v, fen_of(v, c.men, 'w'));
    CHECK_FALSE(sees(none, Color::White, c.passed));
    CHECK_FALSE(sees(none, Color::White, c.pawn));
    const Position lapsed = after(right, c.wait);
    CHECK_FALSE(sees(lapsed, Color::White, c.passed));
    CHECK_FALSE(sees(lapsed, Color::White, c.pawn));
  }
  // The ring's pawns take no man en passant.
  for (const std::string name : {"fog-circular", "fog-byzantine"})
    for (const PieceKind& kind : variant(name).kinds) CHECK_FALSE(kind.en_passant);
}

TEST_CASE("fog: a pawn barred from Grand's last rank does not see it") {
  // A pawn on the ninth rank must promote on the tenth, and only to a kind its side has lost.
  const Position barred = at(variant("fog-grand"), "r9/1nbqkcabnP/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1");
  CHECK_FALSE(legal(barred, "j9j10"));
  CHECK_FALSE(sees(barred, Color::White, "j10"));
  const Position lost_a_rook = at(variant("fog-grand"), "r9/1nbqkcabnP/10/10/10/10/10/10/1NBQKCABN1/9R w - - 0 1");
  CHECK(legal(lost_a_rook, "j9j10r"));
  CHECK(sees(lost_a_rook, Color::White, "j10"));
}

TEST_CASE("fog: the variants file's visibility and no_check") {
  VariantFile file = load_variant_file(R"(
[dark]
parent = "chess"
visibility = "fog"
no_check = true
[lit]
parent = "kriegspiel"
visibility = "open"
[umpired]
parent = "chess"
visibility = "umpire"
[from-fog]
parent = "fog-circular"
)");
  for (const auto& e : file.errors) FAIL(e.message());
  REQUIRE(file.variants.size() == 4);
  CHECK(file.variants[0].visibility == Visibility::Fog);
  CHECK(file.variants[0].legality == Legality::NoCheck);
  CHECK(file.variants[1].visibility == Visibility::Open);
  CHECK(file.variants[2].visibility == Visibility::Umpire);
  CHECK(file.variants[3].legality == Legality::NoCheck);
  CHECK(file.variants[3].geometry.wraps());

  auto only_error = [](const std::string& text) {
    VariantFile broken = load_variant_file(text);
    CHECK(broken.variants.empty());
    REQUIRE(broken.errors.size() == 1);
    return broken.errors[0].message();
  };
  CHECK(only_error("[a]\nparent = \"chess\"\nvisibility = \"fog\"\n") ==
        "line 1: a.visibility: a variant played in fog needs no_check = true");
  CHECK(only_error("[a]\nparent = \"chess\"\nvisibility = \"dim\"\n") ==
        "line 3: a.visibility: must be \"open\", \"umpire\" or \"fog\"");
  CHECK(only_error("[a]\nparent = \"chess\"\nvisibility = \"fog\"\nno_check = true\nhidden = true\n") ==
        "line 5: a.hidden: says otherwise than visibility (hidden = true is visibility = \"umpire\")");
  CHECK(only_error("[a]\nparent = \"chess\"\nking_capture = true\nno_check = true\n") ==
        "line 4: a.no_check: king_capture and no_check are two rules: choose one");
  CHECK(only_error("[a]\nparent = \"kriegspiel\"\nno_check = true\n") ==
        "line 1: a.no_check: not supported with visibility = \"umpire\" (the umpire announces checks)");
  CHECK(only_error("[a]\nparent = \"centennial\"\nno_check = true\n") ==
        "line 1: a.no_check: not supported with two_moves_until_capture (a checking first move ends the turn)");
  // A built-in's name is taken.
  CHECK(only_error("[fog-chess]\nparent = \"chess\"\n") == "line 1: fog-chess: is a built-in variant; give yours another name");
}

TEST_CASE("crosscheck: fog variants agree with Fairy-Stockfish's fogofwar") {
  const std::string path = std::string(VARIANTS_DIR) + "/fog.ini";
  // Fairy-Stockfish 11.1 castles a non-royal king from the e-file only (variants/fog.ini).
  const VariantFile uncastled = load_variant_file(R"(
[fog-capablanca-uncastled]
parent = "fog-capablanca"
castling = false
setup = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w - - 0 1"
)");
  for (const auto& e : uncastled.errors) FAIL(e.message());
  REQUIRE(uncastled.variants.size() == 1);
  const std::vector<std::pair<const Variant*, std::string>> pairs{
      {&variant("fog-chess"), "fogofwar"}, {&uncastled.variants[0], "fogcapablanca"}, {&variant("fog-grand"), "foggrand"}};
  unsigned seed = 220;
  for (const auto& [ours, theirs] : pairs) {
    CAPTURE(ours->name);
    arbiter::rules::testing::crosscheck(*ours, theirs, seed, 2, 6, 100, 1, path);
    arbiter::rules::testing::crosscheck(*ours, theirs, seed + 1, 3, 3, 100, 10, path);
    seed += 2;
  }
}
