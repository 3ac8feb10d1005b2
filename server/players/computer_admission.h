#pragma once
// Whether one more computer game may start, and what it holds while in play: a place in its
// creator's cap of computer games (AddressLimits::computer_game) and its level's share of the
// pool (ComputerCapacity). Both paths that make a computer game ask here: POST /api/games and a
// rematch against the computer.
#include <chrono>
#include <string>
#include <string_view>
#include <variant>

#include "server/limits/address_limits.h"
#include "server/players/computer_pool.h"

namespace arbiter {

// Held by the game's room until the game ends. After a restart a resumed game holds a share but
// no lease: the store keeps no client addresses.
struct ComputerAdmission {
  ComputerCapacity::Share share;
  AddressLimits::Lease lease;
};

struct ComputerRefusal {
  enum class Why { AddressCap, PoolFull } why;
  unsigned status() const { return why == Why::AddressCap ? 429 : 503; }
  std::string_view code() const { return why == Why::AddressCap ? "too_many_computer_games" : "computer_busy"; }
  std::string_view message() const;
  // Nobody knows when a game will end: a hint, long enough that retrying is not a flood.
  static constexpr std::chrono::seconds kRetryAfter{30};
};

// The address's cap first (its own doing), then the pool; nothing is held when refused.
// `limits`: none, no per-address cap; `pool`: none, no capacity (computer games wait, unthought).
std::variant<ComputerAdmission, ComputerRefusal> admit_computer(AddressLimits* limits, ComputerPool* pool,
                                                                const std::string& address, int level);
// The pool's part alone, for a lease already held (AddressLimits::computer_game_shared's).
std::variant<ComputerAdmission, ComputerRefusal> admit_computer_leased(AddressLimits::Lease lease, ComputerPool* pool, int level);

}  // namespace arbiter
