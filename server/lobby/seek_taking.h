#pragma once
// The rules of taking a seek that need no connection: who may not take it, what it costs the
// taker, and the seats of the game it makes (Lobby::accept puts them together).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/limits/address_limits.h"
#include "server/lobby/lobby.h"
#include "storage/store.h"

namespace arbiter {

// Whether connection `member` of browser `browser` ("": none given) is the seek's creator: its own
// connection, or another socket of its browser. Never the address alone: homes, schools and
// carriers put many people behind one.
bool own_seek(const OpenSeek& seek, std::uint64_t member, const std::string& browser);

// Taking a seek makes a game: the taker's creation budget pays, as POST /api/games does (the
// creator is not charged: a seek nobody takes makes nothing). nullopt: paid; otherwise the
// "rate_limited" error to answer, with its retry_after_s.
std::optional<std::string> charge_taker(AddressLimits& limits, const std::string& address, AddressLimits::Clock::time_point now);

// The two seats of a taken seek's game: the creator's in `creator_color`, the taker's the other.
std::vector<storage::SeatRecord> paired_seats(const OpenSeek& seek, const std::string& creator_color, const Taker& taker);

}  // namespace arbiter
