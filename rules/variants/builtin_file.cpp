#include "rules/variants/builtin_file.h"

#include <stdexcept>

#include "rules/variant_file.h"

namespace arbiter::rules {

// Never destroyed, as all_variants() (rules/variant.cpp): no thread running at exit outlives them.
const std::vector<Variant>& builtin_variants() {
  static const std::vector<Variant>& variants = *[] {
    VariantFile file = load_variant_file(builtin_variant_text(), VariantSource::BuiltIn);
    if (!file.errors.empty()) throw std::logic_error("rules/variants/builtin.toml: " + file.errors.front().message());
    return new std::vector<Variant>(std::move(file.variants));
  }();
  return variants;
}

}  // namespace arbiter::rules
