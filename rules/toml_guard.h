#pragma once
// A check a variants file's text passes before the TOML parser reads it (rules/variant_file.cpp).
#include <optional>
#include <string_view>

namespace arbiter::rules {

// The line of the first character outside the ASCII range that stands outside a string and a
// comment. TOML allows them nowhere else, and Debian's toml++ (3.3.0) reaches an "unreachable"
// branch (undefined behaviour) on some of them where it expects whitespace or a key (found by
// tests/fuzz/variants_fuzz.cpp), so such a file is refused before the parser sees it.
std::optional<int> stray_non_ascii_line(std::string_view text);

}  // namespace arbiter::rules
