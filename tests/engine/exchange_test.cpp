// Static exchange evaluation: the balance of the exchange a move starts on its square, checked
// against the worth of the men each position puts there (the answers follow from the values, so
// a change of values keeps the tests true).
#include <doctest/doctest.h>

#include <string_view>
#include <vector>

#include "engine/evaluate.h"
#include "engine/exchange.h"
#include "rules/game.h"

using namespace arbiter;

namespace {

struct Case {
  rules::Position pos;
  std::vector<int> values;
  int worth_at(std::string_view square) const {
    return values[pos.piece_at(pos.variant().geometry.parse(square))->kind];
  }
  int exchange_of(std::string_view uci) const {
    const auto moves = pos.legal_moves();
    const auto move = pos.parse_uci(uci, moves);
    REQUIRE(move.ok());
    return engine::exchange(pos, *move, values);
  }
};

Case make(std::string_view variant_name, std::string_view fen) {
  const rules::Variant& v = *rules::find_variant(variant_name);
  auto pos = rules::Position::from_fen(v, fen);
  REQUIRE(pos.ok());
  std::vector<int> values;
  for (int k = 0; k < int(v.kinds.size()); ++k) values.push_back(engine::Evaluator::of(v).value(k));
  return {*pos, values};
}

}  // namespace

TEST_CASE("an undefended man is won whole") {
  const Case c = make("chess", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1");
  CHECK(c.exchange_of("d1d5") == c.worth_at("d5"));
}

TEST_CASE("a queen that takes a defended pawn loses itself for the pawn") {
  const Case c = make("chess", "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1");
  CHECK(c.exchange_of("d1d5") == c.worth_at("d5") - c.worth_at("d1"));
}

TEST_CASE("a rook behind a rook joins the exchange when the first one has gone") {
  // Rxd5 Rxd5 Rxd5: the pawn is won, the rooks are traded.
  const Case c = make("chess", "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1");
  CHECK(c.exchange_of("d2d5") == c.worth_at("d5"));
  // Without the second rook the defender's rook wins the first.
  const Case alone = make("chess", "3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1");
  CHECK(alone.exchange_of("d2d5") == alone.worth_at("d5") - alone.worth_at("d2"));
}

TEST_CASE("a side stops recapturing when going on would cost it") {
  // Rxd5: the queen could take back, but the second rook would then win it; it stays away.
  const Case c = make("chess", "3qk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1");
  CHECK(c.exchange_of("d2d5") == c.worth_at("d5"));
}

TEST_CASE("a quiet move onto a square a pawn guards gives the man away") {
  const Case c = make("chess", "4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1");
  CHECK(c.exchange_of("c3d5") == -c.worth_at("c3"));
  CHECK(c.exchange_of("c3b5") == 0);
}

TEST_CASE("the compound men on a 10-file board: the archbishop's knight leap defends") {
  // An archbishop on g7 guards e6 by its knight leap: the chancellor that takes the pawn is lost.
  const Case c = make("capablanca", "4k5/6a3/4p5/10/10/10/4C5/5K4 w - - 0 1");
  CHECK(c.exchange_of("e2e6") == c.worth_at("e6") - c.worth_at("e2"));
  const Case undefended = make("capablanca", "4k5/10/4p5/10/10/10/4C5/5K4 w - - 0 1");
  CHECK(undefended.exchange_of("e2e6") == undefended.worth_at("e6"));
}
