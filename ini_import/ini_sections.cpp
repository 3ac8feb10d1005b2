#include "ini_import/ini_sections.h"

#include <algorithm>

namespace arbiter::ini_import {

namespace {

std::string trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return std::string(s.substr(first, s.find_last_not_of(" \t\r") - first + 1));
}

}  // namespace

std::vector<Section> parse_sections(std::string_view text) {
  std::vector<Section> sections;
  int number = 0;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string line = trimmed(text.substr(at, end - at));
    at = end + 1;
    ++number;
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line[0] == '[') {
      Section s;
      s.line = number;
      const std::string inside = line.substr(1, line.find(']') == std::string::npos ? std::string::npos : line.find(']') - 1);
      s.header = "[" + inside + "]";
      const auto colon = inside.find(':');
      s.name = trimmed(inside.substr(0, colon));
      if (colon != std::string::npos) s.parent = trimmed(inside.substr(colon + 1));
      if (line.find(']') == std::string::npos) s.malformed.push_back({line, "", number});
      sections.push_back(std::move(s));
      continue;
    }
    if (sections.empty()) continue;
    const auto equals = line.find('=');
    if (equals == std::string::npos) sections.back().malformed.push_back({line, "", number});
    else sections.back().keys.push_back({trimmed(line.substr(0, equals)), trimmed(line.substr(equals + 1)), number});
  }
  return sections;
}

}  // namespace arbiter::ini_import
