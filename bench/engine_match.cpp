// A match between two UCI engines (or an engine and a random mover), refereed by our rules:
// every move is checked with rules::Game, and games end only by the variant's rules (or a ply
// cap, reported apart). Openings: a few random plies from the start, each played with both colours.
//
// Usage: engine_match --variant V --games N [--movetime MS | --clock MS [--inc MS] | --nodes N] [--a-movetime MS]
//          [--random-plies K] [--seed S] --a "COMMAND" [--a-option "Name=Value"]... --b "COMMAND" [--b-option ...]... [--verbose]
//          [--adjudicate-win CP,MOVES] [--adjudicate-draw CP,MOVES,AFTER]
//   Adjudication (off unless asked, as in cutechess-cli): a game is won when both engines' own
//   scores agree, for MOVES moves each in a row, that one side is at least CP centipawns ahead (a
//   mate counts as more than any CP); drawn when, after move AFTER, both scores stay within CP of
//   0 for MOVES moves each. The result line says which rules made its figures.
//   With --clock each side has that much time for the game (plus --inc a move), measured here by
//   the wall clock around each `go`; running out loses.
//   --a-movetime gives A a budget a move of its own (B keeps --movetime's).
//   --nodes N asks both engines for N nodes a move (`go nodes N`) instead of a time: a match whose
//   moves do not depend on the machine's load.
//   COMMAND is run by /bin/sh; "random" is a built-in random mover.
// Prints A's wins/draws/losses, its score with a 95% error bar, and the Elo difference.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "rules/game.h"

using namespace arbiter;

namespace {

class UciEngine {
 public:
  UciEngine(const std::string& command, const std::vector<std::string>& options, const std::string& variant) {
    int to_child[2], from_child[2];
    if (pipe(to_child) || pipe(from_child)) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      close(to_child[1]);
      close(from_child[0]);
      execl("/bin/sh", "sh", "-c", ("exec " + command).c_str(), nullptr);
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = fdopen(to_child[1], "w");
    out_fd_ = from_child[0];
    send("uci");
    wait_for("uciok", 10000);
    if (variant != "chess") send("setoption name UCI_Variant value " + variant);
    for (const std::string& option : options) {
      auto eq = option.find('=');
      send("setoption name " + option.substr(0, eq) + " value " + option.substr(eq + 1));
    }
    send("isready");
    wait_for("readyok", 10000);
  }
  // The score the engine last reported (its "info ... score" lines), for the side it moved for:
  // centipawns, or +-(100000 - plies) for a mate. Nothing if it reported none since forget_score().
  std::optional<int> last_score() const { return last_score_; }
  void forget_score() { last_score_.reset(); }
  ~UciEngine() {
    send("quit");
    fclose(in_);
    close(out_fd_);
    int status;
    waitpid(pid_, &status, 0);
  }
  void send(const std::string& line) {
    fprintf(in_, "%s\n", line.c_str());
    fflush(in_);
  }
  // The first line starting with `prefix`, or nothing after the timeout.
  std::optional<std::string> wait_for(const std::string& prefix, int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      auto newline = buffer_.find('\n');
      while (newline != std::string::npos) {
        std::string line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.rfind("info", 0) == 0) read_score(line);
        if (line.rfind(prefix, 0) == 0) return line;
        newline = buffer_.find('\n');
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return std::nullopt;
      pollfd p{out_fd_, POLLIN, 0};
      if (poll(&p, 1, int(left)) <= 0) continue;
      char chunk[4096];
      ssize_t n = read(out_fd_, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;
      buffer_.append(chunk, std::size_t(n));
    }
  }

 private:
  void read_score(const std::string& line) {
    auto at = line.find(" score ");
    if (at == std::string::npos) return;
    char kind[8] = {};
    int value = 0;
    if (std::sscanf(line.c_str() + at, " score %7s %d", kind, &value) != 2) return;
    if (std::strcmp(kind, "cp") == 0) last_score_ = value;
    else if (std::strcmp(kind, "mate") == 0) last_score_ = value > 0 ? 100000 - value : -100000 - value;
  }

