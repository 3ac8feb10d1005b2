#pragma once
// What every match test file starts with: the match's names, the test match with its hand-moved
// clock, the two colours and a one-minute clock.
#include "tests/support/test_match.h"

using namespace arbiter;
using namespace arbiter::match;
using arbiter::testing::TestMatch;
using namespace std::chrono_literals;

inline constexpr rules::Color White = rules::Color::White, Black = rules::Color::Black;
inline constexpr ClockSetting kMinute{60000, 0};
