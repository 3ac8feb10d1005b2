// The rules tools of the `arbiter` executable: variants, perft, moves. No server code here, and
// not part of the server library.
#include <charconv>
#include <iostream>
#include <optional>
#include <string>

#include "rules/game.h"
#include "rules/variant.h"
#include "server/commands.h"

namespace arbiter {

namespace {

struct PositionOptions {
  const rules::Variant* variant = nullptr;
  std::string fen;
  std::vector<std::string> moves;
  std::optional<int> depth;
  bool divide = false;
};

int bad_input(const std::string& message) {
  std::cerr << "arbiter: " << message << "\n";
  return 2;
}

// Parses the options shared by perft and moves; returns an error message or nothing.
std::optional<std::string> parse(const Args& args, bool allow_depth, PositionOptions& out) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (arg == "--variant") {
      auto name = value();
      if (!name) return "--variant needs a name";
      out.variant = rules::find_variant(*name);
      if (!out.variant) return "unknown variant '" + *name + "' (see: arbiter variants)";
    } else if (arg == "--fen") {
      auto fen = value();
      if (!fen) return "--fen needs a position";
      out.fen = *fen;
    } else if (arg == "--moves") {
      while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) out.moves.push_back(args[++i]);
    } else if (allow_depth && arg == "--depth") {
      auto text = value();
      int depth = 0;
      if (!text || std::from_chars(text->data(), text->data() + text->size(), depth).ec != std::errc{} ||
          std::to_string(depth) != *text || depth < 1 || depth > 12)
        return "--depth needs a whole number from 1 to 12";
      out.depth = depth;
    } else if (allow_depth && arg == "--divide") {
      out.divide = true;
    } else {
      return "unknown option '" + arg + "'";
    }
  }
  if (!out.variant) return "--variant is required";
  if (allow_depth && !out.depth) return "--depth is required";
  if (out.fen.empty()) out.fen = out.variant->start_fen;
  return std::nullopt;
}

// The position the options describe: the FEN (or the start) after the given moves.
rules::Result<rules::Game> load(const Args& args, bool allow_depth, PositionOptions& options) {
  if (auto error = parse(args, allow_depth, options)) return rules::Error{*error};
  return rules::Game::from(*options.variant, options.fen, options.moves);
}

}  // namespace

int variants_command(const Args& args) {
  if (!args.empty()) return bad_input("variants takes no options");
  for (const rules::Variant* v : rules::all_variants()) std::cout << v->name << "\t" << v->title << "\n";
  return 0;
}

int perft_command(const Args& args) {
  PositionOptions options;
  auto game = load(args, true, options);
  if (!game) return bad_input(game.error());
  const rules::Position& position = game->position();
  if (options.divide) {
    std::uint64_t total = 0;
    for (const auto& line : rules::perft_divide(position, *options.depth)) {
      std::cout << line.move << ": " << line.nodes << "\n";
      total += line.nodes;
    }
    std::cout << "\nNodes searched: " << total << "\n";
  } else {
    std::cout << "Nodes searched: " << rules::perft(position, *options.depth) << "\n";
  }
  return 0;
}

int moves_command(const Args& args) {
  PositionOptions options;
  auto game = load(args, false, options);
  if (!game) return bad_input(game.error());
  for (const rules::Move& m : game->position().legal_moves()) std::cout << game->position().uci(m) << "\n";
  return 0;
}

}  // namespace arbiter
