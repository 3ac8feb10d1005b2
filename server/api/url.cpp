#include "server/api/url.h"

namespace arbiter::url {

std::string_view path_of(std::string_view target) { return target.substr(0, target.find_first_of("?#")); }

namespace {

int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

bool well_formed(std::string_view target) {
  for (std::size_t i = 0; i < target.size(); ++i) {
    auto c = static_cast<unsigned char>(target[i]);
    if (c <= 0x20 || c == 0x7f) return false;
    if (c == '%' && (i + 2 >= target.size() || hex(target[i + 1]) < 0 || hex(target[i + 2]) < 0)) return false;
  }
  return true;
}

std::optional<std::string> decode(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      int high = hex(text[i + 1]), low = hex(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      out += static_cast<char>(high * 16 + low);
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::optional<std::string> query_param(std::string_view target, std::string_view name) {
  auto start = target.find('?');
  if (start == std::string_view::npos) return std::nullopt;
  std::string_view query = target.substr(start + 1);
  query = query.substr(0, query.find('#'));
  while (!query.empty()) {
    auto end = query.find('&');
    std::string_view pair = query.substr(0, end);
    auto equals = pair.find('=');
    if (pair.substr(0, equals) == name) return decode(equals == std::string_view::npos ? "" : pair.substr(equals + 1));
    if (end == std::string_view::npos) break;
    query.remove_prefix(end + 1);
  }
  return std::nullopt;
}

}  // namespace arbiter::url
