#include "server/players/computer_player.h"

#include <iostream>
#include <nlohmann/json.hpp>

#include "engine/level.h"
#include "match/referee.h"
#include "server/players/seat_views.h"

namespace arbiter {
namespace {

using nlohmann::json;

std::string text_of(const json& object, const char* key) {
  auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The seat's clock for the engine's time management; none in an untimed game.
std::optional<engine::Clock> engine_clock(const json& clock) {
  if (!clock.is_object()) return std::nullopt;
  engine::Clock out;
  out.wtime = clock.value("white", std::int64_t{0});
  out.btime = clock.value("black", std::int64_t{0});
  out.winc = out.binc = clock.value("increment_ms", std::int64_t{0});
  return out;
}

constexpr std::string_view kComputerMark = "computer:";

}  // namespace

std::string computer_seat_mark(int level) { return std::string(kComputerMark) + std::to_string(level); }

std::optional<int> computer_level_of(std::string_view seat_mark) {
  if (!seat_mark.starts_with(kComputerMark)) return std::nullopt;
  const std::string_view digits = seat_mark.substr(kComputerMark.size());
  if (digits.size() != 1 || digits[0] < '1' || digits[0] > '8') return std::nullopt;
  return digits[0] - '0';
}

ComputerPlayer::ComputerPlayer(int level, std::uint64_t seed) : level_(level), seed_(seed) {}

std::optional<match::Command> ComputerPlayer::decide(const rules::Variant& variant, const json& seat_view,
                                                     engine::Searcher& searcher, const std::atomic<bool>& stop) {
  // Where moves are tries, the seat's view is its own men and what the umpire said; on a hidden
  // board without them, what its men see.
  const match::Capabilities capabilities = match::capabilities_of(variant);
  if (capabilities.tries) return decide_hidden(seat_view, variant, stop);
  if (capabilities.board_hidden) return decide_in_fog(seat_view, variant, stop);

  std::vector<std::string> moves;
  for (const auto& move : seat_view.value("moves", json::array()))
    if (move.is_string()) moves.push_back(move.get<std::string>());
  auto game = rules::Game::from(variant, text_of(seat_view, "start_fen"), moves);
  if (!game || game->outcome().over()) return std::nullopt;
  auto clock = engine_clock(seat_view.value("clock", json()));
  auto result = engine::play_level(searcher, *game, level_, clock, stop, seed_);
  if (!result.best) return std::nullopt;
  return match::MoveCommand{game->position().uci(*result.best), static_cast<std::int64_t>(moves.size())};
}

std::optional<match::Command> ComputerPlayer::decide_hidden(const json& seat_view, const rules::Variant& variant,
                                                            const std::atomic<bool>& stop) {
  auto view = kriegspiel_view_of(variant, seat_view);
  if (!view) {
    std::cerr << "arbiter: Kriegspiel computer: its view: " << view.error() << "\n";
    return std::nullopt;
  }
  if (!kriegspiel_) kriegspiel_.emplace(seed_, engine::kriegspiel_level(level_));
  auto decision = kriegspiel_->decide(*view, stop);
  if (!decision) {
    std::cerr << "arbiter: Kriegspiel computer: " << decision.error() << "\n";
    return std::nullopt;
  }
  if (decision->kind == engine::KriegspielDecision::Kind::AskAny) return match::AnyCommand{};
  return match::MoveCommand{decision->uci, seat_view.value("ply", std::int64_t{0})};
}

std::optional<match::Command> ComputerPlayer::decide_in_fog(const json& seat_view, const rules::Variant& variant,
                                                           const std::atomic<bool>& stop) {
  auto view = fog_view_of(variant, seat_view);
  if (!view) {
    std::cerr << "arbiter: Fog of War computer: its view: " << view.error() << "\n";
    return std::nullopt;
  }
  if (!fog_) fog_.emplace(seed_, engine::fog_level(level_));
  auto move = fog_->decide(*view, stop);
  if (!move) {
    std::cerr << "arbiter: Fog of War computer: " << move.error() << "\n";
    return std::nullopt;
  }
  return match::MoveCommand{*move, seat_view.value("ply", std::int64_t{0})};
}

std::optional<match::Command> ComputerPlayer::respond(const match::Event& event, rules::Color seat) {
  using Answer = std::optional<match::Command>;
  return std::visit(match::overloaded{
                        [&](const match::TakebackOffered& offer) -> Answer {
                          if (offer.by == seat) return std::nullopt;
                          return match::TakebackCommand{};
                        },
                        [&](const match::DrawOffered& offer) -> Answer {
                          if (offer.by == seat) return std::nullopt;
                          return match::DeclineDrawCommand{};
                        },
                        [&](const match::RematchOffered& offer) -> Answer {
                          if (offer.by == seat) return std::nullopt;
                          return match::RematchCommand{};
                        },
                        [](const auto&) -> Answer { return std::nullopt; },  // nothing asked of it
                    },
                    event);
}

}  // namespace arbiter
