#pragma once
// The transposition table: what earlier searches found about a position, by its hash.
#include <cstdint>
#include <vector>

#include "rules/position.h"

namespace arbiter::engine {

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

struct TableEntry {
  std::uint64_t key = 0;
  std::uint32_t move = 0;  // packed, 0 = none
  std::int16_t score = 0;
  std::int8_t depth = 0;
  Bound bound = Bound::None;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes);
  void resize(std::size_t megabytes);
  void clear();
  // The entry for this key, or nullptr.
  const TableEntry* probe(std::uint64_t key) const;
  // Keeps the deeper of the old and new entry for the same position; another position is replaced.
  void store(std::uint64_t key, std::uint32_t move, int score, int depth, Bound bound);

  static std::uint32_t pack(const rules::Move& m);
  static rules::Move unpack(std::uint32_t packed);

 private:
  std::vector<TableEntry> entries_;
  std::uint64_t mask_ = 0;
};

}  // namespace arbiter::engine
