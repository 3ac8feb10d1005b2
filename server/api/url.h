#pragma once
// Request targets: the path, and query parameters (percent-decoded).
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::url {

std::string_view path_of(std::string_view target);
std::optional<std::string> query_param(std::string_view target, std::string_view name);
// nullopt for a malformed escape.
std::optional<std::string> decode(std::string_view text);
// Every '%' starts an escape of two hex digits, and there are no control characters or spaces:
// a target that is not is refused (400) rather than read around.
bool well_formed(std::string_view target);

}  // namespace arbiter::url
