#pragma once
// The rules a stored game is played under. A game names its variant's definition by hash
// (GameRecord::variant_hash): when the running variant of its name has that same definition the
// game plays under it; otherwise (the variants file changed, or the variant is gone) under the
// stored definition, decoded once and kept for the life of the process.
#include <stdexcept>

#include "rules/variant.h"
#include "storage/store.h"
#include "storage/variant_codec.h"

namespace arbiter::storage {

// Throws std::runtime_error naming the game, its variant and the hash when the game has no
// definition, its definition is missing from the store, or it does not decode: never another
// variant's rules in silence.
const rules::Variant& variant_of(const GameRecord& game);

// The definition of a variant that lives for the process (one of rules::all_variants()), computed
// once: what a new game records.
const VariantDefinition& running_definition(const rules::Variant& variant);

// A stored game record for a new game of `variant`, naming its definition.
void name_rules(GameRecord& game, const rules::Variant& variant);

}  // namespace arbiter::storage
