#include "protocol/messages.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <utility>

#include "protocol/client_json.h"
#include "protocol/flat_object.h"
#include "rules/variant.h"

namespace arbiter::protocol {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxMoveLength = 12;         // "a10a10q" is 7; leaves room for later notations
constexpr double kMaxInitialSeconds = 24 * 3600;  // a day
// Below a second a game is over before a move can cross the network; lichess's shortest is 15 s
// (¼ minute), but one second keeps fast tests and bullet experiments possible.
constexpr double kMinInitialSeconds = 1;
constexpr double kMaxIncrementSeconds = 3600;

BadInput bad(std::string message) { return {"bad_message", std::move(message)}; }

// Coordinate notation as the rules write it: lower-case letters and digits, 4 to 12 of them.
// Anything else (SAN like "e4", upper case like "E2E4") is not a move at all: `bad_message`;
// a move so written that is not legal is the rules' to refuse (`illegal_move`).
bool plain_move_text(const std::string& text) {
  if (text.size() < 4 || text.size() > kMaxMoveLength) return false;
  return std::all_of(text.begin(), text.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
}

Parsed<ClientCommand> parse_move(const json& message) {
  auto move = message.find("move");
  auto ply = message.find("ply");
  if (move == message.end() || !move->is_string()) return bad("a move needs \"move\": a string like \"e2e4\"");
  if (ply == message.end() || !(ply->is_number_unsigned() || (ply->is_number_integer() && *ply >= 0)))
    return bad("a move needs \"ply\": the number of moves played before it");
  auto text = move->get<std::string>();
  if (!plain_move_text(text)) return bad("\"move\" is not a move in coordinate notation");
  return ClientCommand{match::Command{MoveCommand{std::move(text), ply->get<std::int64_t>()}}};
}

// A move read without a JSON tree when it is plainly one (flat_object.h); nullopt for anything
// else, errors included, which the general parser reads.
std::optional<ClientCommand> plain_move(std::string_view text) {
  const auto object = read_flat_object(text);
  if (!object) return std::nullopt;
  const FlatMember* type = object->find("t");
  const FlatMember* move = object->find("move");
  const FlatMember* ply = object->find("ply");
  if (!type || !move || !ply) return std::nullopt;
  const auto* type_text = std::get_if<std::string_view>(&type->value);
  const auto* move_text = std::get_if<std::string_view>(&move->value);
  const auto* ply_number = std::get_if<std::uint64_t>(&ply->value);
  if (!type_text || *type_text != "move" || !move_text || !ply_number) return std::nullopt;
  std::string text_of_move(*move_text);
  if (!plain_move_text(text_of_move)) return std::nullopt;
  return ClientCommand{match::Command{MoveCommand{std::move(text_of_move), static_cast<std::int64_t>(*ply_number)}}};
}

Parsed<ClientCommand> parse_premove(const json& message) {
  auto move = message.find("move");
  if (move == message.end() || move->is_null()) return ClientCommand{PremoveCommand{}};
  if (!move->is_string() || !plain_move_text(move->get<std::string>()))
    return bad("a premove needs \"move\": a move in coordinate notation, or null to cancel");
  return ClientCommand{PremoveCommand{move->get<std::string>()}};
}

Parsed<ClientCommand> parse_claim(const json& message) {
  auto result = message.find("result");
  if (result != message.end() && *result == "victory") return ClientCommand{match::Command{ClaimCommand{match::Claim::Victory}}};
  if (result != message.end() && *result == "draw") return ClientCommand{match::Command{ClaimCommand{match::Claim::Draw}}};
  return bad("a claim needs \"result\": \"victory\" or \"draw\"");
}

// Seconds as a JSON number (fractions allowed) to milliseconds, within [min, max].
std::optional<std::int64_t> seconds_to_ms(const json& value, double min, double max, bool min_inclusive) {
  if (!value.is_number()) return std::nullopt;
  double seconds = value.get<double>();
  if (!std::isfinite(seconds) || seconds > max || seconds < min || (!min_inclusive && seconds == min))
    return std::nullopt;
  return static_cast<std::int64_t>(std::llround(seconds * 1000));
}

bool continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// C0 controls and DEL (one byte), C1 controls (U+0080..U+009F: 0xC2 0x80..0x9F).
std::size_t control_at(std::string_view text, std::size_t i) {
  auto byte = static_cast<unsigned char>(text[i]);
  if (byte < 0x20 || byte == 0x7F) return 1;
  if (byte == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9F &&
      continuation_byte(text[i + 1]))
    return 2;
  return 0;
}

// The code point of the UTF-8 sequence starting at `i`, and its length; a stray byte is itself
// (the serializer replaces invalid UTF-8 later).
std::pair<char32_t, std::size_t> code_point_at(std::string_view text, std::size_t i) {
  auto byte = static_cast<unsigned char>(text[i]);
  const std::size_t length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4;
  if (length == 1 || i + length > text.size()) return {byte, 1};
  char32_t c = byte & (0x3F >> (length - 1));
  for (std::size_t k = 1; k < length; ++k) {
    if (!continuation_byte(text[i + k])) return {byte, 1};
    c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
  }
  return {c, length};
}

// Unicode's format characters (category Cf: bidi controls such as U+202E, zero-width ones, the
// soft hyphen, tags) and the line and paragraph separators: unseen, they disguise what a line or
// a name says.
bool invisible(char32_t c) {
  constexpr std::pair<char32_t, char32_t> kRanges[] = {
      {0x00AD, 0x00AD},   {0x0600, 0x0605},   {0x061C, 0x061C},   {0x06DD, 0x06DD},   {0x070F, 0x070F},
      {0x0890, 0x0891},   {0x08E2, 0x08E2},   {0x180E, 0x180E},   {0x200B, 0x200F},   {0x2028, 0x202E},
      {0x2060, 0x206F},   {0xFEFF, 0xFEFF},   {0xFFF9, 0xFFFB},   {0x110BD, 0x110BD}, {0x110CD, 0x110CD},
      {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0000, 0xE007F}};
  return std::any_of(std::begin(kRanges), std::end(kRanges), [c](const auto& r) { return c >= r.first && c <= r.second; });
}

// `text` without its invisible characters; with `controls`, without its control characters too.
std::string visible(std::string_view text, bool controls) {
  std::string kept;
  for (std::size_t i = 0; i < text.size();) {
    if (std::size_t skip = controls ? control_at(text, i) : 0) {
      i += skip;
      continue;
    }
    auto [c, length] = code_point_at(text, i);
    if (!invisible(c)) kept.append(text.substr(i, length));
    i += length;
  }
  return kept;
}

std::string_view trim(std::string_view text) {
  auto first = text.find_first_not_of(' ');
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

std::size_t characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return !continuation_byte(c); }));
}