  pid_t pid_;
  std::optional<int> last_score_;
  FILE* in_;
  int out_fd_;
  std::string buffer_;
};

struct Player {
  std::string command;
  std::vector<std::string> options;
  std::unique_ptr<UciEngine> engine;  // none for the random mover
};

// Cutechess-style adjudication from both engines' reported scores.
struct Adjudication {
  int win_cp = 0, win_moves = 0;                   // win_moves 0: off
  int draw_cp = 0, draw_moves = 0, draw_after = 0; // draw_moves 0: off
  std::string describe() const {
    std::string text;
    if (win_moves)
      text += "won at " + std::to_string(win_cp) + " cp agreed for " + std::to_string(win_moves) + " moves each";
    if (draw_moves)
      text += std::string(text.empty() ? "" : ", ") + "drawn within " + std::to_string(draw_cp) + " cp for " +
              std::to_string(draw_moves) + " moves each after move " + std::to_string(draw_after);
    return text.empty() ? "none" : text;
  }
};

// The adjudicated result from the scores of the plies so far (White's view; nothing where the
// mover reported none): White wins, Black wins or a draw, or nothing to adjudicate.
std::optional<rules::Outcome::Result> adjudicate(const Adjudication& rules_, const std::vector<std::optional<int>>& white_view,
                                                 int fullmove) {
  auto last_all = [&](int plies, auto test) {
    if (int(white_view.size()) < plies) return false;
    for (auto it = white_view.end() - plies; it != white_view.end(); ++it)
      if (!*it || !test(**it)) return false;
    return true;
  };
  if (rules_.win_moves) {
    if (last_all(2 * rules_.win_moves, [&](int s) { return s >= rules_.win_cp; })) return rules::Outcome::Result::WhiteWins;
    if (last_all(2 * rules_.win_moves, [&](int s) { return s <= -rules_.win_cp; })) return rules::Outcome::Result::BlackWins;
  }
  if (rules_.draw_moves && fullmove > rules_.draw_after &&
      last_all(2 * rules_.draw_moves, [&](int s) { return std::abs(s) <= rules_.draw_cp; }))
    return rules::Outcome::Result::Draw;
  return std::nullopt;
}

struct Tally {
  int wins = 0, draws = 0, losses = 0, capped = 0, forfeits_a = 0, forfeits_b = 0;
  std::map<std::string, int> reasons;
};

int usage() {
  std::cerr << "usage: engine_match --variant V --games N [--movetime MS | --clock MS [--inc MS] | --nodes N] [--a-movetime MS]\n"
               "                    [--random-plies K] [--seed S] [--max-plies N] --a COMMAND [--a-option Name=Value]...\n"
               "                    --b COMMAND [--b-option Name=Value]... [--verbose]\n"
               "                    [--adjudicate-win CP,MOVES] [--adjudicate-draw CP,MOVES,AFTER]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  signal(SIGPIPE, SIG_IGN);
  std::string variant_name = "chess";
  int games = 2, movetime = 100, a_movetime = 0, random_plies = 4, max_plies = 2000;
  long clock_ms = 0, increment_ms = 0, nodes = 0;
  std::uint64_t seed = 1;
  bool verbose = false;
  Adjudication adjudication;
  Player a, b;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--variant") variant_name = value();
    else if (arg == "--games") games = std::stoi(value());
    else if (arg == "--movetime") movetime = std::stoi(value());
    else if (arg == "--a-movetime") a_movetime = std::stoi(value());
    else if (arg == "--clock") clock_ms = std::stol(value());
    else if (arg == "--inc") increment_ms = std::stol(value());
    else if (arg == "--nodes") nodes = std::stol(value());
    else if (arg == "--random-plies") random_plies = std::stoi(value());
    else if (arg == "--seed") seed = std::stoull(value());
    else if (arg == "--max-plies") max_plies = std::stoi(value());
    else if (arg == "--a") a.command = value();
    else if (arg == "--b") b.command = value();
    else if (arg == "--a-option") a.options.push_back(value());
    else if (arg == "--b-option") b.options.push_back(value());
    else if (arg == "--verbose") verbose = true;
    else if (arg == "--adjudicate-win") {
      if (std::sscanf(value().c_str(), "%d,%d", &adjudication.win_cp, &adjudication.win_moves) != 2 ||
          adjudication.win_cp <= 0 || adjudication.win_moves <= 0)
        return usage();
    } else if (arg == "--adjudicate-draw") {
      if (std::sscanf(value().c_str(), "%d,%d,%d", &adjudication.draw_cp, &adjudication.draw_moves,
                      &adjudication.draw_after) != 3 ||
          adjudication.draw_cp < 0 || adjudication.draw_moves <= 0 || adjudication.draw_after < 0)
        return usage();
    }
    else return usage();
  }
  const rules::Variant* variant = rules::find_variant(variant_name);
  if (!variant || a.command.empty() || b.command.empty() || games < 1 || nodes < 0 || (nodes && clock_ms)) return usage();
  for (Player* p : {&a, &b})
    if (p->command != "random") p->engine = std::make_unique<UciEngine>(p->command, p->options, variant_name);

