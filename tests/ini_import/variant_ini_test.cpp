#include "ini_import/variant_ini.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <unistd.h>

#include "rules/betza.h"
#include "rules/game.h"
#include "rules/variant_file.h"
#include "tests/rules/crosscheck.h"
#include "tests/support/read_text.h"

using namespace arbiter::ini_import;
using namespace arbiter::rules;

using arbiter::testing::read_text;

namespace {

// The variants of an ini that must convert whole.
VariantFile converted(const std::string& ini) {
  const IniImport imported = import_variants_ini(ini);
  for (const IniRefusal& r : imported.refusals) FAIL(r.message);
  VariantFile file = load_variant_file(imported.toml);
  for (const VariantFileError& e : file.errors) FAIL(e.message() << "\n" << imported.toml);
  return file;
}

const Variant& named(const VariantFile& file, const std::string& name) {
  for (const Variant& v : file.variants)
    if (v.name == name) return v;
  FAIL("no variant " << name);
  throw;
}

int kind(const Variant& v, const std::string& id) {
  for (std::size_t k = 0; k < v.kinds.size(); ++k)
    if (v.kinds[k].key() == id) return int(k);
  return -1;
}

std::vector<std::string> refusals(const std::string& ini) {
  std::vector<std::string> out;
  for (const IniRefusal& r : import_variants_ini(ini).refusals) out.push_back(r.message);
  return out;
}

std::string only_refusal(const std::string& ini) {
  const auto all = refusals(ini);
  REQUIRE_MESSAGE(all.size() == 1, all.size() << " refusals for " << ini);
  return all[0];
}

std::uint64_t start_perft(const Variant& v, int depth) { return perft(Position::start(v), depth); }

}  // namespace

TEST_CASE("ini import: a section on a Fairy-Stockfish built-in plays as our built-in of that name") {
  const VariantFile file = converted("[chess2:chess]\n[capa2:capablanca]\n[grand2:grand]\n");
  CHECK(start_perft(named(file, "chess2"), 3) == start_perft(*find_variant("chess"), 3));
  CHECK(start_perft(named(file, "capa2"), 3) == start_perft(*find_variant("capablanca"), 3));
  CHECK(start_perft(named(file, "grand2"), 2) == start_perft(*find_variant("grand"), 2));
  const Variant& capa = named(file, "capa2");
  CHECK(capa.geometry.files() == 10);
  CHECK(capa.kinds.size() == 8);
  REQUIRE(capa.castling[0].size() == 2);
  CHECK(capa.geometry.name(capa.castling[0][0].king_to) == "i1");
  CHECK(capa.geometry.name(capa.castling[1][1].rook_to) == "d8");
}

TEST_CASE("ini import: pieces by type and letter, '-' removes one, customPieceN and the king take Betza") {
  const VariantFile file = converted(R"([x:chess]
queen = -
customPiece1 = a:QN
king = k:KN
startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1
promotionPieceTypes = arbn
)");
  const Variant& v = named(file, "x");
  CHECK(kind(v, "queen") < 0);
  const int amazon = kind(v, "customPiece1");
  REQUIRE(amazon >= 0);
  CHECK(v.kinds[amazon].letter == 'A');
  CHECK(v.kinds[amazon].legs.size() == 16);  // 8 slides and 8 knight leaps
  CHECK(v.kinds[kind(v, "king")].royal);
  CHECK(v.kinds[kind(v, "king")].legs.size() == 16);  // king and knight steps
  CHECK(v.promotion_choices == std::vector<int>{amazon, kind(v, "rook"), kind(v, "bishop"), kind(v, "knight")});
}

