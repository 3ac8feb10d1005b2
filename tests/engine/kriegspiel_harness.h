#pragma once
// Kriegspiel games between the computer player and baseline players, refereed by the real
// umpire (rules::Umpire). Shared by the tests and bench/kriegspiel_bench.cpp. The harness sees
// everything; the computer gets only the view the server would send its seat, built here from
// the protocol's own per-viewer JSON (protocol/umpire_views.h) and read as the server's computer
// seat reads it (server/players/seat_views.h).
#include <algorithm>
#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/kriegspiel_player.h"
#include "protocol/names.h"
#include "protocol/umpire_views.h"
#include "rules/kriegspiel.h"
#include "server/players/seat_views.h"

namespace arbiter::kriegspiel_harness {

using engine::KriegspielView;
using rules::Color;
using rules::Umpire;

// The seat's view from what the protocol tells that player (the `umpire` list of `state` and
// the own FEN), read by the server's own reader.
inline rules::Result<KriegspielView> seat_view(const Umpire& umpire, Color seat) {
  const nlohmann::json told{{"you", protocol::color_name(seat)},
                            {"fen", umpire.own_fen(seat)},
                            {"umpire", protocol::umpire_history(umpire, protocol::viewer_of(seat), false)}};
  return kriegspiel_view_of(umpire.game().start().variant(), told);
}

// Makes one public act for the seat to move: a try or a question.
using Seat = std::function<void(Umpire&, Color)>;

struct ComputerTally {
  int decisions = 0, tries = 0, questions = 0;
  double deciding_seconds = 0;  // inside KriegspielPlayer::decide (for bench/, never asserted)
  int nonsense = 0;        // tries the umpire refused privately: must stay 0
  int off_own_board = 0;   // tries not among the umpire's possible tries: must stay 0
  std::vector<std::string> errors;
};

// The computer at a seat: decides from its view alone, then the harness hands its decision to
// the umpire.
inline Seat computer_seat(engine::KriegspielPlayer& player, ComputerTally& tally) {
  return [&player, &tally](Umpire& umpire, Color me) {
    auto view = seat_view(umpire, me);
    if (!view) throw std::runtime_error("view: " + view.error());
    const auto started = std::chrono::steady_clock::now();
    auto decision = player.decide(*view);
    tally.deciding_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (!decision) throw std::runtime_error("decide: " + decision.error());
    ++tally.decisions;
    if (decision->kind == engine::KriegspielDecision::Kind::AskAny) {
      ++tally.questions;
      if (!umpire.ask_any(me)) throw std::runtime_error("the computer asked twice in a turn");
      return;
    }
    ++tally.tries;
    const auto possible = umpire.possible_moves(me);
    if (std::find(possible.begin(), possible.end(), decision->uci) == possible.end()) ++tally.off_own_board;
    if (umpire.try_move(me, decision->uci).verdict == rules::TryResult::Verdict::Nonsense) {
      ++tally.nonsense;
      throw std::runtime_error("nonsense try " + decision->uci);
    }
  };
}

// A player that tries moves possible on its own board at random until one is played.
inline Seat random_seat(engine::KriegspielRandom& rng) {
  return [&rng](Umpire& umpire, Color me) {
    const auto tries = umpire.possible_moves(me);
    umpire.try_move(me, tries[rng.below(tries.size())]);
  };
}

// A player that captures whenever a capture is legal (the harness tells it which: stronger
// than any player who cannot see), else tries at random.
inline Seat greedy_seat(engine::KriegspielRandom& rng) {
  return [&rng](Umpire& umpire, Color me) {
    const rules::Position& real = umpire.game().position();
    std::vector<std::string> captures;
    for (const rules::Move& m : real.legal_moves())
      if (real.is_capture(m)) captures.push_back(real.uci(m));
    const auto tries = captures.empty() ? umpire.possible_moves(me) : captures;
    umpire.try_move(me, tries[rng.below(tries.size())]);
  };
}

// Plays until a rule ends the game (or `max_acts` public acts, a guard against a harness bug).
inline rules::Outcome play_game(Umpire& umpire, const Seat& white, const Seat& black, std::size_t max_acts = 100000) {
  while (!umpire.outcome().over() && umpire.record().size() < max_acts) {
    const Color mover = umpire.to_move();
    (mover == Color::White ? white : black)(umpire, mover);
  }
  return umpire.outcome();
}

}  // namespace arbiter::kriegspiel_harness
