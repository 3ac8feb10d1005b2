// `arbiter analyse --pgn FILE`: the analysis the server stores for a finished game, from the
// command line: one line per ply, then the game's PGN with [%eval] comments.
#include <atomic>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "app/commands.h"
#include "engine/analysis.h"
#include "protocol/eval_comments.h"
#include "protocol/pgn.h"
#include "protocol/pgn_reader.h"
#include "server/players/analysis_json.h"

namespace arbiter {
namespace {

constexpr std::int64_t kDefaultMovetime = 200;  // as `arbiter serve --analysis-movetime`
constexpr std::size_t kMaxPgnBytes = 1 << 20;

int bad_input(const std::string& message) {
  std::cerr << "arbiter analyse: " << message << "\n";
  return 2;
}

// "+0.32", "#3", "#-2", "mated".
std::string shown(const nlohmann::json& eval) {
  if (eval.contains("mate")) {
    const int mate = eval["mate"].get<int>();
    return mate == 0 ? "mated" : "#" + std::to_string(mate);
  }
  char text[32];
  std::snprintf(text, sizeof text, "%+.2f", eval.value("cp", 0) / 100.0);
  return text;
}

}  // namespace

std::string analyse_usage() {
  return "usage: arbiter analyse --pgn FILE [--movetime MS] [--variant NAME]\n"
         "Analyses the first game of FILE as the server does: for each ply its move, the evaluation of the\n"
         "position after it (pawns or #mate, from White's side), the judgement (??, ? or ?!), the engine's best\n"
         "move there and its line; then the game's PGN with [%eval] comments.\n"
         "  --movetime MS   each position's search [200]\n"
         "  --variant NAME  the variant, whatever the [Variant] tag says\n";
}

int analyse_command(const Args& args) {
  std::string path, variant;
  std::int64_t movetime = kDefaultMovetime;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag != "--pgn" && flag != "--movetime" && flag != "--variant") return bad_input("unknown option " + flag);
    if (i + 1 >= args.size()) return bad_input(flag + " needs a value");
    const std::string& value = args[++i];
    if (flag == "--pgn") path = value;
    if (flag == "--variant") variant = value;
    if (flag == "--movetime") {
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), movetime);
      if (ec != std::errc() || end != value.data() + value.size() || movetime < 1 || movetime > 600'000)
        return bad_input("--movetime is milliseconds, 1 to 600000");
    }
  }
  if (path.empty()) return bad_input("--pgn FILE is needed");
  std::ifstream in(path, std::ios::binary);
  if (!in) return bad_input(path + ": cannot be read");
  std::string text(kMaxPgnBytes + 1, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(std::size_t(in.gcount()));
  if (text.size() > kMaxPgnBytes) return bad_input(path + ": larger than 1 MB");
  auto read = protocol::read_pgn(text, variant);
  if (!read) return bad_input(path + ": " + read.error());
  const rules::Game& game = read->game;

  engine::Searcher searcher;
  engine::Limits limits;
  limits.movetime_ms = movetime;
  std::atomic<bool> stop{false};
  auto plies = engine::analyse(searcher, game, limits, stop);
  const auto analysis = analysis_json(game, *plies, movetime);

  for (const auto& entry : analysis["positions"]) {
    std::ostringstream line;
    const int ply = entry["ply"].get<int>();
    line << ply << "\t" << (ply == 0 ? std::string("start") : entry["san"].get<std::string>() + (entry["mark"].is_null() ? std::string() : entry["mark"].get<std::string>())) << "\t"
         << shown(entry["eval"]);
    if (!entry["best"].is_null()) {
      line << "\tbest " << entry["best"].get<std::string>() << "\t";
      for (std::size_t i = 0; i < entry["line"].size(); ++i) line << (i ? " " : "") << entry["line"][i].get<std::string>();
    }
    std::cout << line.str() << "\n";
  }
  std::cout << "\n";
  for (const auto& [name, value] : read->tags) {
    std::string quoted;
    for (char c : value) quoted += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    std::cout << "[" << name << " \"" << quoted << "\"]\n";
  }
  std::cout << "\n" << protocol::annotated_movetext(game, read->result, protocol::eval_comments(analysis));
  return 0;
}

}  // namespace arbiter
