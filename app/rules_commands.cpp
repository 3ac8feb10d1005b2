// The rules tools of the `arbiter` executable: variants, perft, moves. No server code here, and
// not part of the server library.
#include <charconv>
#include <iostream>
#include <optional>
#include <string>
#include <utility>

#include "app/commands.h"
#include "app/variants_file.h"
#include "rules/game.h"
#include "rules/variant.h"
#include "rules/variant_file.h"

namespace arbiter {

namespace {

struct PositionOptions {
  rules::VariantFile file;  // from --variants: its variants live here
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

const rules::Variant* find(const rules::VariantFile& file, const std::string& name) {
  for (const rules::Variant& v : file.variants)
    if (v.name == name) return &v;
  return rules::find_variant(name);
}

// Parses the options shared by perft and moves; returns an error message or nothing.
std::optional<std::string> parse(const Args& args, bool allow_depth, PositionOptions& out) {
  std::optional<std::string> variant_name;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (arg == "--variant") {
      auto name = value();
      if (!name) return "--variant needs a name";
      variant_name = *name;
    } else if (arg == "--variants") {
      auto path = value();
      if (!path) return "--variants needs a file";
      LoadedVariants loaded = read_variants_file(*path);
      if (!loaded.file.errors.empty()) return loaded.first_error();
      out.file = std::move(loaded.file);
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
  if (!variant_name) return "--variant is required";
  out.variant = find(out.file, *variant_name);
  if (!out.variant) return "unknown variant '" + *variant_name + "' (see: arbiter variants)";
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
  rules::VariantFile file;
  if (args.size() == 2 && args[0] == "--variants") {
    LoadedVariants loaded = read_variants_file(args[1]);
    if (!loaded.file.errors.empty()) return bad_input(loaded.first_error());
    file = std::move(loaded.file);
  } else if (!args.empty()) {
    return bad_input("variants takes only --variants FILE");
  }
  for (const rules::Variant* v : rules::all_variants()) std::cout << v->name << "\t" << v->title << "\n";
  for (const rules::Variant& v : file.variants) std::cout << v.name << "\t" << v.title << "\n";
  return 0;
}

int check_variants_command(const Args& args) {
  if (args.size() != 1 || args[0].rfind("--", 0) == 0) return bad_input("check-variants takes one file");
  const LoadedVariants loaded = read_variants_file(args[0]);
  const rules::VariantFile& file = loaded.file;
  for (std::size_t i = 0; i < file.errors.size(); ++i) std::cerr << "arbiter: " << loaded.error(i) << "\n";
  if (!file.errors.empty()) return 2;
  std::cout << "OK: " << file.variants.size() << " variants\n";
  for (const rules::Variant& v : file.variants) std::cout << v.name << "\t" << v.title << "\n";
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
