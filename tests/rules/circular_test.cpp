// circular.md, both rule sets: the ring's moves across the seam between cells 16 and 1 and at the
// inner and outer rings, the two pawn directions, the king-capture rule (circular), and the
// meeting pawns, stalemate and bare king (byzantine).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "rules/game.h"
#include "rules/placement.h"
#include "rules/variant.h"

using namespace arbiter::rules;

namespace {

// A position string with the given men ("Ka1", "vd7") and the rest of the ring empty.
std::string ring_fen(std::initializer_list<std::string> men, char side = 'w') {
  // Every ring variant shares the circular board's geometry: rings a-d as files, cells 1-16 as ranks.
  const Geometry& ring = find_variant("circular")->geometry;
  std::map<Square, char> letter_on;
  for (const std::string& man : men) letter_on[ring.parse(man.substr(1))] = man[0];
  std::string placement;
  append_placement_letters(placement, ring, [&](Square s) {
    auto found = letter_on.find(s);
    return found == letter_on.end() ? '\0' : found->second;
  });
  return placement + ' ' + side + " - - 0 1";
}

Position at(const char* variant, const std::string& fen) {
  auto pos = Position::from_fen(*find_variant(variant), fen);
  REQUIRE_MESSAGE(pos.ok(), fen << ": " << (pos.ok() ? "" : pos.error()));
  return *pos;
}

// The moves of the man on `square`, as UCI strings, sorted.
std::vector<std::string> moves_from(const Position& pos, const std::string& square) {
  std::vector<std::string> out;
  for (const Move& m : pos.legal_moves())
    if (m.from == pos.variant().geometry.parse(square)) out.push_back(pos.uci(m));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> list) {
  std::sort(list.begin(), list.end());
  return list;
}

Position after(Position pos, const std::string& uci) {
  auto move = pos.parse_uci(uci);
  REQUIRE_MESSAGE(move.ok(), uci << ": " << (move.ok() ? "" : move.error()));
  pos.play(*move);
  return pos;
}

std::string outcome_of(const Position& pos) {
  Outcome o = pos.outcome();
  return std::string(o.score()) + " " + std::string(to_string(o.reason));
}

}  // namespace

TEST_CASE("ring: the rook goes round either way, never back to its own square, each square once") {
  for (const char* variant : {"circular", "byzantine"}) {
    auto open = at(variant, ring_fen({"Ka5", "Rc16", "ka12"}));
    std::vector<std::string> expected{"c16a16", "c16b16", "c16d16"};
    for (int cell = 1; cell <= 15; ++cell) expected.push_back("c16c" + std::to_string(cell));
    CHECK(moves_from(open, "c16") == sorted(expected));

    // Blocked both ways round: up across the seam to the capture on c4, down to c13.
    auto blocked = at(variant, ring_fen({"Kd8", "Rc16", "Nc12", "ka12", "nc4"}));
    CHECK(moves_from(blocked, "c16") ==
          sorted({"c16c1", "c16c2", "c16c3", "c16c4", "c16c15", "c16c14", "c16c13", "c16a16", "c16b16", "c16d16"}));
  }
}

TEST_CASE("ring: bishop, knight, king and queen across the seam at the inner and outer rings") {
  auto inner_bishop = at("circular", ring_fen({"Kc8", "Ba16", "ka9"}));
  CHECK(moves_from(inner_bishop, "a16") == sorted({"a16b1", "a16c2", "a16d3", "a16b15", "a16c14", "a16d13"}));
  auto outer_bishop = at("circular", ring_fen({"Kc8", "Bd1", "ka9"}));
  CHECK(moves_from(outer_bishop, "d1") == sorted({"d1c2", "d1b3", "d1a4", "d1c16", "d1b15", "d1a14"}));

  auto inner_knight = at("circular", ring_fen({"Kc8", "Na16", "ka9"}));
  CHECK(moves_from(inner_knight, "a16") == sorted({"a16b2", "a16b14", "a16c1", "a16c15"}));
  auto outer_knight = at("circular", ring_fen({"Kc8", "Nd1", "ka9"}));
  CHECK(moves_from(outer_knight, "d1") == sorted({"d1c3", "d1c15", "d1b2", "d1b16"}));

  auto inner_king = at("circular", ring_fen({"Ka16", "ka8"}));
  CHECK(moves_from(inner_king, "a16") == sorted({"a16a1", "a16a15", "a16b16", "a16b1", "a16b15"}));
  auto outer_king = at("circular", ring_fen({"Kd1", "kd9"}));
  CHECK(moves_from(outer_king, "d1") == sorted({"d1d2", "d1d16", "d1c1", "d1c2", "d1c16"}));

  auto queen = at("circular", ring_fen({"Kc7", "Qb16", "ka9"}));
  CHECK(moves_from(queen, "b16").size() == 15 + 3 + 6);  // round ring b, along cell 16, diagonals
  CHECK(queen.parse_uci("b16b1").ok());
  CHECK(queen.parse_uci("b16a1").ok());
  CHECK(queen.parse_uci("b16d2").ok());
}

