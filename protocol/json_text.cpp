#include "protocol/json_text.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "protocol/messages.h"

namespace arbiter::protocol {

JsonText& JsonText::raw(std::string_view key, std::string text) {
  for (auto& field : fields_)
    if (field.first == key) {
      field.second = std::move(text);
      return *this;
    }
  fields_.emplace_back(std::string(key), std::move(text));
  return *this;
}

bool JsonText::has(std::string_view key) const {
  return std::any_of(fields_.begin(), fields_.end(), [&](const auto& field) { return field.first == key; });
}

JsonText& JsonText::string(std::string_view key, std::string_view value) {
  std::string text;
  text.reserve(value.size() + 2);
  append_json_string(text, value);
  return raw(key, std::move(text));
}

JsonText& JsonText::number(std::string_view key, std::int64_t value) { return raw(key, std::to_string(value)); }

JsonText& JsonText::null(std::string_view key) { return raw(key, "null"); }

JsonText& JsonText::json(std::string_view key, const nlohmann::json& value) { return raw(key, dump(value)); }

std::string JsonText::text() const {
  // nlohmann's objects are std::maps: their keys come out in std::string's order.
  std::vector<const std::pair<std::string, std::string>*> sorted;
  sorted.reserve(fields_.size());
  std::size_t size = 2;
  for (const auto& field : fields_) {
    sorted.push_back(&field);
    size += field.first.size() + field.second.size() + 4;
  }
  std::sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
  std::string out;
  out.reserve(size);
  out += '{';
  for (const auto* field : sorted) {
    if (out.size() > 1) out += ',';
    append_json_string(out, field->first);
    out += ':';
    out += field->second;
  }
  out += '}';
  return out;
}

void append_json_string(std::string& out, std::string_view value) {
  // Printable ASCII without quotes or backslashes (moves, FENs, names of things) is written as
  // it is; anything else the way dump writes it (escapes, invalid UTF-8 replaced).
  const bool plain = std::all_of(value.begin(), value.end(), [](char c) {
    return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
  });
  if (!plain) {
    out += dump(nlohmann::json(value));
    return;
  }
  out += '"';
  out += value;
  out += '"';
}

}  // namespace arbiter::protocol
