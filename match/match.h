#pragma once
// One game as a pure state machine, lila's round beside scalachess: `decide` turns a command
// (or the passing of time) into the events to record, or a refusal, changing nothing;
// `apply` changes the match by one recorded event, trusting it. Validation happens once, in
// decide; replaying stored events after a restart is apply alone. The room that owns a match
// commits each decided event before applying it, and gives both functions the time.
//
// Two things are not recorded, being no part of the game: which seats are connected (the room
// says so), and a premove, a player's own move queued for their next turn.
#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "match/clock.h"
#include "match/event.h"
#include "match/referee.h"

namespace arbiter::match {

struct ClockSetting {
  std::int64_t initial_ms;
  std::int64_t increment_ms;
};

// How long a game waits for people (lichess's conventions; a server may shorten them for tests).
struct Waits {
  // For each side's first move, from when it could first move: then the game is aborted.
  std::chrono::milliseconds first_move{30000};
  // For a player gone from a live game before the opponent may claim it; by default from the
  // clock: 30 s, longer in slow games (a tenth of the initial time, at most 2 minutes; 2
  // minutes untimed).
  std::optional<std::chrono::milliseconds> abandon;
  // For the invited player to join, from the game's creation (wall clock): then the game is
  // aborted as expired. A day, so a link sent to a friend lasts until they read it tomorrow.
  std::chrono::milliseconds invitation{std::chrono::hours(24)};
  // For a finished game's chat, from its end (wall clock): the players and those watching at the
  // end may still talk this long; then it is closed, so a finished game is not a message board.
  std::chrono::milliseconds chat_after_end{std::chrono::minutes(10)};
  // For anyone to move in or connect to an untimed game in play (wall clock, from the latest of
  // its creation, last event and last connection): then it ends (match/desertion.h).
  std::chrono::milliseconds deserted_after{std::chrono::days(7)};
};

// Who asks to chat, as the room knows them.
struct ChatSpeaker {
  Viewer viewer = Viewer::Spectator;
  std::string_view name;        // the name a spectator gave ("" for none); players speak as their seat
  bool present_at_end = false;  // connected since before the game ended
};

// A seat the computer plays.
struct ComputerSeat {
  rules::Color seat;
  int level;  // 1 to 8
};

// What a game is created with.
struct MatchSetup {
  std::string id;
  std::optional<ClockSetting> clock;  // none: untimed
  bool local = false;                 // one device holds both seats; it starts at once
  std::int64_t created_at_ms = 0;     // wall clock, for records
  Waits waits;
  std::optional<ComputerSeat> computer;
  std::array<std::string, 2> names{}; // by colour: the players' display names ("" for a free seat)
  // A seat waits for an invited player (false: both seats were given, as from the lobby or a
  // rematch, and the game starts at once): only then does the invitation expire.
  bool invited = true;
};

// A refusal before it is a Refusal: its message a literal, so that asking allocates nothing.
struct Refused {
  Rejection code;
  std::string_view message;
};

// Where a command leads.
struct Decision {
  std::vector<Event> events;              // to record, in order (none: nothing happens)
  std::optional<Refusal> refusal;         // to the sender alone; nothing changes
  std::optional<std::int64_t> repeat_of;  // a resend of the move recorded as event v: answer it again
  bool accepted() const { return !refusal && !repeat_of; }
};

// A premove whose turn has come.
struct DuePremove {
  rules::Color seat;
  Decision decision;  // the move's events, or why it could not be played (the premove is gone)
};

class Match {
 public:
  // `now`: when the match comes into being (a local game starts then).
  Match(MatchSetup setup, rules::Position start, Time now);

