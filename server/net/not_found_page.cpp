#include "server/net/not_found_page.h"

namespace arbiter {
namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// One media range's quality in thousandths ("text/html;q=0.9" -> 900; no q -> 1000; a bad q -> 0).
int quality_of(std::string_view parameters) {
  while (!parameters.empty()) {
    auto end = parameters.find(';');
    std::string_view parameter = trim(parameters.substr(0, end));
    parameters = end == std::string_view::npos ? std::string_view{} : parameters.substr(end + 1);
    if (parameter.size() < 2 || (parameter[0] != 'q' && parameter[0] != 'Q') || parameter[1] != '=') continue;
    std::string_view value = parameter.substr(2);
    if (value == "1" || value.starts_with("1.")) return 1000;
    if (!value.starts_with("0")) return 0;
    int thousandths = 0, digits = 0;
    for (char c : value.substr(value.starts_with("0.") ? 2 : 1)) {
      if (c < '0' || c > '9' || digits == 3) return 0;
      thousandths = thousandths * 10 + (c - '0');
      ++digits;
    }
    while (digits++ < 3) thousandths *= 10;
    return thousandths;
  }
  return 1000;
}

}  // namespace

bool prefers_html(std::string_view accept) {
  int html = 0, json = 0;
  while (!accept.empty()) {
    auto end = accept.find(',');
    std::string_view range = accept.substr(0, end);
    accept = end == std::string_view::npos ? std::string_view{} : accept.substr(end + 1);
    auto semicolon = range.find(';');
    std::string_view type = trim(range.substr(0, semicolon));
    int quality = semicolon == std::string_view::npos ? 1000 : quality_of(range.substr(semicolon + 1));
    if (same_ignoring_case(type, "text/html")) html = quality;
    if (same_ignoring_case(type, "application/json")) json = quality;
  }
  return html > json;
}

std::string_view not_found_page() {
  return "<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Not found · Arbiter</title></head>\n"
         "<body style=\"font-family: system-ui, sans-serif; background: #161512; color: #d0cfcc; padding: 24px\">\n"
         "<h1>Not found</h1>\n<p>There is nothing at this address.</p>\n"
         "<p><a href=\"/\" style=\"color: #3692e7\">Arbiter home</a></p>\n</body>\n</html>\n";
}

}  // namespace arbiter
