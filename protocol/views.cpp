#include "protocol/views.h"

#include <algorithm>
#include <chrono>

#include <nlohmann/json.hpp>

#include "protocol/board_json.h"
#include "protocol/json_text.h"
#include "protocol/messages.h"
#include "protocol/permissions_view.h"
#include "protocol/view_policy.h"

namespace arbiter::protocol {
namespace {

using nlohmann::json;

// Written straight to text, appended to `out`: every event message carries it. The keys in the
// order dump writes them (std::string's).
void append_clock(std::string& out, const std::optional<match::ClockView>& clock) {
  if (!clock) {
    out += "null";
    return;
  }
  out += R"({"black":)";
  append_json_number(out, clock->remaining.black_ms);
  out += R"(,"increment_ms":)";
  append_json_number(out, clock->increment_ms);
  out += R"(,"initial_ms":)";
  append_json_number(out, clock->initial_ms);
  out += R"(,"running":)";
  if (clock->running) append_json_string(out, color_name(*clock->running));
  else out += "null";
  out += R"(,"white":)";
  append_json_number(out, clock->remaining.white_ms);
  out += '}';
}

json clock_json(const std::optional<match::ClockView>& clock) {
  std::string text;
  append_clock(text, clock);
  return json::parse(text);
}

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

json computer_json(const match::Match& match) {
  const auto& computer = match.computer();
  if (!computer) return nullptr;
  return {{"color", color_name(computer->seat)}, {"level", computer->level}};
}

json presence_json(const match::Match& match) {
  return {{"white", match.connected(rules::Color::White)}, {"black", match.connected(rules::Color::Black)}};
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
           // Not shown while spectators are sealed (either side could set it).
           {"spectators", match.spectators_sealed() ? json(nullptr) : json(company.spectators)},
           {"chat", chat_history(match, viewer, company)}};
  put_clock(out, match, now);
  out["now"] = now_json(match, viewer, now);
  if (auto seat = seat_of(viewer)) out["premove"] = match.premove(*seat) ? json(*match.premove(*seat)) : json(nullptr);
  view_policy(match).put_board(out, match, viewer);
  // Public in every game (a hidden one's umpire announces every move).
  out["ply"] = match.ply();
  out["turn"] = color_name(match.turn());
  if (game.start().variant().two_moves_until_capture) out["double_moves"] = double_moves_json(game);
  return out;
}

}  // namespace

bool board_public(const match::Match& match) { return view_policy(match).board_public(match); }

json state_message(const match::Match& match, Time now, Viewer viewer, const Company& company) {
  json out = game_fields(match, now, viewer, company);
  out["t"] = "state";
  out["v"] = match.v();
  return out;
}

namespace {

// An event as `viewer` is told about it: every event's fields, in this one place (those that
// depend on the kind of game from its view policy).
JsonText event_text(const Event& event, const match::Match& match, Time now, Viewer viewer) {
  const ViewPolicy& policy = view_policy(match);
  JsonText out;
  out.string("t", type_name(event)).number("v", match.v());
  auto by = [&](rules::Color side) { out.string("by", color_name(side)); };
  std::visit(match::overloaded{
                 [&](const match::Joined& joined) {
                   out.string("color", color_name(joined.seat));
                   out.string("status", status_name(match.status()));
                   out.raw("legal", policy.legal_text(match, viewer));
                   out.json("names", names_json(match));
                 },
                 [&](const match::Moved&) { policy.put_act(out, event, match, viewer); },
                 [&](const match::Tried&) { policy.put_act(out, event, match, viewer); },
                 [&](const match::Asked&) { policy.put_act(out, event, match, viewer); },
                 [&](const match::DrawOffered& offered) { by(offered.by); },
                 [&](const match::DrawDeclined& declined) { by(declined.by); },
                 [&](const match::TakebackOffered& offered) { by(offered.by); },
                 [&](const match::TakebackDeclined& declined) { by(declined.by); },
                 [&](const match::TakenBack& taken) {
                   by(taken.by);
                   out.number("plies", taken.plies);
                   policy.put_taken_back(out, match, viewer);
                 },
                 [&](const match::Ended& ended) {
                   out.string("result", result_name(ended.result));
                   out.string("reason", reason_name(ended.reason));
                   policy.put_end(out, match, viewer);
                 },
                 [&](const match::RematchOffered& offered) { by(offered.by); },
                 [&](const match::RematchDeclined& declined) { by(declined.by); },
                 [&](const match::Rematched& rematched) {
                   by(rematched.by);
                   out.string("game", rematched.game);
                 },
             },
             event);
  out.write("clock", [&](std::string& text) { append_clock(text, match.clock(now)); });
  if (auto left = first_move_ms(match, now)) out.number("first_move_ms", *left);
  out.write("now", [&](std::string& text) { append_now(text, match, viewer, now); });
  return out;
}

}  // namespace

ViewerTexts event_texts(const Event& event, const match::Match& match, Time now) {
  auto share = [](std::string text) { return std::make_shared<const std::string>(std::move(text)); };
  ViewerTexts texts;
  const ViewPolicy& policy = view_policy(match);
  if (!policy.heard_alike()) {
    for (Viewer viewer : {Viewer::White, Viewer::Black, Viewer::Spectator})
      texts[static_cast<std::size_t>(viewer)] = share(event_text(event, match, now, viewer).text());
    return texts;
  }
  // Each player is told what they may do now; the player to move also their legal moves.
  JsonText message = event_text(event, match, now, Viewer::Spectator);
  texts[static_cast<std::size_t>(Viewer::Spectator)] = share(message.text());
  const bool with_legal = message.has("legal");
  for (Viewer player : {Viewer::White, Viewer::Black}) {
    if (with_legal) message.raw("legal", policy.legal_text(match, player));
    message.write("now", [&](std::string& text) { append_now(text, match, player, now); });
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
