#pragma once
// The computer in a seat. It sees the game exactly as a person in that seat does, through the
// `state` message the seat would be sent (protocol/views.h), never the match: in Kriegspiel
// that is its own men and the umpire's words, in Fog of War its sight at every ply and the men
// on it (both read by server/players/seat_views.h), and nothing here could reach more. It
// answers with the command a person would send: a move, or Kriegspiel's "Are there any?".
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "engine/fog_player.h"
#include "engine/kriegspiel_player.h"
#include "engine/search.h"
#include "match/event.h"

namespace arbiter {

// How the store marks a seat the computer holds (in place of a token's hash, which it can never
// equal), and the level such a mark names.
std::string computer_seat_mark(int level);
std::optional<int> computer_level_of(std::string_view seat_mark);

class ComputerPlayer {
 public:
  ComputerPlayer(int level, std::uint64_t seed);

  int level() const { return level_; }
  // What to send now, it being the seat's turn in `seat_view` of a game under `variant`; nullopt
  // when it finds nothing to do (a view it cannot read, or no move). One call at a time.
  std::optional<match::Command> decide(const rules::Variant& variant, const nlohmann::json& seat_view,
                                       engine::Searcher& searcher, const std::atomic<bool>& stop);
  // Its answer to the opponent's act, if it has one: takebacks and rematches are granted, draws
  // declined.
  static std::optional<match::Command> respond(const match::Event& event, rules::Color seat);

 private:
  std::optional<match::Command> decide_hidden(const nlohmann::json& seat_view, const rules::Variant& variant,
                                              const std::atomic<bool>& stop);
  std::optional<match::Command> decide_in_fog(const nlohmann::json& seat_view, const rules::Variant& variant,
                                              const std::atomic<bool>& stop);

  int level_;
  std::uint64_t seed_;
  // Kept from move to move: each carries its belief about the hidden men forward.
  std::optional<engine::KriegspielPlayer> kriegspiel_;
  std::optional<engine::FogPlayer> fog_;
};

}  // namespace arbiter
