#include "protocol/events.h"

#include <nlohmann/json.hpp>

#include "protocol/messages.h"

namespace arbiter::protocol {
namespace {

using nlohmann::json;

void put_clock(json& out, const std::optional<ClockTimes>& clock) {
  if (clock) out["clock"] = {{"white", clock->white_ms}, {"black", clock->black_ms}};
}

bool get_clock(const json& in, std::optional<ClockTimes>& clock) {
  auto it = in.find("clock");
  if (it == in.end()) return true;
  if (!it->is_object()) return false;
  // find(), not operator[]: on a const object a missing key is undefined behaviour.
  auto white = it->find("white"), black = it->find("black");
  if (white == it->end() || black == it->end() || !white->is_number_integer() || !black->is_number_integer())
    return false;
  clock = ClockTimes{white->get<std::int64_t>(), black->get<std::int64_t>()};
  return true;
}

std::optional<std::string> get_string(const json& in, const char* key) {
  auto it = in.find(key);
  if (it == in.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

}  // namespace

Event Event::joined(rules::Color seat, std::optional<ClockTimes> clock) {
  Event e;
  e.type = Type::Joined;
  e.color = seat;
  e.clock = clock;
  return e;
}

Event Event::moved(std::string move, std::int64_t ply, std::optional<ClockTimes> clock) {
  Event e;
  e.type = Type::Move;
  e.move = std::move(move);
  e.ply = ply;
  e.clock = clock;
  return e;
}

Event Event::draw_offer(rules::Color by, std::optional<ClockTimes> clock) {
  Event e;
  e.type = Type::DrawOffer;
  e.color = by;
  e.clock = clock;
  return e;
}

Event Event::end(std::string result, std::string reason, std::optional<ClockTimes> clock) {
  Event e;
  e.type = Type::End;
  e.result = std::move(result);
  e.reason = std::move(reason);
  e.clock = clock;
  return e;
}

Event Event::umpire(std::string say, rules::Color by, std::string move, std::int64_t ply, std::string answer,
                    std::optional<ClockTimes> clock) {
  Event e;
  e.type = Type::Umpire;
  e.say = std::move(say);
  e.color = by;
  e.move = std::move(move);
  e.ply = ply;
  e.answer = std::move(answer);
  e.clock = clock;
  return e;
}

std::string_view type_name(Event::Type type) {
  switch (type) {
    case Event::Type::Joined: return "joined";
    case Event::Type::Move: return "move";
    case Event::Type::DrawOffer: return "draw_offer";
    case Event::Type::End: return "end";
    case Event::Type::Umpire: return "umpire";
  }
  return "?";
}

std::string event_payload(const Event& event) {
  json out = json::object();
  switch (event.type) {
    case Event::Type::Joined: out["color"] = color_name(event.color); break;
    case Event::Type::Move: out["move"] = event.move; out["ply"] = event.ply; break;
    case Event::Type::DrawOffer: out["by"] = color_name(event.color); break;
    case Event::Type::End: out["result"] = event.result; out["reason"] = event.reason; break;
    case Event::Type::Umpire:
      out["say"] = event.say;
      out["by"] = color_name(event.color);
      out["ply"] = event.ply;
      if (event.say == "any") out["answer"] = event.answer;
      else out["move"] = event.move;
      break;
  }
  put_clock(out, event.clock);
  return dump(out);
}

std::optional<Event> parse_event(std::string_view type, std::string_view payload) {
  json in = json::parse(payload, nullptr, false);
  if (in.is_discarded() || !in.is_object()) return std::nullopt;
  Event event;
  if (!get_clock(in, event.clock)) return std::nullopt;
  if (type == "joined" || type == "draw_offer") {
    auto color = get_string(in, type == "joined" ? "color" : "by");
    auto parsed = color ? parse_color(*color) : std::nullopt;
    if (!parsed) return std::nullopt;
    event.type = type == "joined" ? Event::Type::Joined : Event::Type::DrawOffer;
    event.color = *parsed;
    return event;
  }
  if (type == "move") {
    auto move = get_string(in, "move");
    auto ply = in.find("ply");
    if (!move || ply == in.end() || !ply->is_number_integer()) return std::nullopt;
    event.type = Event::Type::Move;
    event.move = *move;
    event.ply = ply->get<std::int64_t>();
    return event;
  }
  if (type == "end") {
    auto result = get_string(in, "result");
    auto reason = get_string(in, "reason");
    if (!result || !reason) return std::nullopt;
    event.type = Event::Type::End;
    event.result = *result;
    event.reason = *reason;
    return event;
  }
  if (type == "umpire") {
    auto say = get_string(in, "say");
    auto by = get_string(in, "by");
    auto color = by ? parse_color(*by) : std::nullopt;
    auto ply = in.find("ply");
    if (!say || !color || ply == in.end() || !ply->is_number_integer()) return std::nullopt;
    auto detail = get_string(in, *say == "any" ? "answer" : "move");
    if (!detail || (*say != "moved" && *say != "illegal" && *say != "any")) return std::nullopt;
    event.type = Event::Type::Umpire;
    event.say = *say;
    event.color = *color;
    event.ply = ply->get<std::int64_t>();
    (*say == "any" ? event.answer : event.move) = *detail;
    return event;
  }
  return std::nullopt;
}

std::string_view color_name(rules::Color c) { return c == rules::Color::White ? "white" : "black"; }

std::optional<rules::Color> parse_color(std::string_view name) {
  if (name == "white") return rules::Color::White;
  if (name == "black") return rules::Color::Black;
  return std::nullopt;
}

}  // namespace arbiter::protocol
