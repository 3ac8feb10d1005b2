#include "protocol/client_json.h"

#include <cstddef>
#include <vector>

namespace arbiter::protocol {

std::optional<nlohmann::json> parse_client_json(std::string_view text) {
  using nlohmann::json;
  // The keys read in each object still open: an object ending with fewer members than keys
  // read had one overwritten by a repeat.
  std::vector<std::size_t> keys_read;
  bool repeated = false;
  auto callback = [&](int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start: keys_read.push_back(0); break;
      case json::parse_event_t::key: ++keys_read.back(); break;
      case json::parse_event_t::object_end:
        repeated = repeated || parsed.size() != keys_read.back();
        keys_read.pop_back();
        break;
      default: break;
    }
    return true;
  };
  json value = json::parse(text, callback, /*allow_exceptions=*/false);
  if (value.is_discarded() || repeated) return std::nullopt;
  return value;
}

}  // namespace arbiter::protocol
