#pragma once
// A JSON object written straight to text, byte for byte what protocol::dump writes for the same
// nlohmann object (keys in order, no spaces): for the messages on every move's path, where
// building an nlohmann tree cost a map node and a string per field. Fields may be set in any
// order; setting a key again replaces its value, as nlohmann's operator[] does.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace arbiter::protocol {

class JsonText {
 public:
  JsonText& string(std::string_view key, std::string_view value);
  JsonText& number(std::string_view key, std::int64_t value);
  JsonText& null(std::string_view key);
  // `text` is JSON already (an array written by json_string_array, say).
  JsonText& raw(std::string_view key, std::string text);
  // For the fields off the hot path: any value, written by dump.
  JsonText& json(std::string_view key, const nlohmann::json& value);

  bool has(std::string_view key) const;
  std::string text() const;

 private:
  std::vector<std::pair<std::string, std::string>> fields_;  // key, value as JSON text
};

// `value` as a JSON string, as dump writes it.
void append_json_string(std::string& out, std::string_view value);
// ["a","b",...] of these strings.
template <class Strings>
std::string json_string_array(const Strings& strings) {
  std::string out = "[";
  for (const auto& item : strings) {
    if (out.size() > 1) out += ',';
    append_json_string(out, item);
  }
  out += ']';
  return out;
}

}  // namespace arbiter::protocol
