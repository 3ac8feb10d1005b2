#include "match/computer_seat.h"

namespace arbiter::match {

std::optional<Command> after_refused_move(int refusals_in_a_row) {
  if (refusals_in_a_row >= kComputerRefusalsBeforeResigning) return ResignCommand{};
  return std::nullopt;
}

std::optional<std::chrono::milliseconds> computer_claims_after(const Match& match) {
  const auto& computer = match.computer();
  if (!computer || match.finished() || match.connected(~computer->seat)) return std::nullopt;
  return match.abandon_after();
}

Command abandoned_game_claim() { return ClaimCommand{Claim::Victory}; }

}  // namespace arbiter::match
