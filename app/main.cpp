#include <algorithm>
#include <iostream>
#include <map>
#include <string>
#include <string_view>

#include "app/commands.h"

namespace {

struct Command {
  int (*run)(const arbiter::Args&);
  std::string (*usage)();
};

std::string variants_usage() {
  return "usage: arbiter variants [--variants FILE]\n"
         "The variants, one a line: its name, a tab, its title; the built-in ones, then FILE's (rules/VARIANTS.md).\n";
}

std::string check_variants_usage() {
  return "usage: arbiter check-variants FILE\n"
         "Reads a variants file (rules/VARIANTS.md): 'OK: N variants' and one line per variant (name, tab, title),\n"
         "or every error with its line and field on stderr and exit code 2.\n";
}

std::string perft_usage() {
  return "usage: arbiter perft [--variants FILE] --variant V [--fen F] [--moves M ...] --depth N [--divide]\n"
         "Counts the leaf positions N plies deep (1-12) from the variant's start, or F, after the moves M.\n"
         "  --variants FILE   also the variants of this file (rules/VARIANTS.md)\n"
         "  --divide   one line 'move: count' per legal move, a blank line, then 'Nodes searched: N'\n";
}

std::string moves_usage() {
  return "usage: arbiter moves [--variants FILE] --variant V [--fen F] [--moves M ...]\n"
         "The legal moves, one a line, from the variant's start, or F, after the moves M.\n"
         "  --variants FILE   also the variants of this file (rules/VARIANTS.md)\n";
}

std::string uci_usage() {
  return "usage: arbiter uci\n"
         "The engine over UCI on standard input and output: options UCI_Variant, VariantPath (a variants file,\n"
         "rules/VARIANTS.md, whose variants join UCI_Variant), Skill Level (1-8), Hash (MB).\n";
}

const std::map<std::string, Command>& commands() {
  static const std::map<std::string, Command> table{
      {"serve", {arbiter::serve_command, arbiter::serve_usage}},
      {"variants", {arbiter::variants_command, variants_usage}},
      {"check-variants", {arbiter::check_variants_command, check_variants_usage}},
      {"perft", {arbiter::perft_command, perft_usage}},
      {"moves", {arbiter::moves_command, moves_usage}},
      {"uci", {arbiter::uci_command, uci_usage}},
      {"import-variants", {arbiter::import_variants_command, arbiter::import_variants_usage}},
      {"analyse", {arbiter::analyse_command, arbiter::analyse_usage}},
  };
  return table;
}

void usage(std::ostream& out) {
  out << "usage: arbiter <command> [options]   (arbiter <command> --help: its options)\n";
  for (const auto& [name, command] : commands()) {
    const std::string text = command.usage();
    const std::string first_line = text.substr(0, text.find('\n'));
    out << "  " << first_line.substr(std::string_view("usage: arbiter ").size()) << "\n";
  }
}

bool asks_for_help(const arbiter::Args& args) {
  return std::any_of(args.begin(), args.end(), [](const std::string& arg) { return arg == "--help" || arg == "-h"; });
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "help") {
    usage(argc < 2 ? std::cerr : std::cout);
    return argc < 2 ? 2 : 0;
  }
  auto command = commands().find(argv[1]);
  if (command == commands().end()) {
    std::cerr << "arbiter: unknown command '" << argv[1] << "' (try: arbiter help)\n";
    return 2;
  }
  const arbiter::Args args(argv + 2, argv + argc);
  if (asks_for_help(args)) {
    std::cout << command->second.usage();
    return 0;
  }
  try {
    return command->second.run(args);
  } catch (const std::exception& e) {
    std::cerr << "arbiter: " << e.what() << "\n";
    return 1;
  }
}
