#include "match/permissions.h"

#include <algorithm>

namespace arbiter::match {

bool Permissions::may(Action action) const {
  return std::find(actions.begin(), actions.end(), action) != actions.end();
}

Permissions permitted(const Match& match, Viewer viewer, Time now) {
  Permissions out;
  const auto seat = seat_of(viewer);
  // A refusal is the only answer that keeps its meaning here: an accepted command that records
  // the end decided by time (a flag) is no permission, so a game that time has ended permits
  // nothing but what its end permits.
  const bool time_ended = !match.on_time(now).events.empty();
  auto accepts = [&](const Command& command) {
    return !time_ended && match.accepts(viewer, command, now);
  };
  auto allow = [&](Action action, bool yes) {
    if (yes) out.actions.push_back(action);
  };

  const bool playing = match.status() == Status::Playing && !time_ended;
  const bool to_move = playing && seat == match.turn();
  allow(Action::Move, to_move);
  allow(Action::Premove, !time_ended && match.accepts_premove(viewer, now));
  allow(Action::AskAny, to_move && match.referee().may_ask_any());
  allow(Action::Abort, accepts(AbortCommand{}));
  allow(Action::Resign, accepts(ResignCommand{}));
  const bool draw_offered_to_me = seat && match.draw_offer() == ~*seat;
  const bool draw = accepts(DrawCommand{});
  allow(Action::OfferDraw, draw && !draw_offered_to_me);
  allow(Action::AcceptDraw, draw && draw_offered_to_me);
  allow(Action::DeclineDraw, accepts(DeclineDrawCommand{}));
  const bool takeback_asked_of_me = seat && !match.local() && match.takeback_offer() == ~*seat;
  const bool takeback = accepts(TakebackCommand{});
  allow(Action::Takeback, takeback && !takeback_asked_of_me);
  allow(Action::AcceptTakeback, takeback && takeback_asked_of_me);
  allow(Action::DeclineTakeback, accepts(DeclineTakebackCommand{}));
  allow(Action::Claim, accepts(ClaimCommand{Claim::Victory}));
  const bool rematch_offered_to_me = seat && !match.local() && match.rematch_offer() == ~*seat;
  const bool rematch = accepts(RematchCommand{});
  allow(Action::Rematch, rematch && !rematch_offered_to_me);
  allow(Action::AcceptRematch, rematch && rematch_offered_to_me);
  allow(Action::DeclineRematch, accepts(DeclineRematchCommand{}));
  out.chat = match.chat_channel(viewer);
  allow(Action::Chat, out.chat.has_value());

  if (seat && playing) {
    if (auto claimable = match.claimable_at(*seat)) out.claim_in = std::max(std::chrono::milliseconds(0),
        std::chrono::duration_cast<std::chrono::milliseconds>(*claimable - now));
  }
  out.pawn_capture_owed = to_move && match.referee().pawn_capture_owed();
  return out;
}

}  // namespace arbiter::match
