#include "storage/game_variant.h"

#include <map>
#include <memory>
#include <mutex>

namespace arbiter::storage {
namespace {

// Both maps live for the program, like the variants they hold and name (rules::all_variants()).
struct Known {
  std::mutex mutex;
  std::map<const rules::Variant*, VariantDefinition> running;              // by the running variant
  std::map<std::string, std::unique_ptr<const rules::Variant>> decoded;  // by hash
};

Known& known() {
  static Known& instance = *new Known;
  return instance;
}

const VariantDefinition& running_definition_locked(Known& cache, const rules::Variant& variant) {
  auto it = cache.running.find(&variant);
  if (it == cache.running.end()) it = cache.running.emplace(&variant, definition_of(variant)).first;
  return it->second;
}

}  // namespace

const VariantDefinition& running_definition(const rules::Variant& variant) {
  Known& cache = known();
  std::lock_guard lock(cache.mutex);
  return running_definition_locked(cache, variant);
}

void name_rules(GameRecord& game, const rules::Variant& variant) {
  const VariantDefinition& definition = running_definition(variant);
  game.variant = variant.name;
  game.variant_hash = definition.hash;
  game.variant_definition = definition.encoding;
}

const rules::Variant& variant_of(const GameRecord& game) {
  const std::string whose = "game " + game.id + " (variant " + game.variant + ")";
  if (game.variant_hash.empty()) throw std::runtime_error(whose + ": no variant definition is recorded for it");
  Known& cache = known();
  std::lock_guard lock(cache.mutex);
  const rules::Variant* running = rules::find_variant(game.variant);
  if (running && running_definition_locked(cache, *running).hash == game.variant_hash) return *running;
  const std::string definition = "its variant definition " + game.variant_hash;
  auto it = cache.decoded.find(game.variant_hash);
  if (it == cache.decoded.end()) {
    if (game.variant_definition.empty()) throw std::runtime_error(whose + ": " + definition + " is missing from the store");
    if (sha256_hex(game.variant_definition) != game.variant_hash)
      throw std::runtime_error(whose + ": " + definition + " does not match its hash");
    try {
      auto decoded = std::make_unique<rules::Variant>(decode_variant(game.variant_definition));
      // Names and ratings are not rules and are not stored: the running variant of the name has them.
      if (running) decoded->pgn_variant = running->pgn_variant, decoded->level_ratings = running->level_ratings;
      it = cache.decoded.emplace(game.variant_hash, std::move(decoded)).first;
    } catch (const DefinitionError& error) {
      throw std::runtime_error(whose + ": " + definition + " cannot be read: " + error.what());
    }
  }
  if (it->second->name != game.variant)
    throw std::runtime_error(whose + ": " + definition + " is of another variant, " + it->second->name);
  return *it->second;
}

}  // namespace arbiter::storage
