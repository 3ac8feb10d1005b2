#pragma once
// A variant's rules as the store keeps them beside its games (storage/README.md): a canonical
// JSON encoding of every field of rules::Variant and rules::PieceKind, named by its SHA-256.
// Not the operator's TOML: that file may change or lose a variant; a stored definition never
// changes, so a game replays under the rules it was played with.
#include <stdexcept>
#include <string>
#include <string_view>

#include "rules/variant.h"

namespace arbiter::storage {

struct VariantDefinition {
  std::string hash;      // SHA-256 of `encoding`, lower-case hex
  std::string encoding;  // JSON text, as encode_variant writes it
};

// A stored definition that cannot be read, or does not describe a playable variant.
class DefinitionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The same rules give the same text: keys sorted, no spaces, a field at its default left out
// (so that a field added later leaves the hashes of variants that do not use it as they were).
std::string encode_variant(const rules::Variant& variant);
VariantDefinition definition_of(const rules::Variant& variant);
// The variant an encoding describes, finished (its tables built). Throws DefinitionError naming
// the field at fault.
rules::Variant decode_variant(std::string_view encoding);

std::string sha256_hex(std::string_view text);

}  // namespace arbiter::storage
