#include "engine/transposition.h"

#include <algorithm>
#include <bit>

namespace arbiter::engine {

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
  const std::size_t wanted = std::max<std::size_t>(1, megabytes) * 1024 * 1024 / sizeof(TableEntry);
  const std::size_t count = std::bit_floor(wanted);
  entries_.assign(count, {});
  mask_ = count - 1;
}

void TranspositionTable::clear() { std::fill(entries_.begin(), entries_.end(), TableEntry{}); }

const TableEntry* TranspositionTable::probe(std::uint64_t key) const {
  const TableEntry& e = entries_[key & mask_];
  return e.key == key && e.bound != Bound::None ? &e : nullptr;
}

void TranspositionTable::store(std::uint64_t key, std::uint32_t move, int score, int depth, Bound bound) {
  TableEntry& e = entries_[key & mask_];
  if (e.key == key && depth < e.depth - 2 && bound != Bound::Exact) return;
  if (e.key == key && !move) move = e.move;  // keep a known best move
  e = {key, move, std::int16_t(score), std::int8_t(std::max(-128, std::min(127, depth))), bound};
}

// Squares in 8 bits each (a large-boards build has 256), the kind after a promotion in 5.
std::uint32_t TranspositionTable::pack(const rules::Move& m) {
  static_assert(rules::kMaxSquares <= 256 && rules::kMaxKinds < 32);
  return 1u | std::uint32_t(m.from & 0xff) << 1 | std::uint32_t(m.to & 0xff) << 9 |
         std::uint32_t(m.promotion + 1) << 17 | std::uint32_t(m.kind) << 22;
}

rules::Move TranspositionTable::unpack(std::uint32_t p) {
  return {std::int16_t((p >> 1) & 0xff), std::int16_t((p >> 9) & 0xff), std::int8_t(int((p >> 17) & 0x1f) - 1),
          rules::Move::Kind((p >> 22) & 3)};
}

}  // namespace arbiter::engine
