// An analysis's budget (server/players/analysis_pool.h): a long game's positions share a bounded time, so
// that no game holds an analysis thread longer than kPositionsAtFullTime positions would.
#include <doctest/doctest.h>

#include "server/players/analysis_pool.h"

using namespace arbiter;

TEST_CASE("a game's positions get the full time up to the bound, then share the bound's time") {
  AnalysisSettings settings;
  settings.movetime_ms = 200;
  const int full = AnalysisSettings::kPositionsAtFullTime;
  CHECK(settings.movetime_for(1) == 200);
  CHECK(settings.movetime_for(full) == 200);
  CHECK(settings.movetime_for(2 * full) == 100);
  CHECK(settings.movetime_for(366) == 200 * full / 366);
  for (int positions : {full + 1, 366, 1000, 5853, 20000})
    CHECK(settings.movetime_for(positions) * positions <= settings.movetime_ms * full);
  CHECK(settings.movetime_for(1'000'000) == 1);  // at least a millisecond, however long the game
}
