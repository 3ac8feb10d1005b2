#include "server/players/computer_admission.h"

namespace arbiter {

std::string_view ComputerRefusal::message() const {
  return why == Why::AddressCap ? "your address has as many games against the computer in play as it may; finish one first"
                                : "the computer is busy with as many games as it can play at full strength; try again later";
}

std::variant<ComputerAdmission, ComputerRefusal> admit_computer(AddressLimits* limits, ComputerPool* pool,
                                                                const std::string& address, int level) {
  auto lease = limits ? limits->computer_game(address) : AddressLimits::Lease();
  if (!lease) return ComputerRefusal{ComputerRefusal::Why::AddressCap};
  return admit_computer_leased(std::move(*lease), pool, level);
}

std::variant<ComputerAdmission, ComputerRefusal> admit_computer_leased(AddressLimits::Lease lease, ComputerPool* pool, int level) {
  if (!pool) return ComputerAdmission{{}, std::move(lease)};
  auto share = pool->capacity().admit(level);
  if (!share) return ComputerRefusal{ComputerRefusal::Why::PoolFull};
  return ComputerAdmission{std::move(*share), std::move(lease)};
}

}  // namespace arbiter