TEST_CASE("byzantine: counsellor one step and elephant two diagonally, the elephant jumping") {
  auto counsellor = at("byzantine", ring_fen({"Kc8", "Fa16", "Fd1", "ka9"}));
  CHECK(moves_from(counsellor, "a16") == sorted({"a16b1", "a16b15"}));
  CHECK(moves_from(counsellor, "d1") == sorted({"d1c2", "d1c16"}));

  auto elephant = at("byzantine", ring_fen({"Kc8", "Ea16", "Nb1", "Ed1", "ka9"}));
  CHECK(moves_from(elephant, "a16") == sorted({"a16c2", "a16c14"}));
  CHECK(moves_from(elephant, "d1") == sorted({"d1b3", "d1b15"}));
}

TEST_CASE("ring: a rook checks across the seam") {
  auto pos = at("byzantine", ring_fen({"Ka2", "kd8", "ra14"}));
  CHECK(pos.in_check());
  CHECK(moves_from(pos, "a2") == sorted({"a2b1", "a2b2", "a2b3"}));
}

TEST_CASE("circular: pawns in both directions, double steps from their own start cells, no en passant") {
  auto pos = at("circular", ring_fen({"Kc12", "Pa2", "Vb15", "Pd3", "kc6", "pd10", "va7"}));
  CHECK(moves_from(pos, "a2") == sorted({"a2a3", "a2a4"}));
  CHECK(moves_from(pos, "b15") == sorted({"b15b14", "b15b13"}));
  CHECK(moves_from(pos, "d3") == std::vector<std::string>{"d3d4"});
  auto black = at("circular", ring_fen({"Kc12", "Pa2", "Vb15", "kc6", "pd10", "va7"}, 'b'));
  CHECK(moves_from(black, "d10") == sorted({"d10d11", "d10d12"}));
  CHECK(moves_from(black, "a7") == sorted({"a7a6", "a7a5"}));

  // Captures one cell forward and one ring in or out, in each pawn's own direction.
  auto captures = at("circular", ring_fen({"Kd8", "Pb3", "Vb13", "na4", "nc4", "na12", "nc12", "kd16"}));
  CHECK(moves_from(captures, "b3") == sorted({"b3b4", "b3a4", "b3c4"}));
  CHECK(moves_from(captures, "b13") == sorted({"b13b12", "b13a12", "b13c12"}));

  // a2a4 passes a3, which the black pawn on b4 attacks: still no en passant.
  auto before = at("circular", ring_fen({"Kd8", "Pa2", "vb4", "kd12"}));
  auto passed = after(before, "a2a4");
  CHECK(passed.fen() == ring_fen({"Kd8", "Pa4", "vb4", "kd12"}, 'b'));
  CHECK(moves_from(passed, "b4") == std::vector<std::string>{"b4b3"});
}

