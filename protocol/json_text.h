#pragma once
// A JSON object written straight to text, byte for byte what protocol::dump writes for the same
// nlohmann object (keys in order, no spaces): for the messages on every move's path, where
// building an nlohmann tree cost a map node and a string per field. Its keys and values are
// written into one buffer as they are set, so a field costs no allocation of its own. Fields
// may be set in any order; setting a key again replaces its value, as nlohmann's operator[] does.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace arbiter::protocol {

class JsonText {
 public:
  JsonText();

  JsonText& string(std::string_view key, std::string_view value);
  JsonText& number(std::string_view key, std::int64_t value);
  JsonText& null(std::string_view key);
  // `text` is JSON already (an array written by json_string_array, say).
  JsonText& raw(std::string_view key, std::string_view text);
  // `writer(std::string&)` appends the value's JSON text to the buffer itself: no string between.
  template <class Writer>
  JsonText& write(std::string_view key, Writer&& writer) {
    const std::size_t field = begin(key);
    writer(buffer_);
    end(field);
    return *this;
  }
  // For the fields off the hot path: any value, written by dump.
  JsonText& json(std::string_view key, const nlohmann::json& value);

  bool has(std::string_view key) const;
  std::string text() const;

 private:
  // Where a field's key and value lie in the buffer.
  struct Field {
    std::size_t key_at, key_size, value_at, value_size;
  };
  std::string_view key_of(const Field& field) const { return std::string_view(buffer_).substr(field.key_at, field.key_size); }
  // The field of `key`, added if new, its value about to be appended: returns its index.
  std::size_t begin(std::string_view key);
  // The value appended since begin is the field's (a value it replaces stays in the buffer, unread).
  void end(std::size_t field);

  std::string buffer_;
  std::vector<Field> fields_;  // in the order of their keys, as dump writes them
};

// `value` as a JSON string, as dump writes it.
void append_json_string(std::string& out, std::string_view value);
// Whether dump writes `value` between quotes as it is (printable ASCII, no quote or backslash).
bool plain_json_string(std::string_view value);
// `value` as a JSON number.
void append_json_number(std::string& out, std::int64_t value);
// ["a","b",...] of these strings.
template <class Strings>
void append_json_string_array(std::string& out, const Strings& strings) {
  out += '[';
  bool first = true;
  for (const auto& item : strings) {
    if (!first) out += ',';
    first = false;
    append_json_string(out, item);
  }
  out += ']';
}
template <class Strings>
std::string json_string_array(const Strings& strings) {
  std::string out;
  append_json_string_array(out, strings);
  return out;
}

}  // namespace arbiter::protocol