TEST_CASE("ini import: board size, pawn steps, promotion, n-move rule and stalemate") {
  const VariantFile file = converted(R"([y]
pieceToCharTable = -
maxFile = l
maxRank = 10
pawn = p
rook = r
king = k
startFen = r10k/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/R10K w - - 0 1
promotionRank = 9
promotionPieceTypes = r
doubleStepRank = 3
firstRankDoubleSteps = true
castling = false
nMoveRule = 30
stalemateValue = loss
)");
  const Variant& v = named(file, "y");
  CHECK(v.geometry.files() == 12);
  CHECK(v.geometry.ranks() == 10);
  const PieceKind& pawn = v.kinds[kind(v, "pawn")];
  CHECK(pawn.pawn);
  CHECK(pawn.double_step);
  CHECK(pawn.en_passant);
  CHECK(pawn.double_step_ranks == std::vector<int>{0, 2});
  CHECK(pawn.promotion_rank == 8);
  CHECK(pawn.optional_promotion_rank == -1);
  CHECK(v.promotion_choices == std::vector<int>{kind(v, "rook")});
  CHECK(v.castling[0].empty());
  CHECK(v.fifty_move_plies == 60);
  CHECK(v.stalemate_loses);
}

TEST_CASE("ini import: no double step; optional promotion with immobilityIllegal; promotion limits") {
  const VariantFile file = converted(R"([a:chess]
doubleStep = false
[b:grand]
promotionLimit = q:1 r:3
)");
  const PieceKind& pawn = named(file, "a").kinds[kind(named(file, "a"), "pawn")];
  CHECK_FALSE(pawn.double_step);
  CHECK(pawn.legs.size() == 3);
  const Variant& b = named(file, "b");
  const PieceKind& grand_pawn = b.kinds[kind(b, "pawn")];
  CHECK(grand_pawn.promotion_rank == 9);
  CHECK(grand_pawn.optional_promotion_rank == 7);
  CHECK(grand_pawn.double_step_ranks == std::vector<int>{2});
  CHECK(b.kinds[kind(b, "queen")].promotion_limit == 1);
  CHECK(b.kinds[kind(b, "rook")].promotion_limit == 3);
  CHECK(b.kinds[kind(b, "archbishop")].promotion_limit == 1);  // the parent's, kept
}

TEST_CASE("ini import: newer Fairy-Stockfish's regions of whole ranks for the pawn's double step and promotion") {
  const VariantFile file = converted(R"([r:chess]
doubleStepRegionWhite = *2 *3
doubleStepRegionBlack = *7 *6
promotionRegionWhite = *7 *8
promotionRegionBlack = *1 *2
pawnTypes = p
)");
  const Variant& r = named(file, "r");
  const PieceKind& pawn = r.kinds[kind(r, "pawn")];
  CHECK(pawn.double_step_ranks == std::vector<int>{1, 2});
  CHECK(pawn.promotion_rank == 6);
  CHECK(only_refusal("[x:chess]\ndoubleStepRegionWhite = *2\ndoubleStepRegionBlack = *6\n") ==
        "line 2: [x:chess] doubleStepRegionWhite = *2: different ranks for the two sides are not supported");
  CHECK(only_refusal("[x:chess]\npromotionRegionWhite = d8 e8\n") ==
        "line 2: [x:chess] promotionRegionWhite = d8 e8: only regions of whole ranks (*2 *3) are supported");
  CHECK(only_refusal("[x:chess]\npromotionRegionWhite = *6\npromotionRegionBlack = *3\n") ==
        "line 1: [x:chess]: a promotion region other than the last ranks of the board is not supported");
  CHECK(only_refusal("[x:chess]\npawnTypes = pn\n") == "line 2: [x:chess] pawnTypes = pn: only the pawn type can be a pawn in our variants");
}

