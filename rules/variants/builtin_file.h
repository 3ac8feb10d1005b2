#pragma once
// The built-in variants, written as a variants file (rules/variants/builtin.toml) embedded in the
// binary.
#include <string_view>
#include <vector>

#include "rules/variant.h"

namespace arbiter::rules {

std::string_view builtin_variant_text();

// The built-in variants read from builtin_variant_text(), finished, in the order of the file; read
// once and kept for the program. A fault in the file is the program's and throws.
const std::vector<Variant>& builtin_variants();

}  // namespace arbiter::rules
