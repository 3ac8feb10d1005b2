// The open game's referee: rules::Game judges moves; everyone may see the board. Fog of War's
// moves are judged the same way (rules::Game plays them without check, Legality::NoCheck): only
// what the game lets its viewers see and do differs, its capabilities.
#include <stdexcept>

#include "match/referee.h"

namespace arbiter::match {
namespace {

class OpenReferee final : public Referee {
 public:
  OpenReferee(rules::Position start, const Capabilities& capabilities)
      : game_(std::move(start)), capabilities_(capabilities) {}

  const rules::Game& game() const override { return game_; }
  const rules::Umpire* umpire() const override { return nullptr; }

  const Capabilities& capabilities() const override { return capabilities_; }
  bool pawn_capture_owed() const override { return false; }
  bool may_ask_any() const override { return false; }

  MoveRuling judge_move(rules::Color mover, std::string_view uci, int ply) const override {
    MoveRuling ruling;
    auto move = game_.position().parse_uci(uci, game_.legal_moves());
    if (!move) {
      ruling.refusal = Refusal{Rejection::IllegalMove, move.error()};
      return ruling;
    }
    // The move is written as the rules spell it, not as the client did.
    const std::string spelled = game_.position().uci(*move);
    ruling.act = Moved{spelled, ply, std::nullopt};
    rules::Position after = game_.position();
    after.play(*move);
    ruling.turn_passes = after.side_to_move() != mover;
    ruling.outcome = game_.outcome_after(*move);
    judged_ = Judged{spelled, *move};
    return ruling;
  }

  AnyRuling judge_any(rules::Color, int) const override {
    return {Refusal{Rejection::NotHidden, "\"any\" is a Kriegspiel question"}, {}};
  }

  void apply(const Event& event) override {
    const auto* moved = std::get_if<Moved>(&event);
    if (!moved) throw std::runtime_error("an open game records moves, not tries");
    const Moved& act = *moved;
    // The move judged last is played as it was decoded; a stored one is decoded again.
    if (judged_ && judged_->uci == act.move) {
      game_.play(judged_->move);
    } else if (!game_.play(act.move)) {
      throw std::runtime_error("stored move does not replay: " + act.move);
    }
    judged_.reset();
  }

  void take_back(int plies) override {
    const auto& moves = game_.moves();
    rules::Game earlier(game_.start());
    for (std::size_t i = 0; i + plies < moves.size(); ++i) earlier.play(moves[i]);
    game_ = std::move(earlier);
    judged_.reset();
  }

 private:
  struct Judged {
    std::string uci;
    rules::Move move;
  };
  rules::Game game_;
  const Capabilities& capabilities_;
  mutable std::optional<Judged> judged_;
};

std::unique_ptr<Referee> make_open_referee(rules::Position start) {
  static const Capabilities open;
  return std::make_unique<OpenReferee>(std::move(start), open);
}

// Fog of War: each player sees their own men and the squares they could move to, a spectator
// nothing until the end (protocol/fog_view.cpp). No takebacks: taking a move back would show the
// opponent the board they saw before it. Premoves: a player's moves are decided by their men and
// the squares those see alone, so one queued and then played or cancelled tells its owner nothing
// their board does not show next. The players do not chat while it is on, as in Kriegspiel:
// nothing passes between the sides but the moves. Spectators are sealed for Kriegspiel's reason.
std::unique_ptr<Referee> make_fog_referee(rules::Position start) {
  static const Capabilities fog{.board_hidden = true, .takebacks = false, .premoves = true,
                                .players_chat = false, .seals_spectators = true};
  return std::make_unique<OpenReferee>(std::move(start), fog);
}

}  // namespace

std::unique_ptr<Referee> make_hidden_referee(rules::Position start);  // hidden_referee.cpp

std::unique_ptr<Referee> make_referee(rules::Position start) {
  switch (start.variant().visibility) {
    case rules::Visibility::Umpire: return make_hidden_referee(std::move(start));
    case rules::Visibility::Fog: return make_fog_referee(std::move(start));
    case rules::Visibility::Open: break;
  }
  return make_open_referee(std::move(start));
}

Capabilities capabilities_of(const rules::Variant& variant) {
  return make_referee(rules::Position::start(variant))->capabilities();
}

}  // namespace arbiter::match
