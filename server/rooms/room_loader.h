#pragma once
// Decodes a game's stored rows (its record, seats, events and chat) into what its room starts
// from: the match replayed and resumed, the seats' token hashes, the chat it keeps.
#include <array>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "match/match.h"
#include "protocol/views.h"
#include "server/rooms/room_clock.h"
#include "storage/store.h"

namespace arbiter {

struct LoadedGame {
  storage::GameRecord record;  // without its variant's definition when it is the running one's
  std::array<std::string, 2> seat_hash;  // by colour; empty while the seat is free
  match::Match match;
  std::vector<protocol::ChatLine> chat;
  std::int64_t chat_seq = 0;  // the last stored message's number
  std::chrono::steady_clock::time_point loaded_at;  // the `now` the events were replayed at
};

// Throws std::runtime_error if the rows do not decode or replay (unknown variant, bad FEN, an
// illegal move, a gap in v, a bad seat colour or chat line). `downtimes`: see Match::resume;
// `clock`: the time it is loaded at, on the game's time line and on the wall clock.
LoadedGame load_game(storage::StoredGame stored, match::Waits waits, const std::vector<match::Downtime>& downtimes,
                     const RoomClock& clock = real_room_clock());

}  // namespace arbiter
