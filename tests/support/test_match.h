#pragma once
// A match driven as a room drives it, minus the room: every accepted decision's events are
// applied at once, with a time the test moves by hand. Header-only, for doctest units.
#include <doctest/doctest.h>

#include <chrono>
#include <optional>
#include <string_view>
#include <vector>

#include "match/match.h"

namespace arbiter::testing {

using namespace std::chrono_literals;

// The event as the kind it must be: the test fails if it is another.
template <typename Kind>
const Kind& as(const match::Event& event) {
  REQUIRE(std::holds_alternative<Kind>(event));
  return std::get<Kind>(event);
}

class TestMatch {
 public:
  static constexpr std::int64_t kCreatedAtMs = 1700000000000;  // 2023-11-14

  // A game waiting for its invited player (or, `local`, under way on one device).
  explicit TestMatch(std::string_view variant_name, std::optional<match::ClockSetting> clock = std::nullopt,
                     bool local = false, std::string id = "g1", std::string_view fen = {})
      : match_(setup(std::move(id), clock, local), start_of(variant_name, fen), now) {}
  // A game made as `setup` says (a computer's seat, seats given at once), from the variant's start.
  TestMatch(match::MatchSetup setup, std::string_view variant_name)
      : match_(std::move(setup), start_of(variant_name, {}), now) {}
  // A game between two people from a set position, joined.
  static TestMatch from(std::string_view variant_name, std::string_view fen,
                        std::optional<match::ClockSetting> clock = std::nullopt) {
    TestMatch game(variant_name, clock, false, "g1", fen);
    game.join(rules::Color::Black);
    return game;
  }

  const match::Match& operator*() const { return match_; }
  // What is not recorded (connections, premoves) is set on the match itself.
  match::Match& match() { return match_; }
  const match::Match* operator->() const { return &match_; }

  void wait(std::chrono::milliseconds time) { now += time; }
  // `now` on the wall clock, as events are recorded.
  std::int64_t wall_ms() const {
    return kCreatedAtMs + std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  }

  // Decides, and applies what was decided.
  match::Decision send(match::Viewer from, match::Command command) { return carry_out(match_.decide(from, command, now)); }
  match::Decision join(rules::Color seat = rules::Color::Black) { return carry_out(match_.join(seat, now)); }
  match::Decision tick() { return carry_out(match_.on_time(now)); }
  // Moves by whoever is to move, each required to be played.
  void play(std::initializer_list<const char*> moves) {
    for (const char* move : moves) {
      auto decision = send(match::viewer_of(match_.turn()), match::MoveCommand{move, match_.ply()});
      CAPTURE(move);
      REQUIRE(decision.accepted());
      REQUIRE_FALSE(decision.events.empty());
    }
  }

  // Every event applied so far, in order, with the times it took effect: a store's worth.
  struct Applied {
    match::Event event;
    match::Time at;
    std::int64_t at_ms;
  };
  const std::vector<Applied>& log() const { return log_; }
  // Applies recorded events as a restarted server does: apply alone, no decision.
  void replay(const std::vector<Applied>& log) {
    for (const auto& applied : log) apply(applied.event, applied.at, applied.at_ms);
  }
  void apply(const match::Event& event, match::Time at, std::int64_t at_ms) {
    match_.apply(event, at, at_ms);
    log_.push_back({event, at, at_ms});
  }
  match::Decision carry_out(match::Decision decision) {
    if (!decision.accepted()) return decision;
    const std::int64_t at_ms = wall_ms();
    for (const auto& event : decision.events) apply(event, now, at_ms);
    return decision;
  }

  match::Time now{};

 private:
  static match::MatchSetup setup(std::string id, std::optional<match::ClockSetting> clock, bool local) {
    match::MatchSetup setup;
    setup.id = std::move(id);
    setup.clock = clock;
    setup.local = local;
    setup.created_at_ms = kCreatedAtMs;
    return setup;
  }
  static rules::Position start_of(std::string_view name, std::string_view fen) {
    const rules::Variant* variant = rules::find_variant(name);
    REQUIRE(variant);
    if (fen.empty()) return rules::Position::start(*variant);
    auto position = rules::Position::from_fen(*variant, fen);
    REQUIRE_MESSAGE(position.ok(), position.error());
    return position.value();
  }

  match::Match match_;
  std::vector<Applied> log_;
};

}  // namespace arbiter::testing