  Decision decide(Viewer from, const Command& command, Time now) const;
  // Whether decide would accept `command` now (no refusal, no repeat), asked of the offers and
  // answers without writing a refusal's message: their checks are decide's own, written once.
  bool accepts(Viewer from, const Command& command, Time now) const;
  // The invited player takes `seat` under `name` (the room hands out seats and their tokens).
  Decision join(rules::Color seat, Time now, std::string name = {}) const;
  // Where a chat message goes, or why it may not be sent. `now_ms`: the wall clock.
  std::variant<ChatChannel, Refusal> chat(const ChatSpeaker& speaker, std::int64_t now_ms) const;
  // Whether `viewer` may read a channel: their own; both once the game is over (the replay); no
  // one the spectators' while spectators are sealed (held until the end).
  bool may_read(Viewer viewer, ChatChannel channel) const;
  // The channel `viewer` speaks on, or nullopt when they have nobody to talk to (a player alone
  // with the computer or on one device) or may not (the players of a hidden game in progress).
  // A finished game's closing time and a spectator's name are chat()'s to judge.
  std::optional<ChatChannel> chat_channel(Viewer viewer) const;
  // Whether spectators are sealed now (see Capabilities::seals_spectators): a hidden game not over.
  bool spectators_sealed() const { return referee_->capabilities().seals_spectators && status_ != Status::Finished; }
  // What the passing of time decides by `now`: a flag, or an abort for a first move not made.
  Decision on_time(Time now) const;
  // `at`: when the event takes effect (the clock to move runs from then); `at_wall_ms`: the
  // same moment as recorded.
  void apply(const Event& event, Time at, std::int64_t at_wall_ms);
  // When on_time will next have something to decide; nullopt: nothing pending.
  std::optional<Time> deadline() const;
  // After loading (replaying every event at `now`): puts the match back on the time line of
  // the wall clock, which reads `now_ms`. The side to move is charged what it spent thinking
  // while the server was up (from its last event to now, less every `downtimes` span: this
  // restart's and any earlier one since that event), never the downtime; the first-move wait
  // likewise. The invitation runs on the wall clock from the game's creation, downtime included.
  void resume(const std::vector<Downtime>& downtimes, std::int64_t now_ms, Time now);

  // Whether a seat has a connection; a seat gone long enough lets the opponent claim the game.
  void set_connected(rules::Color seat, bool connected, Time now);
  bool connected(rules::Color seat) const { return !gone_since_[rules::index(seat)]; }
  std::chrono::milliseconds abandon_after() const;
  // When `seat` may claim the game of an opponent without a connection; nullopt while the
  // opponent is connected or the game is not live between two screens.
  std::optional<Time> claimable_at(rules::Color seat) const;

  // Queues (or, with no move, cancels) `from`'s move for their next turn; played when it comes
  // if still legal. A refusal when it is their turn already, the game is not under way, or it
  // has no premoves (a hidden game's tries, one device: Capabilities::premoves, local).
  std::optional<Refusal> set_premove(Viewer from, std::optional<std::string> move, Time now);
  // Whether set_premove would queue a move now (its own check, without writing a refusal).
  bool accepts_premove(Viewer from, Time now) const { return !premove_refusal(from, true, now); }
  const std::optional<std::string>& premove(rules::Color seat) const { return premoves_[rules::index(seat)]; }
  // The premove of the side to move, taken off the queue; nullopt when there is none.
  std::optional<DuePremove> take_premove(Time now);

  const std::string& id() const { return setup_.id; }
  Status status() const { return status_; }
  bool finished() const { return status_ == Status::Finished; }
  Result result() const { return result_; }
  EndReason reason() const { return reason_; }
  std::int64_t v() const { return v_; }
  const Referee& referee() const { return *referee_; }
  const rules::Game& game() const { return referee_->game(); }
  int ply() const { return static_cast<int>(game().moves().size()); }
  rules::Color turn() const { return game().position().side_to_move(); }
  std::optional<ClockView> clock(Time now) const;
  // When a timed game between two people is aborted if the side to move has not yet made its
  // first move; nullopt when no such wait runs.
  std::optional<Time> first_move_deadline() const;
  // When a game waiting for its invited player expires; nullopt for one that starts at once
  // (local, against the computer) or is no longer waiting.
  std::optional<Time> invitation_deadline() const;
  const std::optional<ClockSetting>& clock_setting() const { return setup_.clock; }
  std::optional<rules::Color> draw_offer() const { return draw_offer_; }
  std::optional<rules::Color> takeback_offer() const { return takeback_offer_; }
  bool local() const { return setup_.local; }
  const std::optional<ComputerSeat>& computer() const { return setup_.computer; }
  std::int64_t created_at_ms() const { return setup_.created_at_ms; }
  std::optional<std::int64_t> ended_at_ms() const { return ended_at_ms_; }
  // When the last event took effect, as recorded (the creation before any).
  std::int64_t last_event_ms() const { return last_event_ms_; }
  const Waits& waits() const { return setup_.waits; }
  const std::string& name(rules::Color seat) const { return setup_.names[rules::index(seat)]; }
  std::optional<rules::Color> rematch_offer() const { return rematch_offer_; }
  // The rematch's id once it was agreed.
  const std::optional<std::string>& next_game() const { return next_game_; }