TEST_CASE("ini import: castling files, rank and rook piece, as Fairy-Stockfish makes them") {
  const VariantFile file = converted(R"([e:capablanca]
castlingKingsideFile = h
castlingQueensideFile = b
[r2:chess]
startFen = 8/rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1
castlingRank = 2
doubleStepRank = 3
[nz:newzealand]
[nc:chess]
castling = false
)");
  const Variant& e = named(file, "e");
  auto names = [](const Variant& v, const CastlingRule& r) {
    return v.geometry.name(r.king_from) + v.geometry.name(r.king_to) + " " + v.geometry.name(r.rook_from) + v.geometry.name(r.rook_to);
  };
  REQUIRE(e.castling[0].size() == 2);
  CHECK(names(e, e.castling[0][0]) == "f1h1 j1g1");
  CHECK(names(e, e.castling[0][1]) == "f1b1 a1c1");
  const Variant& r2 = named(file, "r2");
  REQUIRE(r2.castling[1].size() == 2);
  CHECK(names(r2, r2.castling[0][0]) == "e2g2 h2f2");
  CHECK(names(r2, r2.castling[1][1]) == "e7c7 a7d7");
  const Variant& nz = named(file, "nz");
  REQUIRE(nz.castling[0].size() == 2);
  CHECK(nz.castling[0][0].rook_kind == kind(nz, "rookni"));
  CHECK(named(file, "nc").castling[0].empty());
}

TEST_CASE("ini import: kingType, and shatranj's bare king from its extinction rule") {
  const VariantFile file = converted(R"([k:chess]
kingType = n
[s:shatranj]
)");
  const PieceKind& king = named(file, "k").kinds[kind(named(file, "k"), "king")];
  CHECK(king.legs.size() == 8);
  CHECK(std::all_of(king.legs.begin(), king.legs.end(), [](const Leg& l) { return std::abs(l.df) + std::abs(l.dr) == 3; }));
  const Variant& s = named(file, "s");
  CHECK(s.bare_king_loses);
  CHECK(s.stalemate_loses);
  CHECK(s.fifty_move_plies == 140);
  CHECK(s.lone_minor_kinds.empty());
}

TEST_CASE("ini import: a custom piece's first-move-only moves (i), made from the double-step ranks as Fairy-Stockfish") {
  const VariantFile file = converted("[sq:chess]\ncustomPiece1 = s:WiN\n[sq3:sq]\ndoubleStepRank = 3\n");
  const Variant& sq = named(file, "sq");
  const PieceKind& squire = sq.kinds[kind(sq, "customPiece1")];
  CHECK(squire.double_step_ranks == std::vector<int>{1});
  CHECK(std::count_if(squire.legs.begin(), squire.legs.end(), [](const Leg& l) { return l.initial; }) == 8);
  auto moves_from = [](const Variant& v, const std::string& fen, const std::string& from) {
    const Position pos = Position::from_fen(v, fen).value();
    const std::vector<Move> moves = pos.legal_moves();
    return std::count_if(moves.begin(), moves.end(), [&](const Move& m) { return pos.uci(m).rfind(from, 0) == 0; });
  };
  CHECK(moves_from(sq, "4k3/8/8/8/8/8/1S6/4K3 w - - 0 1", "b2") == 8);   // a4 c4 d3 d1 and four steps
  CHECK(moves_from(sq, "4k3/8/8/8/8/1S6/8/4K3 w - - 0 1", "b3") == 4);
  const Variant& sq3 = named(file, "sq3");
  CHECK(sq3.kinds[kind(sq3, "customPiece1")].double_step_ranks == std::vector<int>{2});
  CHECK(moves_from(sq3, "4k3/8/8/8/8/1S6/8/4K3 w - - 0 1", "b3") == 10);  // a1 c1 a5 c5 d2 d4 and four steps
  CHECK(only_refusal("[x:chess]\ncustomPiece1 = s:WiN\ndoubleStep = false\n") ==
        "line 2: [x:chess] customPiece1 = s:WiN: first-move-only moves (i) with doubleStep = false are not supported");
}