  std::mt19937_64 random(seed);
  Tally tally;
  std::vector<std::string> opening;
  for (int g = 0; g < games; ++g) {
    const bool a_white = g % 2 == 0;
    if (g % 2 == 0) {  // a new opening for each pair of games
      while (true) {
        rules::Game game(rules::Position::start(*variant));
        opening.clear();
        for (int p = 0; p < random_plies && !game.outcome().over(); ++p) {
          const auto moves = game.position().legal_moves();
          const rules::Move m = moves[random() % moves.size()];
          opening.push_back(game.position().uci(m));
          game.play(m);
        }
        if (!game.outcome().over()) break;
      }
    }
    auto game = rules::Game::from(*variant, variant->start_fen, opening).value();
    std::vector<std::string> played = opening;
    for (Player* p : {&a, &b})
      if (p->engine) p->engine->send("ucinewgame");
    std::optional<bool> a_won;  // nothing: a draw
    long time_left[2] = {clock_ms, clock_ms};  // White, Black
    std::vector<std::optional<int>> white_view;  // each engine ply's reported score, White's view
    std::string reason;
    while (true) {
      if (const rules::Outcome o = game.outcome(); o.over()) {
        reason = std::string(rules::to_string(o.reason));
        if (o.result != rules::Outcome::Result::Draw)
          a_won = (o.result == rules::Outcome::Result::WhiteWins) == a_white;
        break;
      }
      if (auto verdict = adjudicate(adjudication, white_view, game.position().fullmove_number())) {
        reason = *verdict == rules::Outcome::Result::Draw ? "adjudicated draw" : "adjudicated win";
        if (*verdict != rules::Outcome::Result::Draw)
          a_won = (*verdict == rules::Outcome::Result::WhiteWins) == a_white;
        break;
      }
      if (int(played.size()) >= max_plies) {
        reason = "ply cap";
        ++tally.capped;
        break;
      }
      const bool white_to_move = game.position().side_to_move() == rules::Color::White;
      Player& mover = white_to_move == a_white ? a : b;
      std::string move;
      if (!mover.engine) {
        const auto moves = game.position().legal_moves();
        move = game.position().uci(moves[random() % moves.size()]);
      } else {
        std::string position = "position fen " + variant->start_fen;
        if (!played.empty()) {
          position += " moves";
          for (const std::string& m : played) position += " " + m;
        }
        mover.engine->send(position);
        mover.engine->forget_score();
        const auto asked = std::chrono::steady_clock::now();
        long& left = time_left[white_to_move ? 0 : 1];
        const int budget = &mover == &a && a_movetime ? a_movetime : movetime;
        if (clock_ms)
          mover.engine->send("go wtime " + std::to_string(time_left[0]) + " btime " + std::to_string(time_left[1]) +
                             " winc " + std::to_string(increment_ms) + " binc " + std::to_string(increment_ms));
        else if (nodes)
          mover.engine->send("go nodes " + std::to_string(nodes));
        else
          mover.engine->send("go movetime " + std::to_string(budget));
        // A node budget has no time limit to keep: a loaded machine only makes it slower.
        auto line = mover.engine->wait_for("bestmove", clock_ms ? int(left) + 1 : nodes ? 600000 : budget * 5 + 5000);
        if (!line) {  // too late: stop it, so that its answer is not read as the next move's
          mover.engine->send("stop");
          mover.engine->wait_for("bestmove", 60000);
        }
        if (line) move = line->substr(9, line->find(' ', 9) == std::string::npos ? std::string::npos : line->find(' ', 9) - 9);
        if (clock_ms) {
          left -= std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - asked).count();
          if (left < 0) move.clear();
          left += increment_ms;
        }
      }
      if (move.empty() || !game.play(move)) {
        reason = "forfeit: " + (move.empty() ? std::string("no move in time") : "illegal move " + move) + " after " +
                 std::to_string(played.size()) + " plies";
        ++(&mover == &a ? tally.forfeits_a : tally.forfeits_b);
        a_won = &mover != &a;
        break;
      }
      played.push_back(move);
      std::optional<int> score = mover.engine ? mover.engine->last_score() : std::nullopt;
      if (score && !white_to_move) score = -*score;
      white_view.push_back(score);
    }
    if (!a_won) ++tally.draws;
    else if (*a_won) ++tally.wins;
    else ++tally.losses;
    ++tally.reasons[reason];
    if (verbose) {
      std::cerr << "game " << g + 1 << ": A " << (a_white ? "white" : "black") << ", "
                << (!a_won ? "draw" : *a_won ? "A wins" : "B wins") << " (" << reason << ", " << played.size()
                << " plies)";
      if (reason.rfind("forfeit", 0) == 0) std::cerr << " " << game.position().fen();
      std::cerr << "\n";
    }
  }
  const int n = tally.wins + tally.draws + tally.losses;
  const double score = (tally.wins + 0.5 * tally.draws) / n;
  const double variance = (tally.wins * std::pow(1 - score, 2) + tally.draws * std::pow(0.5 - score, 2) +
                           tally.losses * std::pow(score, 2)) / n;
  const double margin = 1.96 * std::sqrt(variance / n);
  auto elo = [](double s) { return s <= 0 ? -999.0 : s >= 1 ? 999.0 : -400 * std::log10(1 / s - 1); };
  std::printf("%s: %d games, A +%d =%d -%d: %.1f%% +- %.1f%% (Elo %+.0f, %+.0f..%+.0f)", variant_name.c_str(), n,
              tally.wins, tally.draws, tally.losses, 100 * score, 100 * margin, elo(score), elo(score - margin),
              elo(score + margin));
  if (tally.capped) std::printf(", %d stopped at the ply cap", tally.capped);
  if (tally.forfeits_a || tally.forfeits_b) std::printf(", forfeits A %d B %d", tally.forfeits_a, tally.forfeits_b);
  std::printf("\n  adjudication: %s", adjudication.describe().c_str());
  std::fflush(stderr);
  std::printf("\n  endings:");
  for (const auto& [reason, count] : tally.reasons) std::printf(" %s %d;", reason.c_str(), count);
  std::printf("\n");
  return 0;
}
