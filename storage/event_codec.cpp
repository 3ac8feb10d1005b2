#include "storage/event_codec.h"

#include <array>
#include <cstdint>
#include <limits>
#include <set>
#include <utility>

#include <nlohmann/json.hpp>

namespace arbiter::storage {
namespace {

using match::ClockTimes;
using match::EndReason;
using match::Event;
using match::Result;
using nlohmann::json;
using Kind = Event::Kind;

// The names below are the stored form: never change one without a schema migration.
constexpr std::array<std::pair<Kind, std::string_view>, 13> kKinds{{
    {Kind::Joined, "joined"},
    {Kind::Moved, "moved"},
    {Kind::Tried, "tried"},
    {Kind::Asked, "asked"},
    {Kind::DrawOffered, "draw_offered"},
    {Kind::DrawDeclined, "draw_declined"},
    {Kind::TakebackOffered, "takeback_offered"},
    {Kind::TakebackDeclined, "takeback_declined"},
    {Kind::TakenBack, "taken_back"},
    {Kind::Ended, "ended"},
    {Kind::RematchOffered, "rematch_offered"},
    {Kind::RematchDeclined, "rematch_declined"},
    {Kind::Rematched, "rematched"},
}};

constexpr std::array<std::pair<Result, std::string_view>, 5> kResults{{
    {Result::Ongoing, "ongoing"},
    {Result::WhiteWins, "white_wins"},
    {Result::BlackWins, "black_wins"},
    {Result::Draw, "draw"},
    {Result::Aborted, "aborted"},
}};

constexpr std::array<std::pair<EndReason, std::string_view>, 14> kReasons{{
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

// The fields each kind stores besides the clock.
bool has_side(Kind kind) { return kind != Kind::Moved && kind != Kind::Ended; }
bool has_move(Kind kind) { return kind == Kind::Moved || kind == Kind::Tried; }
bool has_ply(Kind kind) { return kind == Kind::Moved || kind == Kind::Tried || kind == Kind::Asked; }

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

}  // namespace

EncodedEvent encode_event(const Event& event) {
  json out = json::object();
  const Kind kind = event.kind;
  if (has_side(kind)) out["side"] = name_of(kSides, event.by);
  if (has_move(kind)) out["move"] = event.move;
  if (has_ply(kind)) out["ply"] = event.ply;
  if (kind == Kind::Tried) out["accepted"] = event.accepted;
  if (kind == Kind::Asked) out["answer"] = name_of(kAnswers, event.answer);
  if (kind == Kind::TakenBack) out["plies"] = event.plies;
  if (kind == Kind::Ended) {
    out["result"] = name_of(kResults, event.result);
    out["reason"] = name_of(kReasons, event.reason);
  }
  if (kind == Kind::Joined && !event.name.empty()) out["name"] = event.name;
  if (kind == Kind::Rematched) out["game"] = event.game;
  if (event.clock) out["clock_ms"] = json::array({event.clock->white_ms, event.clock->black_ms});
  // Replace, not throw: text that is not UTF-8 (never sent by clients, whose JSON is parsed) must not fail a move.
  return {std::string(name_of(kKinds, kind)), out.dump(-1, ' ', false, json::error_handler_t::replace)};
}

std::optional<Event> decode_event(std::string_view type, std::string_view payload) {
  const auto kind = value_of(kKinds, type);
  if (!kind) return std::nullopt;
  const json in = json::parse(payload, nullptr, false);
  if (in.is_discarded() || !in.is_object()) return std::nullopt;
  Fields fields(in);
  Event event;
  event.kind = *kind;
  if (has_side(*kind)) {
    auto side = fields.named("side", kSides);
    if (!side) return std::nullopt;
    event.by = *side;
  }
  if (has_move(*kind)) {
    auto move = fields.text("move");
    if (!move) return std::nullopt;
    event.move = *move;
  }
  if (has_ply(*kind)) {
    auto ply = small_count(fields.integer("ply"), 0);
    if (!ply) return std::nullopt;
    event.ply = *ply;
  }
  if (*kind == Kind::Tried) {
    const json* accepted = fields.find("accepted");
    if (!accepted || !accepted->is_boolean()) return std::nullopt;
    event.accepted = accepted->get<bool>();
  }
  if (*kind == Kind::Asked) {
    auto answer = fields.named("answer", kAnswers);
    if (!answer) return std::nullopt;
    event.answer = *answer;
  }
  if (*kind == Kind::TakenBack) {
    auto plies = small_count(fields.integer("plies"), 1);
    if (!plies) return std::nullopt;
    event.plies = *plies;
  }
  if (*kind == Kind::Ended) {
    auto result = fields.named("result", kResults);
    auto reason = fields.named("reason", kReasons);
    if (!result || !reason) return std::nullopt;
    event.result = *result;
    event.reason = *reason;
  }
  if (*kind == Kind::Joined && fields.find("name")) {
    auto name = fields.text("name");
    if (!name || name->empty()) return std::nullopt;  // an empty name is left out
    event.name = *name;
  }
  if (*kind == Kind::Rematched) {
    auto game = fields.text("game");
    if (!game || game->empty()) return std::nullopt;
    event.game = *game;
  }
  if (const json* clock = fields.find("clock_ms")) {
    if (!clock->is_array() || clock->size() != 2 || !(*clock)[0].is_number_integer() ||
        !(*clock)[1].is_number_integer())
      return std::nullopt;
    event.clock = ClockTimes{(*clock)[0].get<std::int64_t>(), (*clock)[1].get<std::int64_t>()};
  }
  if (!fields.all_read()) return std::nullopt;
  return event;
}

}  // namespace arbiter::storage