 private:
  struct LastMove {
    int ply;
    std::string move;
    Viewer by;
    std::int64_t v;
  };

  // A refusal unless `from` holds a seat of a game in progress.
  std::optional<Refused> check_player(Viewer from) const;
  // Why a player may not use the players' chat now, if they may not.
  std::optional<Refused> players_chat_refusal() const;
  // Each command's refusal now, if decide would refuse it; nullopt when decide records its
  // events, or the end that time decided (which is checked for, never returned as a refusal).
  std::optional<Refused> draw_refusal(Viewer from, Time now) const;
  std::optional<Refused> decline_draw_refusal(Viewer from) const;
  std::optional<Refused> takeback_refusal(Viewer from, Time now) const;
  std::optional<Refused> decline_takeback_refusal(Viewer from) const;
  std::optional<Refused> abort_refusal(Viewer from) const;
  std::optional<Refused> claim_refusal(Viewer from, Time now) const;
  std::optional<Refused> rematch_refusal(Viewer from) const;
  std::optional<Refused> decline_rematch_refusal(Viewer from) const;
  // Why `from` may not queue (`queue`) or cancel a premove now, if they may not.
  std::optional<Refused> premove_refusal(Viewer from, bool queue, Time now) const;
  Decision on_move(Viewer from, const MoveCommand& move, Time now) const;
  Decision on_any(Viewer from, Time now) const;
  Decision on_resign(Viewer from, Time now) const;
  Decision on_draw(Viewer from, Time now) const;
  Decision on_decline_draw(Viewer from, Time now) const;
  Decision on_takeback(Viewer from, Time now) const;
  Decision on_decline_takeback(Viewer from, Time now) const;
  Decision on_abort(Viewer from, Time now) const;
  Decision on_claim(Viewer from, Claim claim, Time now) const;
  Decision on_rematch(Viewer from, const RematchCommand& rematch) const;
  Decision on_decline_rematch(Viewer from) const;
  // What time decides on its own by `now`: a flag, or an abort for a first move not made.
  std::optional<Event> expired(Time now) const;
  std::optional<ClockTimes> times(Time now) const;
  // The clocks run once both sides have moved (lichess: each side's first move is free).
  bool clock_started() const { return moved_[0] && moved_[1]; }
  // Applies a move or try (`v`: its number): the referee plays it; if the game moved on, the
  // offers it answers lapse.
  void on_act(const Event& act, int ply, const std::string& move, rules::Color mover, std::int64_t v);
  // How many moves back `seat`'s last move is (to take it back); 0 if they have not moved.
  int plies_since_last_move_of(rules::Color seat) const;

  MatchSetup setup_;
  std::unique_ptr<Referee> referee_;
  std::optional<GameClock> clock_;
  Status status_;
  Result result_ = Result::Ongoing;
  EndReason reason_ = EndReason::None;
  std::optional<std::int64_t> ended_at_ms_;
  std::int64_t v_ = 0;
  std::array<bool, 2> moved_{};  // whether each side has moved (abort is allowed until both have)
  Time turn_began_{};            // when the side to move could first move
  std::int64_t turn_began_ms_;   // the same on the wall clock, as recorded
  std::int64_t last_event_ms_;   // when the last event took effect, as recorded
  Time created_{};               // the game's creation on the steady clock
  std::optional<rules::Color> draw_offer_;
  std::array<std::optional<int>, 2> draw_declined_at_;  // by offerer: the ply their last offer was declined at
  std::optional<rules::Color> takeback_offer_;
  std::optional<LastMove> last_move_;
  std::array<std::optional<Time>, 2> gone_since_;
  std::array<std::optional<std::string>, 2> premoves_;
  std::optional<rules::Color> rematch_offer_;
  std::optional<std::string> next_game_;
};

// The end the rules decided, as a match records it.
EndReason end_reason(rules::Reason reason);
Result result_of(const rules::Outcome& outcome);

}  // namespace arbiter::match
