#pragma once
// The built-in variants written as a variants file (rules/variants/builtin.toml), embedded in the
// binary. For now it is checked against the C++ tables; it is to replace them.
#include <string_view>

namespace arbiter::rules {

std::string_view builtin_variant_text();

}  // namespace arbiter::rules
