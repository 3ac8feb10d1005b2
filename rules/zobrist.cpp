#include "rules/zobrist.h"

namespace arbiter::rules {

namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

ZobristKeys make_keys() {
  ZobristKeys keys{};
  std::uint64_t state = 0x41524249544552ULL;
  for (auto& colour : keys.piece)
    for (auto& kind : colour)
      for (auto& key : kind) key = splitmix64(state);
  for (auto& key : keys.castling) key = splitmix64(state);
  for (auto& key : keys.en_passant) key = splitmix64(state);
  keys.black_to_move = splitmix64(state);
  for (auto& key : keys.double_move) key = splitmix64(state);
  for (auto& key : keys.moved_this_turn) key = splitmix64(state);
  for (auto& key : keys.unmoved) key = splitmix64(state);
  return keys;
}

}  // namespace

const ZobristKeys& zobrist() {
  static const ZobristKeys keys = make_keys();
  return keys;
}

}  // namespace arbiter::rules