TEST_CASE("circular: each pawn promotes on the first square of the enemy king/queen line in its direction") {
  auto white = at("circular", ring_fen({"Kb4", "Pa7", "Vc10", "kb12"}));
  CHECK(moves_from(white, "a7") == sorted({"a7a8q", "a7a8r", "a7a8b", "a7a8n"}));
  CHECK(moves_from(white, "c10") == sorted({"c10c9q", "c10c9r", "c10c9b", "c10c9n"}));
  auto black = at("circular", ring_fen({"Kb4", "pc15", "vd2", "kb12"}, 'b'));
  CHECK(moves_from(black, "c15") == sorted({"c15c16q", "c15c16r", "c15c16b", "c15c16n"}));
  CHECK(moves_from(black, "d2") == sorted({"d2d1q", "d2d1r", "d2d1b", "d2d1n"}));
  CHECK(white.san(*white.parse_uci("a7a8q")) == "a8=Q");
  CHECK(after(white, "c10c9n").fen() == ring_fen({"Kb4", "Pa7", "Nc9", "kb12"}, 'b'));

  // A pawn cannot stand on its own promotion square.
  for (const char* man : {"Pa8", "Va9", "pa16", "va1"})
    CHECK_FALSE(Position::from_fen(*find_variant("circular"), ring_fen({"Kc4", "kc12", man})).ok());
  CHECK(Position::from_fen(*find_variant("circular"), ring_fen({"Kc4", "kc12", "Va8", "Pa9"})).ok());
}

TEST_CASE("byzantine: pawns step once, go on round the ring across the seam, never promote") {
  auto pos = at("byzantine", ring_fen({"Ka6", "Pa2", "Pc16", "Pb7", "nb1", "rd1", "ka12"}));
  CHECK(moves_from(pos, "a2") == std::vector<std::string>{"a2a3"});
  CHECK(moves_from(pos, "c16") == sorted({"c16c1", "c16b1", "c16d1"}));
  CHECK(moves_from(pos, "b7") == std::vector<std::string>{"b7b8"});
  auto black = at("byzantine", ring_fen({"Ka6", "vc1", "ka12"}, 'b'));
  CHECK(moves_from(black, "c1") == std::vector<std::string>{"c1c16"});
}

TEST_CASE("circular: a king left in check may be captured, which ends the game") {
  auto checked = at("circular", ring_fen({"Ka1", "Nc5", "ka9", "rd1"}));
  CHECK(checked.in_check());
  CHECK(checked.legal_moves().size() == 5 + 6);  // every king and knight move, even those that stay in check
  auto ignored = after(checked, "c5d7");
  CHECK(ignored.outcome().over() == false);
  auto taken = after(ignored, "d1a1");
  CHECK(taken.king(Color::White) == kNoSquare);
  CHECK(taken.legal_moves().empty());
  CHECK(perft(taken, 1) == 0);
  CHECK(outcome_of(taken) == "0-1 king_captured");
  CHECK(taken.fen() == "4/4/4/4/4/4/4/k3/4/3N/4/4/4/4/4/r3 w - - 0 2");
  CHECK(at("circular", taken.fen()).fen() == taken.fen());
  CHECK_FALSE(Position::from_fen(*find_variant("byzantine"), taken.fen()).ok());  // ordinary legality needs both kings
}

TEST_CASE("circular: when no move keeps the king safe the game is over: mate in check, stalemate out of it") {
  auto mate = at("circular", ring_fen({"Ka1", "ra9", "rb9", "kd8"}));
  CHECK(mate.legal_moves().empty());
  CHECK(outcome_of(mate) == "0-1 checkmate");

  auto stalemate = at("circular", ring_fen({"Ka1", "rb9", "nc1", "kd8"}));
  CHECK_FALSE(stalemate.in_check());
  CHECK(stalemate.legal_moves().empty());
  CHECK(outcome_of(stalemate) == "1/2-1/2 stalemate");

  // Mated, but the black king is en prise: taking it wins, so the game goes on and every move is playable.
  auto en_prise = at("circular", ring_fen({"Ka1", "Nc7", "ka8", "ra9", "rb9", "nc1"}));
  CHECK(en_prise.in_check());
  CHECK(en_prise.legal_moves().size() == 5 + 6);
  CHECK(outcome_of(after(en_prise, "c7a8")) == "1-0 king_captured");
}

TEST_CASE("circular: insufficient material as in chess") {
  CHECK(outcome_of(at("circular", ring_fen({"Ka1", "Nc5", "kc9"}))) == "1/2-1/2 insufficient_material");
  CHECK(outcome_of(at("circular", ring_fen({"Ka1", "Ba3", "kc9", "bb2"}))) == "1/2-1/2 insufficient_material");
  CHECK(outcome_of(at("circular", ring_fen({"Ka1", "Ra3", "kc9"}))) == "* ");
}

