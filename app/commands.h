#pragma once
// The subcommands of the `arbiter` executable. Each takes the arguments after its name and
// returns the process exit code (2 for bad input, with one line on stderr); each has a usage
// text, which `arbiter <command> --help` prints.
#include <string>
#include <vector>

namespace arbiter {

using Args = std::vector<std::string>;

int serve_command(const Args& args);     // arbiter serve [--port 8080] [--bind 127.0.0.1] [--db arbiter.db] ...
int variants_command(const Args& args);  // arbiter variants [--variants FILE]
int check_variants_command(const Args& args);  // arbiter check-variants FILE
int perft_command(const Args& args);     // arbiter perft [--variants FILE] --variant V [--fen F] [--moves M ...] --depth N [--divide]
int moves_command(const Args& args);     // arbiter moves [--variants FILE] --variant V [--fen F] [--moves M ...]
int uci_command(const Args& args);       // arbiter uci (the engine over UCI on stdin/stdout)
int import_variants_command(const Args& args);  // arbiter import-variants FILE.ini [--variant NAME ...]
int analyse_command(const Args& args);   // arbiter analyse --pgn FILE [--movetime MS] [--variant NAME]

std::string serve_usage();  // every option, from serve's own table
std::string import_variants_usage();
std::string analyse_usage();

}  // namespace arbiter
