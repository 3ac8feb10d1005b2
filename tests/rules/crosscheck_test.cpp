// The built-ins checked by the cross-check with Fairy-Stockfish (crosscheck.h).
#include "tests/rules/crosscheck.h"

#include <doctest/doctest.h>

#include "rules/game.h"

namespace arbiter::rules::testing {

namespace {
void crosscheck_builtin(const std::string& name, unsigned seed) { crosscheck(*find_variant(name), name, seed); }
}  // namespace

TEST_CASE("crosscheck: chess positions from random play agree with Fairy-Stockfish") { crosscheck_builtin("chess", 1); }
TEST_CASE("crosscheck: capablanca positions from random play agree with Fairy-Stockfish") { crosscheck_builtin("capablanca", 2); }
TEST_CASE("crosscheck: grand positions from random play agree with Fairy-Stockfish") { crosscheck_builtin("grand", 3); }

}  // namespace arbiter::rules::testing
