// The hidden game's referee: the Kriegspiel umpire judges tries on the real board, which only
// it sees, and answers "Are there any?".
#include <stdexcept>

#include "match/referee.h"

namespace arbiter::match {
namespace {

class HiddenReferee final : public Referee {
 public:
  explicit HiddenReferee(rules::Position start) : umpire_(std::move(start)) {}

  const rules::Game& game() const override { return umpire_.game(); }
  const rules::Umpire* umpire() const override { return &umpire_; }

  const Capabilities& capabilities() const override {
    static const Capabilities hidden{.board_hidden = true, .tries = true, .any_question = true, .takebacks = false,
                                     .premoves = false, .players_chat = false, .seals_spectators = true};
    return hidden;
  }
  bool pawn_capture_owed() const override { return umpire_.pawn_capture_owed(); }
  bool may_ask_any() const override { return !umpire_.asked_any(); }

  MoveRuling judge_move(rules::Color mover, std::string_view uci, int ply) const override {
    MoveRuling ruling;
    rules::TryResult answer = umpire_.judge_try(mover, uci);
    if (answer.verdict == rules::TryResult::Verdict::Nonsense) {
      ruling.refusal = Refusal{Rejection::Nonsense, answer.reason};
      return ruling;
    }
    const bool played = answer.verdict == rules::TryResult::Verdict::Moved;
    ruling.act = Tried{mover, std::string(uci), ply, played, std::nullopt};
    ruling.turn_passes = played;
    if (played) ruling.outcome = answer.announcement.outcome;
    judged_ = Judged{mover, std::string(uci), std::move(answer)};
    return ruling;
  }

  AnyRuling judge_any(rules::Color asker, int ply) const override {
    auto answer = umpire_.judge_any(asker);
    if (!answer) return {Refusal{Rejection::Nonsense, answer.error()}, {}};
    return {std::nullopt, Asked{asker, ply, *answer, std::nullopt}};
  }

  void apply(const Event& event) override {
    if (const auto* asked = std::get_if<Asked>(&event)) return umpire_.record_any(asked->by, asked->answer);
    const auto* tried = std::get_if<Tried>(&event);
    if (!tried) throw std::runtime_error("a hidden game records tries, not moves");
    const Tried& act = *tried;
    // The try judged last is recorded as judged; a stored one is judged again and must get
    // the answer it got then.
    if (!judged_ || judged_->by != act.by || judged_->uci != act.move) judged_ = Judged{act.by, act.move, umpire_.judge_try(act.by, act.move)};
    const auto expected = act.accepted ? rules::TryResult::Verdict::Moved : rules::TryResult::Verdict::Illegal;
    if (judged_->answer.verdict != expected) throw std::runtime_error("stored try does not replay: " + act.move);
    umpire_.record_try(act.by, act.move, judged_->answer);
    judged_.reset();
  }

  void take_back(int) override { throw std::runtime_error("a hidden game takes nothing back"); }

 private:
  struct Judged {
    rules::Color by;
    std::string uci;
    rules::TryResult answer;
  };
  rules::Umpire umpire_;
  mutable std::optional<Judged> judged_;
};

}  // namespace

std::unique_ptr<Referee> make_hidden_referee(rules::Position start) {
  return std::make_unique<HiddenReferee>(std::move(start));
}

}  // namespace arbiter::match