TEST_CASE("ini import: stalemateValue = win; bishops of one colour draw as in the built-ins") {
  const VariantFile file = converted("[sw:chess]\nstalemateValue = win\n[bb:chess]\n");
  const Variant& sw = named(file, "sw");
  CHECK(sw.stalemate_wins);
  CHECK(Position::from_fen(sw, "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1").value().outcome().score() == "0-1");
  const Variant& bb = named(file, "bb");
  CHECK(bb.kinds[kind(bb, "bishop")].same_colour_pair_draws);
  CHECK_FALSE(bb.kinds[kind(bb, "knight")].same_colour_pair_draws);
  // A bishop each: both on dark squares (c1, d6) draws; on squares of two colours (c1, d5) plays on.
  for (const Variant* v : {&bb, find_variant("chess")}) {
    const Outcome same = Position::from_fen(*v, "4k3/8/3b4/8/8/8/8/2B1K3 w - - 0 1").value().outcome();
    CHECK(same.reason == Reason::InsufficientMaterial);
    CHECK_FALSE(Position::from_fen(*v, "4k3/8/8/3b4/8/8/8/2B1K3 w - - 0 1").value().outcome().over());
  }
}

TEST_CASE("ini import: a refused section names the key, its line and the rule; the others still convert") {
  const std::string ini = R"([shogi]
shogiPawn = p
king = k
pieceDrops = true
mustCapture = true
[good:chess]
[bad:chess]
checkCounting = true
)";
  const IniImport imported = import_variants_ini(ini);
  CHECK(imported.converted == std::vector<std::string>{"good"});
  CHECK(refusals(ini) == std::vector<std::string>{
                             "line 4: [shogi] pieceDrops = true: drops are not supported",
                             "line 5: [shogi] mustCapture = true: compulsory captures are not supported",
                             "line 8: [bad:chess] checkCounting = true: winning by a count of checks is not supported",
                         });
  CHECK(load_variant_file(imported.toml).variants.size() == 1);
}

TEST_CASE("ini import: a rule inherited from a built-in or another section is refused in the child too") {
  CHECK(refusals("[mk:makruk]\n") ==
        std::vector<std::string>{
            "line 1: [mk:makruk] countingRule = makruk (Fairy-Stockfish's built-in makruk): counting rules (makruk, ASEAN) are not supported",
            "line 1: [mk:makruk] nMoveRule = 0 (Fairy-Stockfish's built-in makruk): a game without an n-move rule is not supported",
        });
  const std::string ini = "[a:chess]\nmustCapture = true\n[b:a]\n[c:a]\nmustCapture = false\n";
  CHECK(refusals(ini) == std::vector<std::string>{
                             "line 2: [a:chess] mustCapture = true: compulsory captures are not supported",
                             "line 2: [b:a] mustCapture = true (from [a]): compulsory captures are not supported",
                         });
  CHECK(import_variants_ini(ini).converted == std::vector<std::string>{"c"});
}

