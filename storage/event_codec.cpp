#include "storage/event_codec.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <limits>
#include <set>
#include <type_traits>
#include <utility>

#include <nlohmann/json.hpp>

namespace arbiter::storage {
namespace {

using match::ClockTimes;
using match::EndReason;
using match::Event;
using match::Result;
using nlohmann::json;

// The names below are the stored form: never change one without a schema migration. One per
// kind (a kind without one does not compile).
constexpr std::string_view stored_type(std::type_identity<match::Joined>) { return "joined"; }
constexpr std::string_view stored_type(std::type_identity<match::Moved>) { return "moved"; }
constexpr std::string_view stored_type(std::type_identity<match::Tried>) { return "tried"; }
constexpr std::string_view stored_type(std::type_identity<match::Asked>) { return "asked"; }
constexpr std::string_view stored_type(std::type_identity<match::DrawOffered>) { return "draw_offered"; }
constexpr std::string_view stored_type(std::type_identity<match::DrawDeclined>) { return "draw_declined"; }
constexpr std::string_view stored_type(std::type_identity<match::TakebackOffered>) { return "takeback_offered"; }
constexpr std::string_view stored_type(std::type_identity<match::TakebackDeclined>) { return "takeback_declined"; }
constexpr std::string_view stored_type(std::type_identity<match::TakenBack>) { return "taken_back"; }
constexpr std::string_view stored_type(std::type_identity<match::Ended>) { return "ended"; }
constexpr std::string_view stored_type(std::type_identity<match::RematchOffered>) { return "rematch_offered"; }
constexpr std::string_view stored_type(std::type_identity<match::RematchDeclined>) { return "rematch_declined"; }
constexpr std::string_view stored_type(std::type_identity<match::Rematched>) { return "rematched"; }

constexpr std::array<std::pair<Result, std::string_view>, 5> kResults{{
    {Result::Ongoing, "ongoing"},
    {Result::WhiteWins, "white_wins"},
    {Result::BlackWins, "black_wins"},
    {Result::Draw, "draw"},
    {Result::Aborted, "aborted"},
}};

constexpr std::array<std::pair<EndReason, std::string_view>, 15> kReasons{{
    {EndReason::None, "none"},
    {EndReason::Checkmate, "checkmate"},
    {EndReason::Stalemate, "stalemate"},
    {EndReason::Repetition, "repetition"},
    {EndReason::FiftyMoves, "fifty_moves"},
    {EndReason::InsufficientMaterial, "insufficient_material"},
    {EndReason::KingCaptured, "king_captured"},
    {EndReason::BareKing, "bare_king"},
    {EndReason::Resign, "resign"},
    {EndReason::Agreement, "agreement"},
    {EndReason::Timeout, "timeout"},
    {EndReason::Abort, "abort"},
    {EndReason::Abandoned, "abandoned"},
    {EndReason::Expired, "expired"},
    {EndReason::Deserted, "deserted"},
}};

constexpr std::array<std::pair<rules::Color, std::string_view>, 2> kSides{{
    {rules::Color::White, "white"},
    {rules::Color::Black, "black"},
}};

constexpr std::array<std::pair<rules::AnyAnswer, std::string_view>, 2> kAnswers{{
    {rules::AnyAnswer::Try, "try"},
    {rules::AnyAnswer::No, "no"},
}};

template <typename Value, std::size_t N>
std::string_view name_of(const std::array<std::pair<Value, std::string_view>, N>& names, Value value) {
  for (const auto& [known, name] : names)
    if (known == value) return name;
  return "";
}

template <typename Value, std::size_t N>
std::optional<Value> value_of(const std::array<std::pair<Value, std::string_view>, N>& names, std::string_view name) {
  for (const auto& [known, spelled] : names)
    if (spelled == name) return known;
  return std::nullopt;
}

// Reads a payload's fields, remembering which were read, so that one with any other is refused.
class Fields {
 public:
  explicit Fields(const json& object) : object_(object) {}