TEST_CASE("byzantine: two pawns of one side meeting head-on leave the board") {
  auto pos = at("byzantine", ring_fen({"Ka1", "Pc5", "Vc7", "Nd12", "ka9", "pb14"}));
  auto met = after(pos, "c5c6");
  CHECK(met.fen() == ring_fen({"Ka1", "Nd12", "ka9", "pb14"}, 'b'));
  CHECK(met.halfmove_clock() == 0);
  CHECK(outcome_of(met) == "* ");

  // Across the seam: the pawn moving up reaches a1, facing the pawn on a2 moving down.
  auto seam = at("byzantine", ring_fen({"Kd8", "Pa16", "Va2", "Nc5", "kd12"}));
  CHECK(after(seam, "a16a1").fen() == ring_fen({"Kd8", "Nc5", "kd12"}, 'b'));

  // Back to back they stay, and so do two pawns of different sides face to face.
  auto away = at("byzantine", ring_fen({"Ka1", "Pc6", "Vd6", "nc5", "ka9"}));
  CHECK(after(away, "d6c5").fen() == ring_fen({"Ka1", "Pc6", "Vc5", "ka9"}, 'b'));
  auto enemies = at("byzantine", ring_fen({"Ka1", "Pc5", "Nd12", "vc7", "ka9"}));
  CHECK(after(enemies, "c5c6").fen() == ring_fen({"Ka1", "Pc6", "Nd12", "vc7", "ka9"}, 'b'));
}

TEST_CASE("byzantine: a move is judged legal on the position after the meeting pawns are gone") {
  // The two white pawns shield the king on c10 from the rook on c1 the short way round.
  auto shielded = at("byzantine", ring_fen({"Kc10", "Vc9", "Pc7", "Nc12", "rc1", "ka4"}));
  CHECK(moves_from(shielded, "c7").empty());
  CHECK(moves_from(shielded, "c9").empty());
  auto unshielded = at("byzantine", ring_fen({"Kc10", "Vc9", "Pc7", "Nc12", "ka4"}));
  CHECK(moves_from(unshielded, "c7") == std::vector<std::string>{"c7c8"});
}

TEST_CASE("byzantine: stalemate loses for the stalemated side") {
  auto pos = at("byzantine", ring_fen({"Ka1", "Pd5", "rb9", "nc1", "vd6", "kd9"}));
  CHECK_FALSE(pos.in_check());
  CHECK(pos.legal_moves().empty());
  CHECK(outcome_of(pos) == "0-1 stalemate");
}

TEST_CASE("byzantine: baring the king wins unless the bared side bares back at once") {
  // White cannot answer by taking the rook: Black wins at once.
  auto lost = after(at("byzantine", ring_fen({"Ka1", "Nb12", "ka9", "rd12"}, 'b')), "d12b12");
  CHECK(outcome_of(lost) == "0-1 bare_king");

  // White can: the game goes on for that one reply.
  auto reply = after(at("byzantine", ring_fen({"Ka13", "Nb12", "ka9", "rd12"}, 'b')), "d12b12");
  CHECK(outcome_of(reply) == "* ");
  CHECK(moves_from(reply, "a13") == sorted({"a13a14", "a13b12"}));
  CHECK(outcome_of(after(reply, "a13b12")) == "1/2-1/2 bare_king");
  CHECK(outcome_of(after(reply, "a13a14")) == "0-1 bare_king");

  // Bared by its own pawns meeting: lost.
  auto own = after(at("byzantine", ring_fen({"Ka1", "Pc5", "Vc7", "ka9", "rd12"})), "c5c6");
  CHECK(outcome_of(own) == "0-1 bare_king");
}

