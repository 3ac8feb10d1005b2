#pragma once
// The one parser of JSON a client sends (WebSocket frames of the game and the lobby, HTTP bodies):
// a document with a key repeated in any object is refused like one that is not JSON, since
// parsers disagree on which copy counts ({"t":"move",...,"t":"resign"} would resign here).
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

namespace arbiter::protocol {

// nullopt: not JSON, or an object repeats a key.
std::optional<nlohmann::json> parse_client_json(std::string_view text);

}  // namespace arbiter::protocol