  const json* find(const char* key) {
    auto it = object_.find(key);
    if (it == object_.end()) return nullptr;
    read_.insert(key);
    return &*it;
  }
  std::optional<std::string> text(const char* key) {
    const json* value = find(key);
    if (!value || !value->is_string()) return std::nullopt;
    return value->get<std::string>();
  }
  std::optional<std::int64_t> integer(const char* key) {
    const json* value = find(key);
    if (!value || !value->is_number_integer()) return std::nullopt;
    return value->get<std::int64_t>();
  }
  template <typename Value, std::size_t N>
  std::optional<Value> named(const char* key, const std::array<std::pair<Value, std::string_view>, N>& names) {
    auto name = text(key);
    return name ? value_of(names, *name) : std::nullopt;
  }
  bool all_read() const { return read_.size() == object_.size(); }

 private:
  const json& object_;
  std::set<std::string> read_;
};

std::optional<int> small_count(std::optional<std::int64_t> value, std::int64_t least) {
  if (!value || *value < least || *value > std::numeric_limits<int>::max()) return std::nullopt;
  return static_cast<int>(*value);
}

// Each kind's stored fields besides the clock ("side": the seat taken, or who acted), written...
void write(json& out, const match::Joined& e) {
  out["side"] = name_of(kSides, e.seat);
  if (!e.name.empty()) out["name"] = e.name;
}
void write(json& out, const match::Moved& e) {
  out["move"] = e.move;
  out["ply"] = e.ply;
}
void write(json& out, const match::Tried& e) {
  out["side"] = name_of(kSides, e.by);
  out["move"] = e.move;
  out["ply"] = e.ply;
  out["accepted"] = e.accepted;
}
void write(json& out, const match::Asked& e) {
  out["side"] = name_of(kSides, e.by);
  out["ply"] = e.ply;
  out["answer"] = name_of(kAnswers, e.answer);
}
void write(json& out, const match::TakenBack& e) {
  out["side"] = name_of(kSides, e.by);
  out["plies"] = e.plies;
}
void write(json& out, const match::Ended& e) {
  out["result"] = name_of(kResults, e.result);
  out["reason"] = name_of(kReasons, e.reason);
}
void write(json& out, const match::Rematched& e) {
  out["side"] = name_of(kSides, e.by);
  out["game"] = e.game;
}
// The offers and answers: who acted.
void write_side(json& out, rules::Color by) { out["side"] = name_of(kSides, by); }
void write(json& out, const match::DrawOffered& e) { write_side(out, e.by); }
void write(json& out, const match::DrawDeclined& e) { write_side(out, e.by); }
void write(json& out, const match::TakebackOffered& e) { write_side(out, e.by); }
void write(json& out, const match::TakebackDeclined& e) { write_side(out, e.by); }
void write(json& out, const match::RematchOffered& e) { write_side(out, e.by); }
void write(json& out, const match::RematchDeclined& e) { write_side(out, e.by); }

// ... and read back: false when one is missing or malformed.
bool read(Fields& in, match::Joined& e) {
  auto side = in.named("side", kSides);
  if (!side) return false;
  e.seat = *side;
  if (!in.find("name")) return true;
  auto name = in.text("name");
  if (!name || name->empty()) return false;  // an empty name is left out
  e.name = *name;
  return true;
}
bool read(Fields& in, match::Moved& e) {
  auto move = in.text("move");
  auto ply = small_count(in.integer("ply"), 0);
  if (!move || !ply) return false;
  e.move = *move;
  e.ply = *ply;
  return true;
}
bool read(Fields& in, match::Tried& e) {
  auto side = in.named("side", kSides);
  auto move = in.text("move");
  auto ply = small_count(in.integer("ply"), 0);
  const json* accepted = in.find("accepted");
  if (!side || !move || !ply || !accepted || !accepted->is_boolean()) return false;
  e.by = *side;
  e.move = *move;
  e.ply = *ply;
  e.accepted = accepted->get<bool>();
  return true;
}
bool read(Fields& in, match::Asked& e) {
  auto side = in.named("side", kSides);
  auto ply = small_count(in.integer("ply"), 0);
  auto answer = in.named("answer", kAnswers);
  if (!side || !ply || !answer) return false;
  e.by = *side;
  e.ply = *ply;
  e.answer = *answer;
  return true;
}
bool read(Fields& in, match::TakenBack& e) {
  auto side = in.named("side", kSides);
  auto plies = small_count(in.integer("plies"), 1);
  if (!side || !plies) return false;
  e.by = *side;
  e.plies = *plies;
  return true;
}
bool read(Fields& in, match::Ended& e) {
  auto result = in.named("result", kResults);
  auto reason = in.named("reason", kReasons);
  if (!result || !reason) return false;
  e.result = *result;
  e.reason = *reason;
  return true;
}
bool read(Fields& in, match::Rematched& e) {
  auto side = in.named("side", kSides);
  auto game = in.text("game");
  if (!side || !game || game->empty()) return false;
  e.by = *side;
  e.game = *game;
  return true;
}
bool read_side(Fields& in, rules::Color& by) {
  auto side = in.named("side", kSides);
  if (side) by = *side;
  return side.has_value();
}
bool read(Fields& in, match::DrawOffered& e) { return read_side(in, e.by); }
bool read(Fields& in, match::DrawDeclined& e) { return read_side(in, e.by); }
bool read(Fields& in, match::TakebackOffered& e) { return read_side(in, e.by); }
bool read(Fields& in, match::TakebackDeclined& e) { return read_side(in, e.by); }
bool read(Fields& in, match::RematchOffered& e) { return read_side(in, e.by); }
bool read(Fields& in, match::RematchDeclined& e) { return read_side(in, e.by); }

// The event of kind `Kind`, clock included, if `type` names that kind and `payload` holds
// exactly its fields.
template <typename Kind>
std::optional<Event> read_kind(std::string_view type, const json& payload) {
  if (type != stored_type(std::type_identity<Kind>{})) return std::nullopt;
  Fields in(payload);
  Kind kind;
  if (!read(in, kind)) return std::nullopt;
  if (const json* clock = in.find("clock_ms")) {
    if (!clock->is_array() || clock->size() != 2 || !(*clock)[0].is_number_integer() ||
        !(*clock)[1].is_number_integer())
      return std::nullopt;
    kind.clock = ClockTimes{(*clock)[0].get<std::int64_t>(), (*clock)[1].get<std::int64_t>()};
  }
  if (!in.all_read()) return std::nullopt;
  return Event(std::move(kind));
}

template <std::size_t... I>
std::optional<Event> read_any(std::string_view type, const json& payload, std::index_sequence<I...>) {
  std::optional<Event> event;
  ((event = read_kind<std::variant_alternative_t<I, Event>>(type, payload)) || ...);
  return event;
}

void append_number(std::string& out, std::int64_t value) {
  char digits[24];
  const auto end = std::to_chars(std::begin(digits), std::end(digits), value).ptr;
  out.append(digits, end);
}

// A move (nearly every event stored) written straight to text, byte for byte what the JSON tree
// below dumps (keys in its order: clock_ms, move, ply), without the tree's allocations; a move
// whose text would need escaping goes through the tree.
std::optional<std::string> moved_payload(const match::Moved& moved) {
  const bool plain = std::ranges::all_of(moved.move, [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; });
  if (!plain) return std::nullopt;
  std::string out;
  out.reserve(48 + moved.move.size());
  out += '{';
  if (moved.clock) {
    out += "\"clock_ms\":[";
    append_number(out, moved.clock->white_ms);
    out += ',';
    append_number(out, moved.clock->black_ms);
    out += "],";
  }
  out += "\"move\":\"";
  out += moved.move;
  out += "\",\"ply\":";
  append_number(out, moved.ply);
  out += '}';
  return out;
}

}  // namespace

EncodedEvent encode_event(const Event& event) {
  if (const auto* moved = std::get_if<match::Moved>(&event))
    if (auto payload = moved_payload(*moved)) return {std::string(stored_type(std::type_identity<match::Moved>{})), std::move(*payload)};
  json out = json::object();
  std::visit([&](const auto& kind) { write(out, kind); }, event);
  if (auto clock = match::clock_of(event)) out["clock_ms"] = json::array({clock->white_ms, clock->black_ms});
  const std::string_view type =
      std::visit([](const auto& kind) { return stored_type(std::type_identity<std::decay_t<decltype(kind)>>{}); }, event);
  // Replace, not throw: text that is not UTF-8 (never sent by clients, whose JSON is parsed) must not fail a move.
  return {std::string(type), out.dump(-1, ' ', false, json::error_handler_t::replace)};
}

std::optional<Event> decode_event(std::string_view type, std::string_view payload) {
  const json in = json::parse(payload, nullptr, false);
  if (in.is_discarded() || !in.is_object()) return std::nullopt;
  return read_any(type, in, std::make_index_sequence<std::variant_size_v<Event>>{});
}

}  // namespace arbiter::storage
