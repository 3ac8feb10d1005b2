#include "protocol/client_json.h"

#include <set>
#include <string>
#include <vector>

namespace arbiter::protocol {

std::optional<nlohmann::json> parse_client_json(std::string_view text) {
  using nlohmann::json;
  std::vector<std::set<std::string>> open_objects;  // the keys seen in each object being read
  bool repeated = false;
  auto callback = [&](int, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) open_objects.emplace_back();
    else if (event == json::parse_event_t::object_end) open_objects.pop_back();
    else if (event == json::parse_event_t::key && !open_objects.back().insert(parsed.get<std::string>()).second)
      repeated = true;
    return true;
  };
  json value = json::parse(text, callback, /*allow_exceptions=*/false);
  if (value.is_discarded() || repeated) return std::nullopt;
  return value;
}

}  // namespace arbiter::protocol
