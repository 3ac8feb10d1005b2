#include "protocol/json_text.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "protocol/messages.h"

namespace arbiter::protocol {

// Room for an open game's event message, legal moves and all (the buffer grows past it if need be).
JsonText::JsonText() {
  buffer_.reserve(1000);  // under 1 KiB: glibc serves larger requests only after merging its fast bins
  fields_.reserve(16);
}

std::size_t JsonText::begin(std::string_view key) {
  // nlohmann's objects are std::maps: their keys come out in std::string's order.
  const auto at = std::lower_bound(fields_.begin(), fields_.end(), key,
                                   [&](const Field& field, std::string_view k) { return key_of(field) < k; });
  if (at != fields_.end() && key_of(*at) == key) {
    at->value_at = buffer_.size();
    return static_cast<std::size_t>(at - fields_.begin());
  }
  // Written with its quotes and colon, as text() copies it: the keys are this program's own.
  if (!plain_json_string(key)) throw std::logic_error("a JsonText key needs no escapes");
  buffer_ += '"';
  const Field field{buffer_.size(), key.size(), buffer_.size() + key.size() + 2, 0};
  buffer_ += key;
  buffer_ += "\":";
  return static_cast<std::size_t>(fields_.insert(at, field) - fields_.begin());
}

void JsonText::end(std::size_t field) { fields_[field].value_size = buffer_.size() - fields_[field].value_at; }

JsonText& JsonText::raw(std::string_view key, std::string_view text) {
  return write(key, [&](std::string& out) { out += text; });
}

bool JsonText::has(std::string_view key) const {
  return std::any_of(fields_.begin(), fields_.end(), [&](const Field& field) { return key_of(field) == key; });
}

JsonText& JsonText::string(std::string_view key, std::string_view value) {
  return write(key, [&](std::string& out) { append_json_string(out, value); });
}

JsonText& JsonText::number(std::string_view key, std::int64_t value) {
  return write(key, [&](std::string& out) { append_json_number(out, value); });
}

JsonText& JsonText::null(std::string_view key) { return raw(key, "null"); }

JsonText& JsonText::json(std::string_view key, const nlohmann::json& value) { return raw(key, dump(value)); }

std::string JsonText::text() const {
  std::size_t size = 2;
  for (const auto& field : fields_) size += field.key_size + field.value_size + 4;
  std::string out;
  out.reserve(size);
  out += '{';
  for (const auto& field : fields_) {
    if (out.size() > 1) out += ',';
    out.append(buffer_, field.key_at - 1, field.key_size + 3);  // "key":
    out.append(buffer_, field.value_at, field.value_size);
  }
  out += '}';
  return out;
}

bool plain_json_string(std::string_view value) {
  return std::all_of(value.begin(), value.end(), [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; });
}

void append_json_string(std::string& out, std::string_view value) {
  // Printable ASCII without quotes or backslashes (moves, FENs, names of things) is written as
  // it is; anything else the way dump writes it (escapes, invalid UTF-8 replaced).
  if (!plain_json_string(value)) {
    out += dump(nlohmann::json(value));
    return;
  }
  out += '"';
  out += value;
  out += '"';
}

void append_json_number(std::string& out, std::int64_t value) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  out.append(digits, end);
}

}  // namespace arbiter::protocol
