#include "rules/variant_file.h"

#include <doctest/doctest.h>

#include <set>

#include "rules/game.h"
#include "tests/rules/crosscheck.h"
#include "tests/support/read_text.h"

using namespace arbiter::rules;

using arbiter::testing::read_text;

namespace {

const Variant* named(const VariantFile& file, const std::string& name) {
  for (const Variant& v : file.variants)
    if (v.name == name) return &v;
  return nullptr;
}

VariantFile loaded(const std::string& text) {
  VariantFile file = load_variant_file(text);
  for (const auto& e : file.errors) FAIL(e.message());
  return file;
}

// The one error of a broken file, as check-variants prints it.
std::string only_error(const std::string& text) {
  VariantFile file = load_variant_file(text);
  CHECK(file.variants.empty());
  REQUIRE(file.errors.size() == 1);
  return file.errors[0].message();
}

std::string fairy_file() { return read_text(std::string(VARIANTS_DIR) + "/fairy.toml"); }

}  // namespace

TEST_CASE("variant file: a variant states what differs from its parent") {
  VariantFile file = loaded(R"(
[mine]
parent = "chess"
title = "Mine"
remove_pieces = ["queen"]
setup = "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1"
promotion_choices = ["amazon", "knight"]
[[mine.pieces]]
id = "amazon"
letter = "a"
betza = "QN"

[child]
parent = "mine"
title = "Child"
)");
  REQUIRE(file.variants.size() == 2);
  const Variant& mine = file.variants[0];
  CHECK(mine.name == "mine");
  CHECK(mine.kinds.size() == 6);
  CHECK(mine.kind_of('Q') == -1);
  CHECK(mine.kinds[mine.kind_of('A')].id == "amazon");
  CHECK(mine.promotion_choices == std::vector<int>{mine.kind_of('A'), mine.kind_of('N')});
  CHECK(mine.castling[0].size() == 2);
  CHECK(mine.castling[0][0].rook_kind == mine.kind_of('R'));
  CHECK(mine.lone_minor_kinds == std::vector<int>{mine.kind_of('B'), mine.kind_of('N')});
  CHECK(perft(Position::start(mine), 2) == 22 * 22);
  const Variant& child = file.variants[1];
  CHECK(child.title == "Child");
  CHECK(child.start_fen == mine.start_fen);
  CHECK(perft(Position::start(child), 3) == perft(Position::start(mine), 3));
}

TEST_CASE("variant file: the Fairy-Stockfish set loads, and each start has Fairy-Stockfish's move count") {
  VariantFile file = loaded(fairy_file());
  // `go perft 1` of fairy-stockfish 11.1 at each start.
  for (auto [name, moves] : {std::pair{"gothic", 28}, {"embassy", 28}, {"janus", 28}, {"modern", 24}, {"chancellor", 24},
                             {"courier", 26}, {"shatranj", 16}, {"almost", 22}, {"amazon", 22}, {"losalamos", 10},
                             {"gardner", 7}, {"shako", 58}}) {
    const Variant* v = named(file, name);
    REQUIRE_MESSAGE(v, name);
    CHECK_MESSAGE(perft(Position::start(*v), 1) == std::uint64_t(moves), name);
  }
}

