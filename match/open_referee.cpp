// The open game's referee: rules::Game judges moves; everyone may see the board.
#include <stdexcept>

#include "match/referee.h"

namespace arbiter::match {
namespace {

class OpenReferee final : public Referee {
 public:
  explicit OpenReferee(rules::Position start) : game_(std::move(start)) {}

  const rules::Game& game() const override { return game_; }
  const rules::Umpire* umpire() const override { return nullptr; }

  const Capabilities& capabilities() const override {
    static const Capabilities open;
    return open;
  }
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
  mutable std::optional<Judged> judged_;
};

}  // namespace

std::unique_ptr<Referee> make_open_referee(rules::Position start) { return std::make_unique<OpenReferee>(std::move(start)); }

std::unique_ptr<Referee> make_referee(rules::Position start) {
  if (start.variant().hidden) return make_hidden_referee(std::move(start));
  return make_open_referee(std::move(start));
}

Capabilities capabilities_of(const rules::Variant& variant) {
  return make_referee(rules::Position::start(variant))->capabilities();
}

}  // namespace arbiter::match
