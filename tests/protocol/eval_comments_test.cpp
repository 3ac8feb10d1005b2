// The [%eval] comments a PGN export takes from a game's stored analysis.
#include <doctest/doctest.h>

#include "protocol/eval_comments.h"

using namespace arbiter;

TEST_CASE("[%eval] comments as lichess writes them") {
  CHECK(protocol::eval_comment({{"cp", 32}}) == "[%eval 0.32]");
  CHECK(protocol::eval_comment({{"cp", -250}}) == "[%eval -2.50]");
  CHECK(protocol::eval_comment({{"mate", -3}}) == "[%eval #-3]");
  CHECK(protocol::eval_comment({{"mate", 0}}) == "");
}