TEST_CASE("variant file: every error names its line and field") {
  CHECK(only_error("[a]\nparent = \"chess\"\n[[a.pieces]]\nid = \"cannon\"\nletter = \"X\"\nbetza = \"mRcpN\"\n") ==
        "line 6: a.pieces[0].betza: at character 4: not supported: a hopper ('p') other than an unlimited rider (pR, gQ)");
  CHECK(only_error("[a]\nparent = \"chess\"\nfiles = 17\n") == "line 3: a.files: must be from 2 to 16");
  if (kMaxSquares < 256)  // a large-boards build takes every board of at most 16x16
    CHECK(only_error("[a]\nparent = \"chess\"\nfiles = 16\nranks = 16\n") ==
          "line 1: a.files: 16x16 is more than 128 squares (a build with ARBITER_LARGE_BOARDS takes up to 256: docs/variants.md, \"Large boards\")");
  CHECK(only_error("[a]\nparent = \"nosuch\"\n") == "line 2: a.parent: no variant 'nosuch'");
  CHECK(only_error("[a]\nparent = \"chess\"\ncolour = 1\n") == "line 3: a.colour: unknown field");
  CHECK(only_error("[a]\nparent = \"chess\"\nsetup = \"8/8/8/8/8/8/8/8 w - - 0 1\"\n") ==
        "line 3: a.setup: FEN must have exactly one white king");
  CHECK(only_error("[a]\nparent = \"chess\"\npromotion_choices = [\"queen\", \"wizard\"]\n") ==
        "line 3: a.promotion_choices[1]: no piece with this id");
  CHECK(only_error("[a]\nparent = \"chess\"\nstalemate = \"lose\"\n") ==
        "line 3: a.stalemate: must be \"draw\", \"loss\" or \"win\" (for the stalemated side)");
  CHECK(only_error("[a]\nparent = \"chess\"\n[[a.pieces]]\nid = \"wizard\"\nbetza = \"K\"\n") ==
        "line 1: a.pieces.wizard.letter: a new piece needs a letter");
  CHECK(only_error("[a]\nparent = \"chess\"\n[[a.pieces]]\nid = \"wizard\"\nletter = \"Q\"\nbetza = \"K\"\n") ==
        "line 1: a.pieces.wizard.letter: letter Q is taken by another piece");
  CHECK(only_error("[a]\nparent = \"chess\"\n[[a.pieces]]\nid = \"queen\"\nroyal = true\n") ==
        "line 1: a.pieces: exactly one piece must be royal, not 2");
  CHECK(only_error("[a]\nparent = \"chess\"\ncastling = { rook = \"rook\", K = { king = \"e1-z1\", rook = \"h1-f1\" } }\n") ==
        "line 3: a.castling.K: needs two moves on one rank of this board, written from-to (\"e1-g1\")");
  CHECK(only_error("[a]\nparent = \"chess\"\npromotion_choices = []\n") ==
        "line 1: a.promotion_choices: a piece that promotes (pawn) needs promotion_choices");
  CHECK(only_error("[chess]\ntitle = \"x\"\n") == "line 1: chess: is a built-in variant; give yours another name");
  CHECK(only_error("[a]\nparent = \"b\"\n[b]\nparent = \"a\"\n").find("a cycle") != std::string::npos);
  CHECK(only_error("[a]\ntitle = \"unclosed\n").rfind("line 2: file: not TOML", 0) == 0);
  CHECK(only_error("[a]\nparent = \"chess\"\nfiles = 10\n") ==
        "line 1: a.castling: the board changed: state castling again (or castling = false)");
}

