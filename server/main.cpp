#include <iostream>
#include <map>
#include <string>

#include "server/commands.h"

namespace {

void usage(std::ostream& out) {
  out << "usage: arbiter <command> [options]\n"
         "  serve     [--port 8080] [--bind 127.0.0.1] [--db arbiter.db] [--web DIR] [--threads N]\n"
         "            [--max-connections N] [--reserved-for-players N] [--trusted-proxy ADDR]\n"
         "            [--address-limits on|off] [--connections-per-address N] [--spectators-per-game N]\n"
         "            [--creates-per-minute R] [--joins-per-minute R] [--messages-per-second R]\n"
         "            [--seat-messages-per-second R] [--spectator-idle-s S] [--metrics ADDR:PORT]\n"
         "  variants\n"
         "  perft     --variant V [--fen F] [--moves M ...] --depth N [--divide]\n"
         "  moves     --variant V [--fen F] [--moves M ...]\n"
         "  uci       (the engine over UCI on stdin/stdout)\n";
}

}  // namespace

int main(int argc, char** argv) {
  const std::map<std::string, int (*)(const arbiter::Args&)> commands{
      {"serve", arbiter::serve_command},
      {"variants", arbiter::variants_command},
      {"perft", arbiter::perft_command},
      {"moves", arbiter::moves_command},
      {"uci", arbiter::uci_command},
  };
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "help") {
    usage(argc < 2 ? std::cerr : std::cout);
    return argc < 2 ? 2 : 0;
  }
  auto command = commands.find(argv[1]);
  if (command == commands.end()) {
    std::cerr << "arbiter: unknown command '" << argv[1] << "' (try: arbiter help)\n";
    return 2;
  }
  try {
    return command->second(arbiter::Args(argv + 2, argv + argc));
  } catch (const std::exception& e) {
    std::cerr << "arbiter: " << e.what() << "\n";
    return 1;
  }
}
