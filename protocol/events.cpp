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

std::optional<int> get_ply(const json& in) {
  auto it = in.find("ply");
  if (it == in.end() || !it->is_number_integer() || it->get<std::int64_t>() < 0) return std::nullopt;
  return static_cast<int>(it->get<std::int64_t>());
}

std::optional<rules::Color> get_color(const json& in, const char* key) {
  auto name = get_string(in, key);
  return name ? parse_color(*name) : std::nullopt;
}

// A hidden game's acts are stored as the umpire's words.
std::string_view umpire_say(const Event& event) {
  if (event.kind == Event::Kind::Asked) return "any";
  return event.accepted ? "moved" : "illegal";
}

}  // namespace

std::string_view type_name(const Event& event) {
  switch (event.kind) {
    case Event::Kind::Joined: return "joined";
    case Event::Kind::Moved: return "move";
    case Event::Kind::DrawOffered: return "draw_offer";
    case Event::Kind::DrawDeclined: return "draw_declined";
    case Event::Kind::TakebackOffered: return "takeback_offer";
    case Event::Kind::TakebackDeclined: return "takeback_declined";
    case Event::Kind::TakenBack: return "takeback";
    case Event::Kind::Ended: return "end";
    case Event::Kind::Tried:
    case Event::Kind::Asked: return "umpire";
  }
  return "?";
}

std::string event_payload(const Event& event) {
  json out = json::object();
  switch (event.kind) {
    case Event::Kind::Joined: out["color"] = color_name(event.by); break;
    case Event::Kind::Moved: out["move"] = event.move; out["ply"] = event.ply; break;
    case Event::Kind::DrawOffered:
    case Event::Kind::DrawDeclined:
    case Event::Kind::TakebackOffered:
    case Event::Kind::TakebackDeclined: out["by"] = color_name(event.by); break;
    case Event::Kind::TakenBack: out["by"] = color_name(event.by); out["plies"] = event.plies; break;
    case Event::Kind::Ended: out["result"] = result_name(event.result); out["reason"] = reason_name(event.reason); break;
    case Event::Kind::Tried:
    case Event::Kind::Asked:
      out["say"] = umpire_say(event);
      out["by"] = color_name(event.by);
      out["ply"] = event.ply;
      if (event.kind == Event::Kind::Asked) out["answer"] = rules::to_string(event.answer);
      else out["move"] = event.move;
      break;
  }
  put_clock(out, event.clock);
  return dump(out);
}

std::optional<Event> parse_event(std::string_view type, std::string_view payload) {
  json in = json::parse(payload, nullptr, false);
  if (in.is_discarded() || !in.is_object()) return std::nullopt;
  std::optional<ClockTimes> clock;
  if (!get_clock(in, clock)) return std::nullopt;
  if (type == "joined") {
    auto color = get_color(in, "color");
    if (!color) return std::nullopt;
    return Event::joined(*color, clock);
  }
  using Maker = Event (*)(rules::Color, std::optional<ClockTimes>);
  for (auto [name, make] : {std::pair<std::string_view, Maker>{"draw_offer", Event::draw_offered},
                            {"draw_declined", Event::draw_declined},
                            {"takeback_offer", Event::takeback_offered},
                            {"takeback_declined", Event::takeback_declined}}) {
    if (type != name) continue;
    auto by = get_color(in, "by");
    if (!by) return std::nullopt;
    return make(*by, clock);
  }
  if (type == "takeback") {
    auto by = get_color(in, "by");
    auto plies = in.find("plies");
    if (!by || plies == in.end() || !plies->is_number_integer() || plies->get<std::int64_t>() < 1) return std::nullopt;
    return Event::taken_back(*by, static_cast<int>(plies->get<std::int64_t>()), clock);
  }
  if (type == "move") {
    auto move = get_string(in, "move");
    auto ply = get_ply(in);
    if (!move || !ply) return std::nullopt;
    return Event::moved(*move, *ply, clock);
  }
  if (type == "end") {
    auto result = get_string(in, "result");
    auto reason = get_string(in, "reason");
    auto parsed_result = result ? parse_result(*result) : std::nullopt;
    auto parsed_reason = reason ? parse_reason(*reason) : std::nullopt;
    if (!parsed_result || !parsed_reason) return std::nullopt;
    return Event::ended(*parsed_result, *parsed_reason, clock);
  }
  if (type == "umpire") {
    auto say = get_string(in, "say");
    auto by = get_color(in, "by");
    auto ply = get_ply(in);
    if (!say || !by || !ply) return std::nullopt;
    if (*say == "any") {
      auto answer = get_string(in, "answer");
      if (answer != "try" && answer != "no") return std::nullopt;
      return Event::asked(*by, *ply, *answer == "try" ? rules::AnyAnswer::Try : rules::AnyAnswer::No, clock);
    }
    auto move = get_string(in, "move");
    if (!move || (*say != "moved" && *say != "illegal")) return std::nullopt;
    return Event::tried(*by, *move, *ply, *say == "moved", clock);
  }
  return std::nullopt;
}

}  // namespace arbiter::protocol