TEST_CASE("variant file: stalemate = \"win\" gives the game to the stalemated side, as Fairy-Stockfish's stalemateValue") {
  VariantFile file = loaded("[sw]\nparent = \"chess\"\nstalemate = \"win\"\n[back]\nparent = \"sw\"\nstalemate = \"draw\"\n");
  const Variant* sw = named(file, "sw");
  REQUIRE(sw);
  CHECK(sw->stalemate_wins);
  CHECK_FALSE(sw->stalemate_loses);
  const Position stalemated = Position::from_fen(*sw, "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1").value();
  CHECK(stalemated.legal_moves().empty());
  CHECK(stalemated.outcome().reason == Reason::Stalemate);
  CHECK(stalemated.outcome().score() == "0-1");
  const Position mated = Position::from_fen(*sw, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1").value();
  CHECK(mated.outcome().reason == Reason::Checkmate);
  CHECK(mated.outcome().score() == "1-0");
  const Variant* back = named(file, "back");
  REQUIRE(back);
  CHECK(Position::from_fen(*back, "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1").value().outcome().score() == "1/2-1/2");
}

TEST_CASE("variant file: all errors of a file, not just the first") {
  VariantFile file = load_variant_file("[a]\nparent = \"chess\"\nfiles = 99\nranks = \"x\"\n[b]\nparent = \"gone\"\n");
  CHECK(file.variants.empty());
  CHECK(file.errors.size() == 3);
}

TEST_CASE("variant file: limits against a hostile file") {
  std::string many;
  for (int i = 0; i <= kMaxVariantsPerFile; ++i) many += "[v" + std::to_string(i) + "]\nparent = \"chess\"\n";
  CHECK(only_error(many) == "file: more than 64 variants");
  CHECK(only_error(std::string(kMaxVariantFileBytes + 1, '#')).find("larger than") != std::string::npos);
  std::string kinds = "[a]\nparent = \"chess\"\n";
  for (char c = 'A'; c <= 'K'; ++c) kinds += "[[a.pieces]]\nid = \"p" + std::string(1, c) + "\"\nletter = \"" + char(c + 12) + "\"\nbetza = \"W\"\n";
  CHECK(only_error(kinds).find("more than 16 piece kinds") != std::string::npos);
  // Twenty promotion choices would be twenty moves for each promotion, and overran the list of them.
  std::string queens = "[a]\nparent = \"chess\"\npromotion_choices = [\"queen\"";
  for (int i = 0; i < 19; ++i) queens += ", \"queen\"";
  VariantFile repeated = load_variant_file(queens + "]\n");
  CHECK(repeated.variants.empty());
  REQUIRE(repeated.errors.size() == 19);
  CHECK(repeated.errors[0].message() == "line 3: a.promotion_choices[1]: this id is listed already");
}

// Debian's toml++ reaches an "unreachable" branch on some of these where it expects whitespace or a
// key (tests/fuzz/variants_fuzz.cpp found it); TOML allows them only in strings and comments.
TEST_CASE("variant file: a character outside ASCII is refused outside strings and comments, with its line") {
  const std::string refused = "not TOML: a character outside ASCII stands outside a string or comment";
  CHECK(only_error("[a]\nparent = \"chess\"\ntitle = \xd2\x99\n") == "line 3: file: " + refused);
  CHECK(only_error("[a]\xc3\xa9\nparent = \"chess\"\n") == "line 1: file: " + refused);
  CHECK(only_error("[a]\ntitle = \"\"\"x\"\"\"\"\n\xc3\xa9 = 1\n") == "line 3: file: " + refused);
  VariantFile file = loaded("[a]  # caf\xc3\xa9 \xd2\x99\nparent = 'chess'\ntitle = \"caf\xc3\xa9 \\\" \xd2\x99\"\n"
                            "description = '''\n\xd2\x99\n'''\n");
  CHECK(file.variants.at(0).title == "caf\xc3\xa9 \" \xd2\x99");
  CHECK(loaded("\xef\xbb\xbf[a]\nparent = \"chess\"\n").variants.size() == 1);  // a byte-order mark first
}

TEST_CASE("variant file: a pawn with every promotion choice and every facing moves once for each kind it may end as") {
  std::string text = "[facets]\nparent = \"chess\"\ncastling = false\nsetup = \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"\n";
  std::string ids = "\"queen\", \"rook\", \"bishop\", \"knight\"", pieces;
  for (char c : std::string("ACDEFGHIJL")) {
    pieces += std::string("[[facets.pieces]]\nid = \"x") + c + "\"\nletter = \"" + c + "\"\nbetza = \"W\"\n";
    ids += std::string(", \"x") + c + "\"";
  }
  text += "promotion_choices = [" + ids + "]\n" + pieces + "[[facets.pieces]]\nid = \"pawn\"\nfacings = [" + ids + "]\n";
  VariantFile file = loaded(text);
  const Position start = Position::from_fen(file.variants.at(0), file.variants.at(0).start_fen).value();
  std::multiset<int> promoted;
  int turns = 0;
  for (const Move& m : start.legal_moves()) {
    if (start.uci(m).rfind("a7a8", 0) == 0) promoted.insert(m.promotion);
    if (m.from == m.to) ++turns;
  }
  CHECK(promoted.size() == 14);  // each kind once, as a promotion or a facing: no move listed twice
  CHECK(std::set<int>(promoted.begin(), promoted.end()).size() == 14);
  CHECK(turns == 14);  // the pawn turning where it stands into each other kind
}

// Fairy-Stockfish's built-in variant of each name, against ours from the file: positions from
// seeded random play, perft 2 divided at each, perft 3 divided at every tenth.
TEST_CASE("crosscheck: the variants file's Fairy-Stockfish set agrees with Fairy-Stockfish") {
  VariantFile file = loaded(fairy_file());
  unsigned seed = 100;
  CHECK(file.variants.size() == 12);
  for (const Variant& v : file.variants) {
    arbiter::rules::testing::crosscheck(v, v.name, seed, 2, 4, 80);
    arbiter::rules::testing::crosscheck(v, v.name, seed + 1, 3, 2, 80, 10);
    seed += 2;
  }
}

TEST_CASE("variant file: the worked example of rules/VARIANTS.md loads") {
  const std::string doc = read_text(std::string(VARIANTS_DIR) + "/../../../rules/VARIANTS.md");
  const auto start = doc.find("```toml\n");
  REQUIRE(start != std::string::npos);
  const auto end = doc.find("```\n", start + 8);
  VariantFile file = loaded(doc.substr(start + 8, end - start - 8));
  REQUIRE(file.variants.size() == 2);
  CHECK(file.variants[0].name == "janus");
  CHECK(file.variants[1].stalemate_loses);
  CHECK(file.variants[1].kind_of('W') >= 0);
}
