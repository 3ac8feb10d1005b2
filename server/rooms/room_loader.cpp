#include "server/rooms/room_loader.h"

#include <stdexcept>

#include "protocol/names.h"
#include "server/players/computer_player.h"
#include "storage/event_codec.h"
#include "storage/game_variant.h"

namespace arbiter {
namespace {

using match::Viewer;

std::array<std::string, 2> names_of(const std::vector<storage::SeatRecord>& seats) {
  std::array<std::string, 2> names;
  for (const auto& seat : seats)
    if (auto color = protocol::parse_color(seat.color)) names[rules::index(*color)] = seat.name;
  return names;
}

std::optional<Viewer> parse_author(std::string_view author) {
  if (author == "spectator") return Viewer::Spectator;
  auto color = protocol::parse_color(author);
  return color ? std::optional(match::viewer_of(*color)) : std::nullopt;
}

// The seat the computer holds, from the seats as stored.
std::optional<match::ComputerSeat> computer_of(const std::vector<storage::SeatRecord>& seats) {
  for (const auto& seat : seats) {
    auto level = computer_level_of(seat.token_hash);
    auto color = protocol::parse_color(seat.color);
    if (level && color) return match::ComputerSeat{*color, *level};
  }
  return std::nullopt;
}

match::Match initial_match(const storage::StoredGame& stored, match::Waits waits, match::Time now) {
  const storage::GameRecord& record = stored.game;
  const rules::Variant& variant = storage::variant_of(record);
  auto start = rules::Position::from_fen(variant, record.start_fen);
  if (!start.ok()) throw std::runtime_error("game " + record.id + ": bad start FEN: " + start.error());
  match::MatchSetup setup{record.id, std::nullopt, record.local, record.created_at_ms, waits, computer_of(stored.seats),
                          names_of(stored.seats), stored.seats.size() < 2};
  if (record.initial_ms) setup.clock = match::ClockSetting{*record.initial_ms, record.increment_ms};
  return match::Match(std::move(setup), start.value(), now);
}

}  // namespace

LoadedGame load_game(storage::StoredGame stored, match::Waits waits, const std::vector<match::Downtime>& downtimes,
                     const RoomClock& clock) {
  const auto now = clock.now();
  LoadedGame loaded{stored.game, {}, initial_match(stored, waits, now), {}, 0, now};
  const std::string& id = loaded.record.id;
  for (const auto& line : stored.chat) {
    auto channel = protocol::parse_channel(line.channel);
    auto author = parse_author(line.author);
    if (!channel || !author) throw std::runtime_error("game " + id + ": bad chat line " + std::to_string(line.seq));
    loaded.chat.push_back({*channel, *author, line.name, line.text, line.at_ms});
    loaded.chat_seq = line.seq;
  }
  for (const auto& seat : stored.seats) {
    auto color = protocol::parse_color(seat.color);
    if (!color) throw std::runtime_error("game " + id + ": bad seat colour " + seat.color);
    loaded.seat_hash[rules::index(*color)] = seat.token_hash;
  }
  // Nearly every game is of a running variant, whose definition storage keeps once: not a copy
  // (a kilobyte or two) in every room. A rematch's record takes it back from there.
  storage::GameRecord& record = loaded.record;
  const rules::Variant* running = rules::find_variant(record.variant);
  if (running && storage::running_definition(*running).hash == record.variant_hash) {
    record.variant_definition.clear();
    record.variant_definition.shrink_to_fit();  // an assignment would keep the capacity
  }
  // Replayed as of now, then put back on the wall clock's time line (Match::resume).
  match::Match& match = loaded.match;
  for (const auto& stored_event : stored.events) {
    if (stored_event.v != match.v() + 1) throw std::runtime_error("game " + id + ": event numbers have a gap");
    auto event = storage::decode_event(stored_event.type, stored_event.payload);
    if (!event) throw std::runtime_error("game " + id + ": unreadable event " + std::to_string(stored_event.v));
    try {
      match.apply(*event, loaded.loaded_at, stored_event.at_ms);
    } catch (const std::exception& e) {
      throw std::runtime_error("game " + id + ": event " + std::to_string(stored_event.v) + ": " + e.what());
    }
  }
  match.resume(downtimes, clock.wall_ms(), loaded.loaded_at);
  return loaded;
}

}  // namespace arbiter
