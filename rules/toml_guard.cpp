#include "rules/toml_guard.h"

namespace arbiter::rules {

std::optional<int> stray_non_ascii_line(std::string_view text) {
  enum class In { Plain, Comment, Basic, Literal, LongBasic, LongLiteral } in = In::Plain;
  int line = 1;
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a byte-order mark, which the parser skips too
  // Past the quotes that close a multi-line string ("""" ends one whose last character is a quote).
  auto close_long = [&](std::size_t& i, char quote) {
    while (i + 1 < text.size() && text[i + 1] == quote) ++i;
    in = In::Plain;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      if (in == In::Comment || in == In::Basic || in == In::Literal) in = In::Plain;  // a one-line string ends (or fails) here
      continue;
    }
    const bool escape_follows = c == '\\' && i + 1 < text.size() && text[i + 1] != '\n';
    switch (in) {
      case In::Plain:
        if (static_cast<unsigned char>(c) >= 0x80) return line;
        if (c == '#') in = In::Comment;
        else if (text.substr(i, 3) == "\"\"\"") i += 2, in = In::LongBasic;
        else if (text.substr(i, 3) == "'''") i += 2, in = In::LongLiteral;
        else if (c == '"') in = In::Basic;
        else if (c == '\'') in = In::Literal;
        break;
      case In::Comment: break;
      case In::Basic:
        if (escape_follows) ++i;
        else if (c == '"') in = In::Plain;
        break;
      case In::Literal:
        if (c == '\'') in = In::Plain;
        break;
      case In::LongBasic:
        if (escape_follows) ++i;
        else if (text.substr(i, 3) == "\"\"\"") i += 2, close_long(i, '"');
        break;
      case In::LongLiteral:
        if (text.substr(i, 3) == "'''") i += 2, close_long(i, '\'');
        break;
    }
  }
  return std::nullopt;
}

}  // namespace arbiter::rules
