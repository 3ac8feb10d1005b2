#include "protocol/pgn.h"

#include <ctime>
#include <sstream>
#include <string_view>

#include "protocol/umpire_views.h"

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

// A {comment} as tokens, one per word, so that lines wrap inside it.
void add_comment(std::vector<std::string>& tokens, const std::string& comment) {
  if (comment.empty()) return;
  std::istringstream words(comment);
  std::string word;
  bool first = true;
  while (words >> word) {
    tokens.push_back(first ? "{" + word : word);
    first = false;
  }
  tokens.back() += "}";
}

// Move numbers come from the position itself, so two-move turns (Centennial) number right.
// Kriegspiel: comments hold what the umpire said (umpire_pgn_comments).
std::string movetext(const GameSnapshot& game) {
  std::vector<std::string> tokens;
  const auto comments = game.umpire ? umpire_pgn_comments(*game.umpire) : UmpireComments{};
  auto position = game.game->start();
  const auto& sans = game.game->sans();
  std::optional<rules::Color> previous_mover;
  for (std::size_t i = 0; i < game.game->moves().size(); ++i) {
    auto mover = position.side_to_move();
    bool turn_continues = previous_mover && *previous_mover == mover;
    // Black's move after a comment, or before one, needs its number again.
    bool near_comment =
        game.umpire && ((!tokens.empty() && tokens.back().ends_with('}')) || !comments.before.at(i).empty());
    if (mover == rules::Color::White && !turn_continues)
      tokens.push_back(std::to_string(position.fullmove_number()) + ".");
    else if (i == 0 || near_comment)
      tokens.push_back(std::to_string(position.fullmove_number()) + "...");
    if (game.umpire) add_comment(tokens, comments.before.at(i));
    tokens.push_back(sans.at(i));
    if (game.umpire) add_comment(tokens, comments.after.at(i));
    position.play(game.game->moves()[i]);
    previous_mover = mover;
  }
  if (game.umpire) add_comment(tokens, comments.before.back());
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
