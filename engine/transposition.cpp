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

std::uint32_t TranspositionTable::pack(const rules::Move& m) {
  return 1u | std::uint32_t(m.from & 0x7f) << 1 | std::uint32_t(m.to & 0x7f) << 8 |
         std::uint32_t(m.promotion + 1) << 15 | std::uint32_t(m.kind) << 20;
}

rules::Move TranspositionTable::unpack(std::uint32_t p) {
  return {std::int16_t((p >> 1) & 0x7f), std::int16_t((p >> 8) & 0x7f), std::int8_t(int((p >> 15) & 0x1f) - 1),
          rules::Move::Kind((p >> 20) & 3)};
}

}  // namespace arbiter::engine
