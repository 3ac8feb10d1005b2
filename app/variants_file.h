#pragma once
// An operator's variants file (rules/VARIANTS.md) read from disk, for the commands that take
// `--variants FILE` (serve, variants, perft, moves) or load one (check-variants, uci's VariantPath).
#include <string>

#include "rules/variant_file.h"

namespace arbiter {

struct LoadedVariants {
  std::string path;
  rules::VariantFile file;  // its variants, or every error (an unreadable file is one error)

  // "FILE:LINE: field: reason", as compilers write it.
  std::string error(std::size_t i) const;
  // The first error on one line, with how many more there are.
  std::string first_error() const;
};

// Reads at most the loader's size limit (and one byte more, to see it exceeded) and loads it.
LoadedVariants read_variants_file(const std::string& path);

}  // namespace arbiter