TEST_CASE("circular and byzantine: start positions, position strings and perft") {
  const Variant& circular = *find_variant("circular");
  const Variant& byzantine = *find_variant("byzantine");
  CHECK(circular.geometry.wraps());
  CHECK(circular.geometry.files() == 4);
  CHECK(circular.geometry.ranks() == 16);
  CHECK(circular.start_fen == "QBNR/VVVV/4/4/4/4/pppp/qbnr/kbnr/vvvv/4/4/4/4/PPPP/KBNR w - - 0 1");
  CHECK(byzantine.start_fen == "FENR/VVVV/4/4/4/4/pppp/kenr/fenr/vvvv/4/4/4/4/PPPP/KENR w - - 0 1");
  for (const Variant* v : {&circular, &byzantine}) {
    auto start = Position::start(*v);
    CHECK(start.fen() == v->start_fen);
    CHECK(start.piece_at(v->geometry.parse("a1"))->kind == v->royal_kind());
    auto played = after(after(after(start, "b2b3"), "d7d6"), "c16d14");
    CHECK(at(v->name.c_str(), played.fen()).fen() == played.fen());
    CHECK(at(v->name.c_str(), played.fen()).hash() == played.hash());
  }
  CHECK(Position::start(byzantine).piece_at(byzantine.geometry.parse("a9"))->kind == byzantine.royal_kind());
  CHECK_FALSE(Position::from_fen(circular, "QBNR/VVVV/4/4/4/4/pppp/qbnr/kbnr/vvvv/4/4/4/PPPP/KBNR w - - 0 1").ok());
  CHECK_FALSE(Position::from_fen(circular, ring_fen({"Ka1", "Kb1", "kc9"})).ok());

  auto circular_start = Position::start(circular);
  CHECK(perft(circular_start, 1) == 20);
  CHECK(perft(circular_start, 2) == 400);
  CHECK(perft(circular_start, 3) == 8'584);
  CHECK(perft(circular_start, 4) == 184'031);
  // The rules file's cross-check: ordinary legality instead of the king-capture rule.
  Variant strict = *find_variant("circular");
  strict.legality = Legality::Strict;
  strict.finish();
  CHECK(perft(Position::start(strict), 4) == 184'025);

  auto byzantine_start = Position::start(byzantine);
  CHECK(perft(byzantine_start, 1) == 14);
  CHECK(perft(byzantine_start, 2) == 196);
  CHECK(perft(byzantine_start, 3) == 2'912);
}

TEST_CASE("SAN on the ring: a pawn moving up and one moving down reaching one square are told apart") {
  auto quiet = at("circular", ring_fen({"Kd8", "Pa3", "Va5", "kd12"}));
  CHECK(quiet.san(*quiet.parse_uci("a3a4")) == "a3a4");
  CHECK(quiet.san(*quiet.parse_uci("a5a4")) == "a5a4");
  auto captures = at("circular", ring_fen({"Kd8", "Pb3", "Vb5", "na4", "kd12"}));
  CHECK(captures.san(*captures.parse_uci("b3a4")) == "b3xa4");
  CHECK(captures.san(*captures.parse_uci("b5a4")) == "b5xa4");
  CHECK(captures.san(*captures.parse_uci("b3b4")) == "b3b4");  // b5 moving down reaches b4 too
  auto single = at("circular", ring_fen({"Kd8", "Pb3", "na4", "kd12"}));
  CHECK(single.san(*single.parse_uci("b3a4")) == "bxa4");
}

TEST_CASE("games played to the end through rules::Game") {
  auto circular = Game::from(*find_variant("circular"), find_variant("circular")->start_fen,
                             {"c1d3", "b7b5", "d3c5", "a8b7", "c5b7"});
  REQUIRE(circular.ok());
  CHECK(circular->sans() == std::vector<std::string>{"Nd3", "b5", "Nc5", "Kb7", "Nxb7"});
  CHECK(circular->outcome().result == Outcome::Result::WhiteWins);
  CHECK(to_string(circular->outcome().reason) == "king_captured");
  CHECK_FALSE(Game::from(*find_variant("circular"), find_variant("circular")->start_fen,
                         {"c1d3", "b7b5", "d3c5", "a8b7", "c5b7", "a9a10"}).ok());

  auto byzantine = Game::from(*find_variant("byzantine"), find_variant("byzantine")->start_fen,
                              {"c16d14", "d10d11", "d14b13", "a7a6", "b13d12", "c8b6", "d12c10"});
  REQUIRE(byzantine.ok());
  CHECK(byzantine->sans().back() == "Nxc10#");
  CHECK(byzantine->outcome().result == Outcome::Result::WhiteWins);
  CHECK(to_string(byzantine->outcome().reason) == "checkmate");
}