Parsed<ClientCommand> parse_chat(const json& message) {
  auto text = message.find("text");
  if (text == message.end() || !text->is_string()) return bad("a chat message needs \"text\"");
  std::string_view raw = text->get_ref<const std::string&>();
  for (std::size_t i = 0; i < raw.size(); ++i)
    if (control_at(raw, i)) return bad("a chat message has no control characters");
  const std::string shown = visible(raw, false);
  std::string_view trimmed = trim(shown);
  if (trimmed.empty()) return bad("a chat message is not empty");
  if (characters(trimmed) > kMaxChatLength)
    return bad("a chat message has at most " + std::to_string(kMaxChatLength) + " characters");
  std::string name;
  if (auto given = message.find("name"); given != message.end() && given->is_string())
    name = display_name(given->get_ref<const std::string&>());
  return ClientCommand{ChatCommand{std::string(trimmed), std::move(name)}};
}

}  // namespace

std::string display_name(std::string_view raw) {
  const std::string kept = visible(raw, true);
  std::string_view trimmed = trim(kept);
  std::size_t end = 0, count = 0;
  while (end < trimmed.size()) {
    if (!continuation_byte(trimmed[end]) && ++count > kMaxNameLength) break;
    ++end;
  }
  std::string name(trim(trimmed.substr(0, end)));
  return name.empty() ? std::string(kAnonymous) : name;
}

Parsed<std::string> parse_name_field(const json& message) {
  auto name = message.find("name");
  if (name == message.end() || name->is_null()) return std::string(kAnonymous);
  if (!name->is_string()) return BadInput{"bad_name", "\"name\" is a string"};
  return display_name(name->get_ref<const std::string&>());
}