TEST_CASE("ini import: each rule our model lacks is refused with its line") {
  CHECK(only_refusal("[x:chess]\nstalemateValue = none\n") ==
        "line 2: [x:chess] stalemateValue = none: a stalemate that does not draw, lose or win for the stalemated side is not supported");
  CHECK(only_refusal("[x:chess]\nnFoldRule = 5\n") == "line 2: [x:chess] nFoldRule = 5: only threefold repetition is supported");
  CHECK(only_refusal("[x:chess]\nnMoveRule = 0\n") ==
        "line 2: [x:chess] nMoveRule = 0: a game without an n-move rule is not supported");
  CHECK(only_refusal("[x:chess]\ncheckmateValue = win\n") == "line 2: [x:chess] checkmateValue = win: checkmate must lose for the mated side");
  CHECK(only_refusal("[x:chess]\nchecking = false\n") == "line 2: [x:chess] checking = false: a game without checks is not supported");
  CHECK(only_refusal("[x:chess]\nchess960 = true\n") == "line 2: [x:chess] chess960 = true: Chess960 castling is not supported");
  CHECK(only_refusal("[x:chess]\npromotedPieceType = n:q\n") ==
        "line 2: [x:chess] promotedPieceType = n:q: promotion of men other than pawns is not supported");
  CHECK(only_refusal("[x:chess]\nmobilityRegionWhiteKing = d1 e1 f1\n") ==
        "line 2: [x:chess] mobilityRegionWhiteKing = d1 e1 f1: men confined to a region of the board are not supported");
  CHECK(only_refusal("[anti:chess]\nking = -\ncommoner = k\n") ==
        "line 1: [anti:chess]: no king (king = -): a variant without a royal piece is not supported");
  CHECK(only_refusal("[x:chess]\nextinctionValue = win\nextinctionPieceTypes = *\n") ==
        "line 2: [x:chess] extinctionValue = win: extinction rules other than shatranj's bare king are not supported");
  CHECK(only_refusal("[x:crazyhouse]\n").rfind("line 1: [x:crazyhouse]: no parent 'crazyhouse' before this section", 0) == 0);
  CHECK(only_refusal("[x:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n") ==
        "line 2: [x:chess] startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1: a start position with "
        "men in hand ([...]) is not supported");
  CHECK(only_refusal("[x:chess]\nimmobilityIllegal = true\ncustomPiece1 = s:fW\n") ==
        "line 3: [x:chess] customPiece1 = s:fW: immobilityIllegal = true for a piece that has no move from some squares is not supported");
  // Orda, as Fairy-Stockfish 11's variants.ini has it: the khan's campmate is a flag rule.
  CHECK(refusals(R"([orda:chess]
centaur = h
knibis = a
kniroo = l
silver = y
promotionPieceTypes = qh
startFen = lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1
flagPiece = k
whiteFlag = *8
blackFlag = *1
)") == std::vector<std::string>{
             "line 8: [orda:chess] flagPiece = k: capture-the-flag wins are not supported",
             "line 9: [orda:chess] whiteFlag = *8: capture-the-flag wins are not supported",
             "line 10: [orda:chess] blackFlag = *1: capture-the-flag wins are not supported",
         });
}

TEST_CASE("ini import: faults in how a section is written are refused with their line") {
  CHECK(only_refusal("[x:chess]\nfoo = 1\n") == "line 2: [x:chess] foo = 1: not a Fairy-Stockfish option this import converts");
  CHECK(only_refusal("[x:chess]\ncastling = maybe\n") == "line 2: [x:chess] castling = maybe: must be true or false");
  CHECK(only_refusal("[x:chess]\nmaxFile = 99\n") == "line 2: [x:chess] maxFile = 99: must be a number from 1 to 16");
  CHECK(only_refusal("[x:chess]\npromotionPieceTypes = qz\n") ==
        "line 2: [x:chess] promotionPieceTypes = qz: no piece has the letter 'z'");
  CHECK(only_refusal("[x:chess]\ncustomPiece1 = a\n") == "line 2: [x:chess] customPiece1 = a: must be letter:Betza (a:BN)");
  CHECK(only_refusal("[x:chess]\nknight = n:N\n") ==
        "line 2: [x:chess] knight = n:N: must be one letter (only king and customPieceN take a Betza)");
  CHECK(only_refusal("[x:chess]\ncustomPiece1 = a:Y\n").rfind("line 2: [x:chess] customPiece1 = a:Y: Betza Y at character 1: ", 0) == 0);
  CHECK(only_refusal("[x:chess]\nthis line has no equals sign\n") ==
        "line 2: [x:chess] 'this line has no equals sign': not a key = value line");
  CHECK(only_refusal("[b:a]\n[a:chess]\n").rfind("line 1: [b:a]: no parent 'a' before this section", 0) == 0);
  CHECK(only_refusal("[gothic]\n") == "line 1: [gothic]: is a Fairy-Stockfish built-in: give it another name");
  CHECK(only_refusal("[Mine:chess]\n") == "line 1: [Mine:chess]: a variant's name must be 1-32 of a-z 0-9 _ - in our variants file");
  CHECK(only_refusal("[x:chess]\n[x:chess]\n") == "line 2: [x:chess]: a second section of this name");
  CHECK(only_refusal("[kriegspiel:chess]\n") == "line 1: [kriegspiel:chess]: is a built-in variant; give yours another name");
  // Our loader has the last word: a setup it cannot read refuses the section at startFen's line.
  CHECK(only_refusal("[x:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1\n").rfind("line 2: [x:chess] startFen: ", 0) == 0);
}

