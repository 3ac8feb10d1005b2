#pragma once
// The ini text: sections of `key = value` lines, as Fairy-Stockfish reads them.
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::ini_import {

struct KeyLine {
  std::string key, value;
  int line;
};

struct Section {
  std::string name, parent, header;  // header: "[gothic2:capablanca]"
  int line = 0;
  std::vector<KeyLine> keys;
  std::vector<KeyLine> malformed;  // lines that are no `key = value`
};

// Lines before the first section are ignored, as Fairy-Stockfish does; so are blank lines and
// comments (# or ;).
std::vector<Section> parse_sections(std::string_view text);

}  // namespace arbiter::ini_import
