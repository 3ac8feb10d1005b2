#pragma once
// Variants as data: a TOML file an operator writes (rules/VARIANTS.md) turned into Variant values.
// Pure: the caller reads the file and hands over its text.
#include <string>
#include <string_view>
#include <vector>

#include "rules/variant.h"

namespace arbiter::rules {

// Limits against a hostile or mistaken file.
inline constexpr std::size_t kMaxVariantFileBytes = 1 << 20;
inline constexpr int kMaxVariantsPerFile = 64;
inline constexpr int kMaxBoardSide = 16;  // and files x ranks within kMaxSquares
inline constexpr int kMaxInheritance = 8;

struct VariantFileError {
  int line;           // 1-based; 0 when the fault has no place in the file
  std::string field;  // "gothic.pieces[2].betza"
  std::string reason;
  std::string message() const;  // "line 12: gothic.pieces[2].betza: not supported: hopper ('p') at character 3"
};

struct VariantFile {
  std::vector<Variant> variants;  // finished, in the order of the file; none if there are errors
  std::vector<VariantFileError> errors;
};

// Whose file it is: an operator's may name a built-in variant as a parent but not take a built-in's
// name; the built-ins' own file (rules/variants/builtin.toml) defines those names from nothing.
enum class VariantSource { Operator, BuiltIn };

// A variant may name a built-in variant or another in the same file as its `parent`.
VariantFile load_variant_file(std::string_view text, VariantSource source = VariantSource::Operator);

}  // namespace arbiter::rules