TEST_CASE("ini import: --variant converts only the sections named, their parents still read") {
  const std::string ini = "[a:chess]\nmustCapture = true\n[b:a]\nmustCapture = false\n[c:chess]\n";
  const IniImport only_b = import_variants_ini(ini, {"b"});
  CHECK(only_b.converted == std::vector<std::string>{"b"});
  CHECK(only_b.refusals.empty());
  const IniImport missing = import_variants_ini(ini, {"c", "zz"});
  CHECK(missing.converted == std::vector<std::string>{"c"});
  REQUIRE(missing.refusals.size() == 1);
  CHECK(missing.refusals[0].message == "no section [zz] in the file");
}

TEST_CASE("crosscheck: tests/ini_import/variants/fairy.ini imported agrees with Fairy-Stockfish loading the same file") {
  const std::string ini = read_text(std::string(VARIANTS_DIR) + "/fairy.ini");
  const IniImport imported = import_variants_ini(ini);
  for (const IniRefusal& r : imported.refusals) FAIL(r.message);
  const VariantFile file = load_variant_file(imported.toml);
  for (const VariantFileError& e : file.errors) FAIL(e.message());
  REQUIRE(file.variants.size() == imported.converted.size());
  REQUIRE(file.variants.size() >= 6);
  // Debian's Fairy-Stockfish 11 has no customPieceN: it gets the named pieces that move the same.
  std::string theirs = ini;
  const std::vector<std::pair<std::string, std::string>> same_moves{{"customPiece1 = c:KN", "centaur = c"},
                                                                    {"customPiece2 = w:mNcR", "kniroo = w"}};
  for (const auto& [custom, named_piece] : same_moves) {
    const auto at = theirs.find(custom);
    REQUIRE(at != std::string::npos);
    theirs.replace(at, custom.size(), named_piece);
  }
  const std::string path = "/tmp/arbiter-fairy-" + std::to_string(getpid()) + ".ini";
  std::ofstream(path) << theirs;
  unsigned seed = 50;
  for (const Variant& v : file.variants) {
    arbiter::rules::testing::crosscheck(v, v.name, seed, 2, 4, 80, 1, path);
    arbiter::rules::testing::crosscheck(v, v.name, seed + 1, 3, 2, 80, 10, path);
    seed += 2;
  }
  std::remove(path.c_str());
}

TEST_CASE("crosscheck: shako's cannon converts once our Betza has hoppers, and is refused naming the hopper until then") {
  const std::string ini = "[shako-ini:shako]\n";
  const IniImport imported = import_variants_ini(ini);
  if (std::holds_alternative<BetzaError>(parse_betza("mRcpR"))) {
    REQUIRE(imported.refusals.size() == 1);
    CHECK(imported.refusals[0].message.rfind(
              "line 1: [shako-ini:shako] cannon = c (Fairy-Stockfish's built-in shako): Betza mRcpR at character", 0) == 0);
    CHECK(imported.refusals[0].message.find("hopper") != std::string::npos);
    return;
  }
  for (const IniRefusal& r : imported.refusals) FAIL(r.message);
  const VariantFile file = load_variant_file(imported.toml);
  REQUIRE(file.variants.size() == 1);
  const std::string path = "/tmp/arbiter-shako-" + std::to_string(getpid()) + ".ini";
  std::ofstream(path) << ini;
  arbiter::rules::testing::crosscheck(file.variants[0], "shako-ini", 70, 2, 4, 80, 1, path);
  std::remove(path.c_str());
}
