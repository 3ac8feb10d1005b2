#include "protocol/pgn.h"

#include <ctime>
#include <sstream>
#include <string_view>
#include <utility>

#include "protocol/names.h"
#include "protocol/view_policy.h"

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

std::string player_name(const match::Match& match, rules::Color seat) {
  const auto& computer = match.computer();
  if (computer && computer->seat == seat) return "Arbiter level " + std::to_string(computer->level);
  if (!match.name(seat).empty()) return match.name(seat);
  return seat == rules::Color::White ? "White" : "Black";
}

std::string_view termination(match::EndReason reason) {
  if (reason == match::EndReason::Timeout) return "time forfeit";
  if (reason == match::EndReason::Abort || reason == match::EndReason::Abandoned || reason == match::EndReason::Expired ||
      reason == match::EndReason::Deserted)
    return "abandoned";
  return "normal";
}

// The start position the PGN standard assumes for its own game where no FEN tag is given.
constexpr std::string_view kChessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// The [Variant] tag: the name Fairy-Stockfish and pychess know the variant by, as its definition
// gives it (rules/VARIANTS.md, `pgn_variant`); for a variant they do not have, its title.
std::string variant_tag(const rules::Variant& variant) {
  return variant.pgn_variant.empty() ? variant.title : variant.pgn_variant;
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

// Move numbers, and where a turn starts, come from the position itself. A turn of two moves (Centennial) is one token, its
// moves joined by a comma ("1. Sd2,Rj2 b6,d7"), as Fairy-Stockfish writes a duck chess turn: a
// reader that takes one token per move cannot mistake the second move for the opponent's reply.
// `umpire`: comments on each move, what the umpire said (Kriegspiel). `evals`: an analysis's
// comment for the position after each ply (index 0: the start), put after each turn.
std::string movetext(const rules::Game& game, const std::optional<UmpireComments>& umpire, std::string_view result,
                     const std::vector<std::string>& evals) {
  std::vector<std::string> tokens;
  auto eval_after = [&](std::size_t ply) { return ply < evals.size() ? evals[ply] : std::string(); };
  bool turn_has_eval = false;  // the last token is a turn's eval comment, to move past its second move
  const UmpireComments comments = umpire.value_or(UmpireComments{});
  auto position = game.start();
  const auto& sans = game.sans();
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    const auto mover = position.side_to_move();
    const bool turn_continues = !position.starts_turn();
    std::string number = std::to_string(position.fullmove_number());
    position.play(game.moves()[i]);
    if (turn_continues) {
      if (turn_has_eval) tokens.pop_back();
      tokens.back() += "," + sans.at(i);
      turn_has_eval = false;
      if (!eval_after(i + 1).empty()) tokens.push_back("{" + eval_after(i + 1) + "}"), turn_has_eval = true;
      continue;
    }
    // Black's move after a comment, or before one, needs its number again.
    bool near_comment =
        (!tokens.empty() && tokens.back().ends_with('}')) || (umpire && !comments.before.at(i).empty());
    if (mover == rules::Color::White)
      tokens.push_back(number + ".");
    else if (i == 0 || near_comment)
      tokens.push_back(number + "...");
    if (umpire) add_comment(tokens, comments.before.at(i));
    tokens.push_back(sans.at(i));
    turn_has_eval = false;
    if (!eval_after(i + 1).empty()) tokens.push_back("{" + eval_after(i + 1) + "}"), turn_has_eval = !umpire;
    if (umpire) add_comment(tokens, comments.after.at(i));
  }
  if (umpire) add_comment(tokens, comments.before.back());
  tokens.emplace_back(result);

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

int numbered_moves(const rules::Game& game) {
  if (game.moves().empty()) return 0;
  auto position = game.start();
  for (std::size_t i = 0; i + 1 < game.moves().size(); ++i) position.play(game.moves()[i]);
  return position.fullmove_number() - game.start().fullmove_number() + 1;
}

std::string annotated_movetext(const rules::Game& game, std::string_view result, const std::vector<std::string>& evals) {
  return movetext(game, std::nullopt, result, evals);
}

std::string pgn(const match::Match& match, const std::vector<std::string>& evals) {
  const auto& variant = match.game().start().variant();
  std::string start_fen = match.game().start().fen();
  // PGN's own game from its usual start needs no FEN tag (a reader knows the position).
  const bool standard = variant_tag(variant) == kPgnOwnGame && start_fen == kChessStart;

  std::string out;
  tag(out, "Event", match.local() ? "Arbiter local game" : "Arbiter game");
  tag(out, "Site", "Arbiter");
  tag(out, "Date", pgn_date(match.created_at_ms()));
  tag(out, "Round", "-");
  tag(out, "White", player_name(match, rules::Color::White));
  tag(out, "Black", player_name(match, rules::Color::Black));
  tag(out, "Result", result_name(match.result()));
  tag(out, "Variant", variant_tag(variant));
  if (!standard) {
    tag(out, "FEN", start_fen);
    tag(out, "SetUp", "1");
  }
  if (const auto& clock = match.clock_setting())
    tag(out, "TimeControl", seconds(clock->initial_ms) + "+" + seconds(clock->increment_ms));
  if (match.finished()) tag(out, "Termination", termination(match.reason()));
  tag(out, "GameId", match.id());
  out += "\n";
  out += movetext(match.game(), view_policy(match).pgn_comments(match), result_name(match.result()), evals);
  return out;
}

}  // namespace arbiter::protocol
