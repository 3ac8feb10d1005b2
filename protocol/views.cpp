#include "protocol/views.h"

#include <algorithm>
#include <chrono>

#include <nlohmann/json.hpp>

#include "protocol/json_text.h"
#include "protocol/messages.h"
#include "protocol/permissions_view.h"
#include "protocol/umpire_views.h"

namespace arbiter::protocol {
namespace {

using nlohmann::json;

// Written straight to text: every event message carries it.
std::string clock_text(const std::optional<match::ClockView>& clock) {
  if (!clock) return "null";
  JsonText out;
  out.number("initial_ms", clock->initial_ms)
      .number("increment_ms", clock->increment_ms)
      .number("white", clock->remaining.white_ms)
      .number("black", clock->remaining.black_ms);
  if (clock->running) out.string("running", color_name(*clock->running));
  else out.null("running");
  return out.text();
}

json clock_json(const std::optional<match::ClockView>& clock) { return json::parse(clock_text(clock)); }

// While the side to move has a first move to make before the game is aborted, how long it has
// left (a page shows the countdown).
std::optional<std::int64_t> first_move_ms(const match::Match& match, Time now) {
  auto due = match.first_move_deadline();
  if (!due) return std::nullopt;
  return std::max<std::int64_t>(0, std::chrono::duration_cast<std::chrono::milliseconds>(*due - now).count());
}

// The clock, and `first_move_ms`.
void put_clock(json& out, const match::Match& match, Time now) {
  out["clock"] = clock_json(match.clock(now));
  if (auto left = first_move_ms(match, now)) out["first_move_ms"] = *left;
}

json nullable(std::string_view text) { return text.empty() ? json(nullptr) : json(text); }

bool to_move(const match::Match& match, Viewer viewer) {
  return match.status() == match::Status::Playing && viewer == viewer_of(match.turn());
}

json legal_for(const match::Match& match, Viewer viewer) {
  json legal = json::array();
  if (!to_move(match, viewer)) return legal;
  if (!board_public(match)) {  // hidden: the tries possible on the player's own board
    for (const auto& uci : match.referee().umpire()->possible_moves(*seat_of(viewer))) legal.push_back(uci);
    return legal;
  }
  const auto& position = match.game().position();
  for (const auto& move : match.game().legal_moves()) legal.push_back(position.uci(move));
  return legal;
}

// The SAN of each move of `legal_for`, in the same order, for a page where moves are typed (a
// screen reader's): on an open board only, as a hidden try's SAN would tell what it takes or checks.
json legal_san_for(const match::Match& match, Viewer viewer) {
  json sans = json::array();
  if (!to_move(match, viewer) || !board_public(match)) return sans;
  for (auto& san : match.game().position().legal_sans()) sans.push_back(std::move(san));
  return sans;
}

json moves_json(const rules::Game& game) {
  json moves = json::array();
  auto position = game.start();
  for (const auto& move : game.moves()) {
    moves.push_back(position.uci(move));
    position.play(move);
  }
  return moves;
}

// What a replay needs: the position (FEN) after each move, as this viewer may see it. Everyone
// sees the real ones, except in a live hidden game: a player their own men after each move (their
// board changes with their own moves and the captures of their men, both of which they heard);
// a spectator none.
json positions_json(const match::Match& match, Viewer viewer) {
  json positions = json::array();
  const bool open = board_public(match);
  const auto seat = seat_of(viewer);
  if (!open && !seat) return positions;
  const rules::Game& game = match.game();
  auto position = game.start();
  for (const auto& move : game.moves()) {
    position.play(move);
    positions.push_back(open ? position.fen() : rules::own_fen(position, *seat));
  }
  return positions;
}

// Two-move turns (Centennial): the sides that still move twice a turn.
json double_moves_json(const rules::Game& game) {
  json sides = json::array();
  for (auto color : {rules::Color::White, rules::Color::Black})
    if (game.position().has_double_move(color)) sides.push_back(color_name(color));
  return sides;
}

json computer_json(const match::Match& match) {
  const auto& computer = match.computer();
  if (!computer) return nullptr;
  return {{"color", color_name(computer->seat)}, {"level", computer->level}};
}

json presence_json(const match::Match& match) {
  return {{"white", match.connected(rules::Color::White)}, {"black", match.connected(rules::Color::Black)}};
}

// The board after a takeback, as `viewer` may see it (takebacks happen in open games only).
void put_board(json& out, const match::Match& match, Viewer viewer) {
  const rules::Game& game = match.game();
  out["ply"] = match.ply();
  out["fen"] = game.position().fen();
  out["moves"] = moves_json(game);
  out["sans"] = game.sans();
  out["turn"] = color_name(match.turn());
  out["legal"] = legal_for(match, viewer);
  out["positions"] = positions_json(match, viewer);
  if (game.start().variant().two_moves_until_capture) out["double_moves"] = double_moves_json(game);
}

json names_json(const match::Match& match) {
  return {{"white", nullable(match.name(rules::Color::White))}, {"black", nullable(match.name(rules::Color::Black))}};
}

json chat_history(const match::Match& match, Viewer viewer, const Company& company) {
  json lines = json::array();
  if (!company.chat) return lines;
  for (const auto& line : *company.chat)
    if (may_read(match, viewer, line)) lines.push_back(chat_line_json(line));
  return lines;
}

// The fields shared by `state` and the HTTP resource.
json game_fields(const match::Match& match, Time now, Viewer viewer, const Company& company) {
  const rules::Game& game = match.game();
  const rules::Umpire* umpire = match.referee().umpire();
  json out{{"id", match.id()},
           {"variant", game.start().variant().name},
           {"status", status_name(match.status())},
           {"result", result_name(match.result())},
           {"reason", nullable(reason_name(match.reason()))},
           {"you", viewer_name(viewer)},
           {"start_fen", game.start().fen()},
           {"draw_offer", match.draw_offer() ? json(color_name(*match.draw_offer())) : json(nullptr)},
           {"takeback_offer", match.takeback_offer() ? json(color_name(*match.takeback_offer())) : json(nullptr)},
           {"local", match.local()},
           {"computer", computer_json(match)},
           {"presence", presence_json(match)},
           {"abandon_after_ms", match.abandon_after().count()},
           {"names", names_json(match)},
           {"rematch_offer", match.rematch_offer() ? json(color_name(*match.rematch_offer())) : json(nullptr)},
           {"next_game", match.next_game() ? json(*match.next_game()) : json(nullptr)},
           // hidden: not shown while spectators are sealed (either side could set it).
           {"spectators", match.spectators_sealed() ? json(nullptr) : json(company.spectators)},
           {"chat", chat_history(match, viewer, company)}};
  put_clock(out, match, now);
  out["now"] = now_json(match, viewer, now);
  if (auto seat = seat_of(viewer)) out["premove"] = match.premove(*seat) ? json(*match.premove(*seat)) : json(nullptr);
  if (board_public(match)) {
    out["fen"] = game.position().fen();
    out["moves"] = moves_json(game);
    out["sans"] = game.sans();
  } else {
    // hidden: a player's own men and own moves; a spectator neither.
    const auto seat = seat_of(viewer);
    out["fen"] = seat ? json(umpire->own_fen(*seat)) : json(nullptr);
    out["moves"] = seat ? own_moves(*umpire, viewer) : json::array();
    out["sans"] = json::array();
  }
  // Public even in a hidden game: the umpire announces every move.
  out["ply"] = match.ply();
  out["turn"] = color_name(match.turn());
  out["legal"] = legal_for(match, viewer);
  if (board_public(match)) out["legal_san"] = legal_san_for(match, viewer);
  out["positions"] = positions_json(match, viewer);
  if (game.start().variant().two_moves_until_capture) out["double_moves"] = double_moves_json(game);
  // hidden: everything the umpire said as this viewer heard it; every try once the game is over.
  if (umpire) out["umpire"] = umpire_history(*umpire, viewer, match.finished());
  return out;
}

}  // namespace

bool board_public(const match::Match& match) {
  return !match.game().start().variant().hidden || match.finished();
}

json state_message(const match::Match& match, Time now, Viewer viewer, const Company& company) {
  json out = game_fields(match, now, viewer, company);
  out["t"] = "state";
  out["v"] = match.v();
  return out;
}

namespace {

// The legal moves as a JSON array of UCI strings, written straight to text (the longest field
// of a move's event, sent to the player to move on every move).
std::string legal_text(const match::Match& match, Viewer viewer) {
  if (!to_move(match, viewer)) return "[]";
  if (!board_public(match)) return json_string_array(match.referee().umpire()->possible_moves(*seat_of(viewer)));
  const auto& position = match.game().position();
  std::string out = "[";
  for (const auto& move : match.game().legal_moves()) {
    if (out.size() > 1) out += ',';
    append_json_string(out, position.uci(move));
  }
  out += ']';
  return out;
}

// An event as `viewer` is told about it: every event's fields, in this one place.
JsonText event_text(const Event& event, const match::Match& match, Time now, Viewer viewer) {
  const rules::Game& game = match.game();
  const rules::Umpire* umpire = match.referee().umpire();
  JsonText out;
  out.string("t", type_name(event)).number("v", match.v());
  auto by = [&](rules::Color side) { out.string("by", color_name(side)); };
  // The match applies each act before announcing it, so it is the umpire's latest.
  auto umpire_act = [&] {
    const json fields = umpire_event_fields(*umpire, viewer);
    for (const auto& [key, value] : fields.items()) out.json(key, value);
    if (to_move(match, viewer)) out.raw("legal", legal_text(match, viewer));
  };
  std::visit(match::overloaded{
                 [&](const match::Joined& joined) {
                   out.string("color", color_name(joined.seat));
                   out.string("status", status_name(match.status()));
                   out.raw("legal", legal_text(match, viewer));
                   out.json("names", names_json(match));
                 },
                 [&](const match::RematchOffered& offered) { by(offered.by); },
                 [&](const match::RematchDeclined& declined) { by(declined.by); },
                 [&](const match::Rematched& rematched) {
                   by(rematched.by);
                   out.string("game", rematched.game);
                 },
                 [&](const match::Moved& moved) {
                   out.number("ply", moved.ply);
                   out.string("move", moved.move);
                   out.string("san", game.sans().at(static_cast<std::size_t>(moved.ply)));
                   out.string("fen", game.position().fen());
                   out.string("turn", color_name(match.turn()));
                   out.raw("legal", legal_text(match, viewer));
                   if (game.start().variant().two_moves_until_capture) out.json("double_moves", double_moves_json(game));
                 },
                 [&](const match::DrawOffered& offered) { by(offered.by); },
                 [&](const match::DrawDeclined& declined) { by(declined.by); },
                 [&](const match::TakebackOffered& offered) { by(offered.by); },
                 [&](const match::TakebackDeclined& declined) { by(declined.by); },
                 [&](const match::TakenBack& taken) {
                   by(taken.by);
                   out.number("plies", taken.plies);
                   json board;
                   put_board(board, match, viewer);
                   for (const auto& [key, value] : board.items()) out.json(key, value);
                 },
                 [&](const match::Ended& ended) {
                   out.string("result", result_name(ended.result));
                   out.string("reason", reason_name(ended.reason));
                   if (umpire) {  // hidden: the whole game, now public
                     out.json("moves", moves_json(game));
                     out.json("tries", umpire_history(*umpire, viewer, true));
                   }
                 },
                 [&](const match::Tried&) { umpire_act(); },
                 [&](const match::Asked&) { umpire_act(); },
             },
             event);
  out.raw("clock", clock_text(match.clock(now)));
  if (auto left = first_move_ms(match, now)) out.number("first_move_ms", *left);
  out.raw("now", now_text(match, viewer, now));
  return out;
}

}  // namespace

json event_message(const Event& event, const match::Match& match, Time now, Viewer viewer) {
  return json::parse(event_text(event, match, now, viewer).text());
}

ViewerTexts event_texts(const Event& event, const match::Match& match, Time now) {
  auto share = [](std::string text) { return std::make_shared<const std::string>(std::move(text)); };
  ViewerTexts texts;
  if (match.referee().umpire()) {  // hidden: each side is told its own
    for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator})
      texts[static_cast<std::size_t>(viewer)] = share(event_text(event, match, now, viewer).text());
    return texts;
  }
  // Each player is told what they may do now; the player to move also their legal moves.
  JsonText message = event_text(event, match, now, Viewer::Spectator);
  texts[static_cast<std::size_t>(Viewer::Spectator)] = share(message.text());
  const bool with_legal = message.has("legal");
  for (Viewer player : {Viewer::White, Viewer::Black}) {
    if (with_legal) message.raw("legal", legal_text(match, player));
    message.raw("now", now_text(match, player, now));
    texts[static_cast<std::size_t>(player)] = share(message.text());
  }
  return texts;
}

