// The cross-check with Fairy-Stockfish (crosscheck.h): its implementation, shared by the rules' and
// the ini import's tests.
#include "tests/rules/crosscheck.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <unistd.h>

#include "rules/game.h"

namespace arbiter::rules::testing {

namespace {

constexpr const char* kStockfish = "/usr/games/fairy-stockfish";

std::vector<std::string> random_play_fens(const Variant& variant, unsigned seed, int games, int plies) {
  std::mt19937 rng(seed);
  std::vector<std::string> fens;
  for (int g = 0; g < games; ++g) {
    Game game(Position::start(variant));
    for (int ply = 0; ply < plies && !game.outcome().over(); ++ply) {
      fens.push_back(game.position().fen());
      auto moves = game.position().legal_moves();
      game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  return fens;
}

// Runs one Fairy-Stockfish process over all positions; returns, per position, move -> perft(depth-1).
std::vector<std::map<std::string, std::uint64_t>> stockfish_divide(const std::string& variant,
                                                                    const std::vector<std::string>& fens, int depth,
                                                                    const std::string& variant_path) {
  std::string script = "/tmp/arbiter-crosscheck-" + std::to_string(getpid()) + ".txt";
  {
    std::ofstream out(script);
    if (!variant_path.empty()) out << "setoption name VariantPath value " << variant_path << "\n";
    out << "setoption name UCI_Variant value " << variant << "\n";
    for (const auto& fen : fens) out << "position fen " << fen << "\ngo perft " << depth << "\n";
    out << "quit\n";
  }
  std::vector<std::map<std::string, std::uint64_t>> result(1);
  FILE* pipe = popen((std::string(kStockfish) + " < " + script).c_str(), "r");
  REQUIRE(pipe);
  char line[512];
  while (fgets(line, sizeof line, pipe)) {
    std::string text(line);
    if (text.rfind("Nodes searched", 0) == 0) {
      result.emplace_back();
      continue;
    }
    auto colon = text.find(": ");
    if (colon != std::string::npos && colon >= 4 && colon <= 7 && std::islower(static_cast<unsigned char>(text[0])))
      result.back()[text.substr(0, colon)] = std::stoull(text.substr(colon + 2));
  }
  pclose(pipe);
  std::remove(script.c_str());
  result.pop_back();
  return result;
}

}  // namespace

void crosscheck(const Variant& variant, const std::string& stockfish_name, unsigned seed, int depth, int games,
                int plies, int stride, const std::string& variant_path) {
  REQUIRE_MESSAGE(access(kStockfish, X_OK) == 0, kStockfish << " is missing: install fairy-stockfish (test.sh does)");
  std::vector<std::string> fens;
  auto played = random_play_fens(variant, seed, games, plies);
  for (std::size_t i = 0; i < played.size(); i += stride) fens.push_back(played[i]);
  auto theirs = stockfish_divide(stockfish_name, fens, depth, variant_path);
  REQUIRE(theirs.size() == fens.size());
  for (std::size_t i = 0; i < fens.size(); ++i) {
    std::map<std::string, std::uint64_t> ours;
    for (const auto& line : perft_divide(*Position::from_fen(variant, fens[i]), depth)) ours[line.move] = line.nodes;
    CHECK_MESSAGE(ours == theirs[i], variant.name << " " << fens[i]);
  }
  MESSAGE(variant.name << ": " << fens.size() << " positions agree with Fairy-Stockfish at perft " << depth << " divided");
}

}  // namespace arbiter::rules::testing