std::optional<BadInput> check_secret(std::string_view secret) {
  const bool base64url = std::all_of(secret.begin(), secret.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
  if (!base64url || secret.size() < kMinSecretChars || secret.size() > 64)
    return BadInput{"bad_token", "\"token\" is 22 to 64 base64url characters (A-Z a-z 0-9 - _): 128 random bits or more"};
  return std::nullopt;
}

Parsed<JoinRequest> parse_join(std::string_view body) {
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return JoinRequest{std::string(kAnonymous), {}};
  auto message = parse_client_json(body);
  if (!message) return bad("the body is not JSON (or repeats a key)");
  if (!message->is_object()) return bad("the body is a JSON object");
  auto name = parse_name_field(*message);
  if (auto* refused = std::get_if<BadInput>(&name)) return *refused;
  JoinRequest request{std::get<std::string>(name), {}};
  auto token = message->find("token");
  if (token == message->end() || token->is_null()) return request;
  if (!token->is_string()) return BadInput{"bad_token", "\"token\" is a string"};
  if (auto refused = check_secret(token->get_ref<const std::string&>())) return *refused;
  request.token = token->get<std::string>();
  return request;
}

Parsed<ClientCommand> parse_client_command(std::string_view text) {
  if (auto move = plain_move(text)) return std::move(*move);
  auto message = parse_client_json(text);
  if (!message) return bad("not JSON, or a key is repeated");
  if (!message->is_object()) return bad("a message is a JSON object");
  auto type = message->find("t");
  if (type == message->end() || !type->is_string()) return bad("a message needs \"t\", its type");
  const auto& t = type->get_ref<const std::string&>();
  if (t == "move") return parse_move(*message);
  if (t == "premove") return parse_premove(*message);
  if (t == "claim") return parse_claim(*message);
  if (t == "ping") return ClientCommand{PingCommand{}};
  if (t == "chat") return parse_chat(*message);
  for (const auto& [name, command] : std::initializer_list<std::pair<std::string_view, match::Command>>{
           {"resign", ResignCommand{}},
           {"draw", DrawCommand{}},
           {"draw_decline", DeclineDrawCommand{}},
           {"takeback", TakebackCommand{}},
           {"takeback_decline", DeclineTakebackCommand{}},
           {"abort", AbortCommand{}},
           {"any", AnyCommand{}},
           {"rematch", RematchCommand{}},
           {"rematch_decline", DeclineRematchCommand{}}})
    if (t == name) return ClientCommand{command};
  return bad("unknown message type");
}

Parsed<CreateGameRequest> parse_create_game(std::string_view body) {
  CreateGameRequest request;
  auto trimmed = body.find_first_not_of(" \t\r\n") == std::string_view::npos;
  if (trimmed) return request;  // an empty body: a random-colour untimed chess game
  auto message = parse_client_json(body);
  if (!message) return bad("the body is not JSON (or repeats a key)");
  if (!message->is_object()) return bad("the body is a JSON object");

  if (auto variant = message->find("variant"); variant != message->end()) {
    if (!variant->is_string()) return bad("\"variant\" is a variant name");
    request.variant = variant->get<std::string>();
  }
  if (!rules::find_variant(request.variant)) return BadInput{"unknown_variant", "no such variant: " + request.variant};

  if (auto color = message->find("color"); color != message->end() && !color->is_null()) {
    if (*color == "white") request.color = ColorChoice::White;
    else if (*color == "black") request.color = ColorChoice::Black;
    else if (*color == "random") request.color = ColorChoice::Random;
    else return bad("\"color\" is \"white\", \"black\" or \"random\"");
  }

  if (auto clock = message->find("clock"); clock != message->end() && !clock->is_null()) {
    if (!clock->is_object()) return BadInput{"bad_clock", "\"clock\" is {\"initial_s\", \"increment_s\"}"};
    auto initial = clock->find("initial_s");
    if (initial == clock->end()) return BadInput{"bad_clock", "\"clock\" needs \"initial_s\""};
    auto initial_ms = seconds_to_ms(*initial, kMinInitialSeconds, kMaxInitialSeconds, true);
    if (!initial_ms) return BadInput{"bad_clock", "\"initial_s\" is a number of seconds from 1 to a day (86400)"};
    std::int64_t increment_ms = 0;
    if (auto increment = clock->find("increment_s"); increment != clock->end()) {
      auto ms = seconds_to_ms(*increment, 0, kMaxIncrementSeconds, true);
      if (!ms) return BadInput{"bad_clock", "\"increment_s\" is a number of seconds from 0 to 3600"};
      increment_ms = *ms;
    }
    request.clock = ClockSetting{*initial_ms, increment_ms};
  }

  if (auto local = message->find("local"); local != message->end() && !local->is_null()) {
    if (!local->is_boolean()) return bad("\"local\" is true or false");
    request.local = local->get<bool>();
  }
  auto name = parse_name_field(*message);
  if (auto* bad_name = std::get_if<BadInput>(&name)) return *bad_name;
  request.name = std::get<std::string>(name);

  if (auto opponent = message->find("opponent"); opponent != message->end() && !opponent->is_null()) {
    auto level = opponent->is_object() ? opponent->find("computer") : opponent->end();
    if (level == opponent->end() || !level->is_number_integer() || *level < kMinComputerLevel || *level > kMaxComputerLevel)
      return bad("\"opponent\" is {\"computer\": a level from 1 to 8}");
    if (request.local) return bad("a game on one device has no computer opponent");
    request.computer_level = level->get<int>();
  }
  return request;
}

bool clock_in_bounds(const ClockSetting& clock) {
  const auto ms = [](double seconds) { return static_cast<std::int64_t>(std::llround(seconds * 1000)); };
  return clock.initial_ms >= ms(kMinInitialSeconds) && clock.initial_ms <= ms(kMaxInitialSeconds) && clock.increment_ms >= 0 &&
         clock.increment_ms <= ms(kMaxIncrementSeconds);
}

std::string error_message(std::string_view code, std::string_view message) {
  return dump(json{{"t", "error"}, {"code", code}, {"message", message}});
}

std::string pong_message() { return R"({"t":"pong"})"; }

}  // namespace arbiter::protocol

namespace arbiter::protocol {

std::string dump(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace arbiter::protocol