json resumed_message(const match::Match& match, Time now, Viewer viewer) {
  // Not `v`: this message changes nothing, and a client counting v must not see a gap in it.
  // `presence`: the seats' connections may have changed while this client was away.
  json out{{"t", "resumed"}, {"latest", match.v()}, {"presence", presence_json(match)}};
  put_clock(out, match, now);
  out["now"] = now_json(match, viewer, now);
  return out;
}

json presence_message(const match::Match& match, Time now, Viewer viewer) {
  json out = presence_json(match);
  out["t"] = "presence";
  out["now"] = now_json(match, viewer, now);
  return out;
}

json premove_message(const std::optional<std::string>& move, std::string_view cancelled_because) {
  json out{{"t", "premove"}, {"move", move ? json(*move) : json(nullptr)}};
  if (!cancelled_because.empty()) out["reason"] = cancelled_because;
  return out;
}

json game_resource(const match::Match& match, Time now, Viewer viewer, const Company& company) {
  json out = game_fields(match, now, viewer, company);
  out["v"] = match.v();
  out["created_at"] = match.created_at_ms();
  out["ended_at"] = match.ended_at_ms() ? json(*match.ended_at_ms()) : json(nullptr);
  return out;
}

json invitation_resource(const match::Match& match, std::optional<rules::Color> free_seat) {
  const auto& clock = match.clock_setting();
  const bool open = free_seat && match.status() == match::Status::Waiting;
  return {{"id", match.id()},
          {"variant", match.game().start().variant().name},
          {"status", status_name(match.status())},
          {"clock", clock ? json{{"initial_ms", clock->initial_ms}, {"increment_ms", clock->increment_ms}} : json(nullptr)},
          {"names", names_json(match)},
          {"color", open ? json(color_name(*free_seat)) : json(nullptr)}};
}

bool pgn_public(const match::Match& match) { return board_public(match); }

json chat_message(const ChatLine& line) {
  json out = chat_line_json(line);
  out["t"] = "chat";
  return out;
}

json held_chat_message(const ChatLine& line) {
  json out = chat_message(line);
  out["held"] = true;
  return out;
}

json chat_line_json(const ChatLine& line) {
  return {{"channel", channel_name(line.channel)},
          {"from", viewer_name(line.from)},
          {"name", line.name},
          {"text", line.text},
          {"at", line.at_ms}};
}

bool may_read(const match::Match& match, Viewer viewer, const ChatLine& line) {
  return match.may_read(viewer, line.channel);
}

json spectators_message(int count) { return {{"t", "spectators"}, {"count", count}}; }

}  // namespace arbiter::protocol
