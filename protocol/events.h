#pragma once
// The events of a game as they are stored and numbered (v = 1, 2, ...). Each is committed to
// the database before anyone is told about it; replaying them rebuilds the game exactly.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/variant.h"

namespace arbiter::protocol {

// Both clocks right after an event (timed games only); the side to move runs from there.
struct ClockTimes {
  std::int64_t white_ms = 0;
  std::int64_t black_ms = 0;
  std::int64_t& of(rules::Color c) { return c == rules::Color::White ? white_ms : black_ms; }
  std::int64_t of(rules::Color c) const { return c == rules::Color::White ? white_ms : black_ms; }
  bool operator==(const ClockTimes&) const = default;
};

struct Event {
  enum class Type { Joined, Move, DrawOffer, End, Umpire };
  Type type = Type::Move;
  rules::Color color = rules::Color::White;  // Joined: the seat taken; DrawOffer, Umpire: who
  std::string move;                          // Move, Umpire moved/illegal: UCI-style
  std::int64_t ply = 0;                      // Move, Umpire: moves played before it
  std::string say;                           // Umpire (Kriegspiel): "moved", "illegal" or "any"
  std::string answer;                        // Umpire any: "try" or "no"
  std::string result;                        // End: "1-0", "0-1", "1/2-1/2", "*"
  std::string reason;                        // End: "checkmate", "resign", ...
  std::optional<ClockTimes> clock;

  static Event joined(rules::Color seat, std::optional<ClockTimes> clock);
  static Event moved(std::string move, std::int64_t ply, std::optional<ClockTimes> clock);
  static Event draw_offer(rules::Color by, std::optional<ClockTimes> clock);
  static Event end(std::string result, std::string reason, std::optional<ClockTimes> clock);
  // A Kriegspiel try the umpire played or refused aloud, or "Are there any?" and its answer.
  static Event umpire(std::string say, rules::Color by, std::string move, std::int64_t ply, std::string answer,
                      std::optional<ClockTimes> clock);
  bool operator==(const Event&) const = default;
};

std::string_view type_name(Event::Type type);
std::string event_payload(const Event& event);
// nullopt for an unknown type or a payload that is not what event_payload writes.
std::optional<Event> parse_event(std::string_view type, std::string_view payload);

std::string_view color_name(rules::Color c);
std::optional<rules::Color> parse_color(std::string_view name);

}  // namespace arbiter::protocol
