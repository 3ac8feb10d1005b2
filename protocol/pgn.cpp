#include "protocol/pgn.h"

#include <ctime>
#include <string_view>

namespace arbiter::protocol {
namespace {

constexpr std::size_t kLineWidth = 79;

std::string pgn_date(std::int64_t ms) {
  std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  if (ms <= 0 || !gmtime_r(&seconds, &utc)) return "????.??.??";
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &utc);
  return text;
}

std::string quoted(std::string_view value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void tag(std::string& out, std::string_view name, std::string_view value) {
  out += "[";
  out += name;
  out += " ";
  out += quoted(value);
  out += "]\n";
}

std::string seconds(std::int64_t ms) {
  return ms % 1000 == 0 ? std::to_string(ms / 1000) : std::to_string(static_cast<double>(ms) / 1000);
}

// Move numbers come from the position itself, so two-move turns (Centennial) number right.
std::string movetext(const GameSnapshot& game) {
  std::vector<std::string> tokens;
  auto position = game.game->start();
  const auto& sans = game.game->sans();
  std::optional<rules::Color> previous_mover;
  for (std::size_t i = 0; i < game.game->moves().size(); ++i) {
    auto mover = position.side_to_move();
    bool turn_continues = previous_mover && *previous_mover == mover;
    if (mover == rules::Color::White && !turn_continues)
      tokens.push_back(std::to_string(position.fullmove_number()) + ".");
    else if (i == 0)
      tokens.push_back(std::to_string(position.fullmove_number()) + "...");
    tokens.push_back(sans.at(i));
    position.play(game.game->moves()[i]);
    previous_mover = mover;
  }
  tokens.emplace_back(game.result);

  std::string out, line;
  for (const auto& token : tokens) {
    if (!line.empty() && line.size() + 1 + token.size() > kLineWidth) {
      out += line + "\n";
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += token;
  }
  return out + line + "\n";
}

}  // namespace

std::string pgn(const GameSnapshot& game) {
  const auto& variant = game.variant();
  std::string start_fen = game.game->start().fen();
  bool standard = variant.name == "chess" && start_fen == variant.start_fen;

  std::string out;
  tag(out, "Event", game.local ? "Arbiter local game" : "Arbiter game");
  tag(out, "Site", "Arbiter");
  tag(out, "Date", pgn_date(game.created_at_ms));
  tag(out, "Round", "-");
  tag(out, "White", "White");
  tag(out, "Black", "Black");
  tag(out, "Result", game.result);
  tag(out, "Variant", variant.name == "chess" ? "Standard" : variant.title);
  if (!standard) {
    tag(out, "FEN", start_fen);
    tag(out, "SetUp", "1");
  }
  if (game.clock) tag(out, "TimeControl", seconds(game.clock->initial_ms) + "+" + seconds(game.clock->increment_ms));
  if (!game.reason.empty())
    tag(out, "Termination", game.reason == "timeout" ? "time forfeit" : game.reason == "abort" ? "abandoned" : "normal");
  tag(out, "GameId", game.id);
  out += "\n";
  out += movetext(game);
  return out;
}

}  // namespace arbiter::protocol
