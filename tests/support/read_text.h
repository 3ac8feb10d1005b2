#pragma once
// A test's data file read whole (a variants file, an ini), or the test stops naming it.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace arbiter::testing {

inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  REQUIRE_MESSAGE(in, "cannot read " << path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace arbiter::testing
