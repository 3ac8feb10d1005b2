#pragma once
// What the fuzz targets that run a real store share: a loud stop, and a scratch folder for it.
#include <stdlib.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace arbiter::fuzz {

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "%s\n", what.c_str());
  std::abort();
}

// A temporary folder for the databases: in memory where the system has one, since the fuzzers
// commit thousands of games and fsync is not what they test.
inline std::filesystem::path scratch_dir(const std::string& name) {
  std::filesystem::path base = std::filesystem::exists("/dev/shm") ? "/dev/shm" : std::filesystem::temp_directory_path();
  std::string pattern = (base / ("arbiter-" + name + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data())) fail("cannot make a temporary folder");
  return pattern;
}

}  // namespace arbiter::fuzz
