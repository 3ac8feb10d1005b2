#include "engine/transposition.h"

#include <doctest/doctest.h>

using namespace arbiter;

// A move stored in the table is the move read back, on every square of the largest board the
// build takes (256 in a large-boards build) and with every promotion and kind of move.
TEST_CASE("transposition table: a move packs and unpacks to itself on every square") {
  int checked = 0;
  for (rules::Square from = 0; from < rules::kMaxSquares; ++from)
    for (rules::Square to = 0; to < rules::kMaxSquares; to += 7)
      for (int promotion : {-1, 0, rules::kMaxKinds - 1})
        for (auto kind : {rules::Move::Kind::Normal, rules::Move::Kind::Castle, rules::Move::Kind::EnPassant,
                          rules::Move::Kind::DoubleStep}) {
          const rules::Move move{std::int16_t(from), std::int16_t(to), std::int8_t(promotion), kind};
          const std::uint32_t packed = engine::TranspositionTable::pack(move);
          CHECK(packed != 0);  // 0 is "no move"
          if (!(engine::TranspositionTable::unpack(packed) == move)) FAIL("from " << from << " to " << to);
          ++checked;
        }
  CHECK(checked > 0);
}
