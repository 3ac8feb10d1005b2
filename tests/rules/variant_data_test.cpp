// The rules read castling partners, promotion limits and double steps from the variant's data and
// the move, never from a piece letter or a rank distance.
#include <doctest/doctest.h>

#include <algorithm>

#include "rules/game.h"
#include "rules/variant.h"

using namespace arbiter::rules;

namespace {

// Chess with the rook written 'T' (German Turm): nothing may assume the letter 'R'.
const Variant& chess_with_turm() {
  static const Variant variant = [] {
    Variant v = *find_variant("chess");
    v.name = "chess-turm";
    v.kinds[v.kind_of('R')].letter = 'T';
    v.start_fen = "tnbqkbnt/pppppppp/8/8/8/8/PPPPPPPP/TNBQKBNT w KQkq - 0 1";
    v.finish();
    return v;
  }();
  return variant;
}

// Chess in which a side may have one queen and one rook at most: promotion stops at the limit.
const Variant& chess_with_limits() {
  static const Variant variant = [] {
    Variant v = *find_variant("chess");
    v.name = "chess-limited";
    v.kinds[v.kind_of('Q')].promotion_limit = 1;
    v.kinds[v.kind_of('R')].promotion_limit = 1;
    v.finish();
    return v;
  }();
  return variant;
}

Position at(const Variant& variant, const std::string& fen) {
  auto pos = Position::from_fen(variant, fen);
  REQUIRE_MESSAGE(pos.ok(), fen << ": " << (pos.ok() ? "" : pos.error()));
  return *pos;
}

std::vector<std::string> promotions_from(const Position& pos, const std::string& from) {
  std::vector<std::string> out;
  for (const Move& m : pos.legal_moves())
    if (m.promotion >= 0 && pos.uci(m).rfind(from, 0) == 0) out.push_back(pos.uci(m));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("castling: the rook's kind comes from the castling rule, not from its letter") {
  const Variant& v = chess_with_turm();
  for (const auto& rules : v.castling)
    for (const CastlingRule& rule : rules) CHECK(rule.rook_kind == v.kind_of('T'));
  Position pos = at(v, "t3k2t/8/8/8/8/8/8/T3K2T w KQkq - 0 1");
  auto castle = pos.parse_uci("e1g1");
  REQUIRE(castle.ok());
  CHECK(castle->kind == Move::Kind::Castle);
  pos.play(*castle);
  CHECK(pos.fen() == "t3k2t/8/8/8/8/8/8/T4TK1 b kq - 1 1");
  // A right with another kind on the rook's square is refused, as with a missing rook.
  CHECK_FALSE(Position::from_fen(v, "n3k2t/8/8/8/8/8/8/T3K2T w Qq - 0 1").ok());
}

TEST_CASE("promotion limit: a side promotes to a kind only while it has fewer than its limit") {
  const Variant& v = chess_with_limits();
  // White has a queen and no rook: the rook is still open, the queen is not; bishops and knights
  // have no limit.
  CHECK(promotions_from(at(v, "4k3/P7/8/8/8/8/8/Q3K3 w - - 0 1"), "a7") ==
        std::vector<std::string>{"a7a8b", "a7a8n", "a7a8r"});
  CHECK(promotions_from(at(v, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "a7") ==
        std::vector<std::string>{"a7a8b", "a7a8n", "a7a8q", "a7a8r"});
  // Black's queen counts for Black only.
  CHECK(promotions_from(at(v, "4k2q/P7/8/8/8/8/8/4K3 w - - 0 1"), "a7").size() == 4);
  // Plain chess has no limit: a fourth queen is fine.
  auto chess = Position::from_fen(*find_variant("chess"), "4k3/P7/8/8/8/8/8/QQQ1K3 w - - 0 1");
  REQUIRE(chess.ok());
  CHECK(chess->parse_uci("a7a8q").ok());
}

TEST_CASE("double step: a move kind of its own, which alone leaves an en-passant square") {
  const Variant& chess = *find_variant("chess");
  Position pos = at(chess, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  auto two = pos.parse_uci("e2e4"), one = pos.parse_uci("e2e3");
  REQUIRE(two.ok());
  REQUIRE(one.ok());
  CHECK(two->kind == Move::Kind::DoubleStep);
  CHECK(one->kind == Move::Kind::Normal);
  // The same squares as a plain move are not a legal move: the kind is part of the move.
  CHECK_FALSE(pos.is_legal(Move{two->from, two->to, -1, Move::Kind::Normal}));
  pos.play(*two);
  CHECK(pos.fen() == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");

  // Grand's pawns step from the third rank; Centennial's unmoved stewards from the second.
  CHECK(Position::start(*find_variant("grand")).parse_uci("e3e5")->kind == Move::Kind::DoubleStep);
  Position steward = at(*find_variant("centennial"), "4k5/10/10/10/10/10/10/10/4S5/4K5 w - - 0 1");
  CHECK(steward.parse_uci("e2e4")->kind == Move::Kind::DoubleStep);
  CHECK(steward.parse_uci("e2e3")->kind == Move::Kind::Normal);
}

TEST_CASE("en passant: a FEN's square stands only where an enemy pawn has just passed it") {
  const Variant& chess = *find_variant("chess");
  CHECK(at(chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").fen() == "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  // No pawn beyond the square, or a man on the square it came from: the square is ignored.
  CHECK(at(chess, "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 2").fen() == "4k3/8/8/4P3/8/8/8/4K3 w - - 0 2");
  CHECK(at(chess, "4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 2").fen() == "4k3/3n4/8/3pP3/8/8/8/4K3 w - - 0 2");
  // Found by fuzzing: Grand with White's "en passant" onto e4, where no black pawn passed; taking
  // there removed a man from the empty e3.
  Position grand = at(*find_variant("grand"), "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPP1PPPPP/1NB1KCACn1/R8R w - e4 0 3");
  CHECK(grand.fen() == "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPP1PPPPP/1NB1KCACn1/R8R w - - 0 3");
  for (const Move& m : grand.legal_moves()) CHECK(m.kind != Move::Kind::EnPassant);
}
