// `arbiter uci`: the engine over the Universal Chess Interface on stdin/stdout, for engine GUIs
// and for the benchmarks against Fairy-Stockfish. The search runs on its own thread so that
// `stop`, `isready` and `quit` are answered while it thinks. `VariantPath` loads a variants file
// (rules/VARIANTS.md) as Fairy-Stockfish's option of that name loads a variants.ini.
#include <algorithm>
#include <atomic>
#include <charconv>
#include <condition_variable>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/commands.h"
#include "app/variants_file.h"
#include "engine/level.h"
#include "engine/search.h"
#include "rules/default_variant.h"
#include "rules/game.h"

namespace arbiter {

namespace {

std::optional<std::int64_t> number(const std::string& text) {
  std::int64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return n;
}

class UciSession {
 public:
  int run(std::istream& in);

 private:
  void say(const std::string& line) {
    std::lock_guard lock(output_);
    std::cout << line << '\n' << std::flush;
  }
  void identify();
  void set_option(std::istringstream& words);
  void load_variants(const std::string& path);
  const rules::Variant* find_variant(const std::string& name) const;
  void set_position(std::istringstream& words);
  void go(std::istringstream& words);
  void stop_search();
  void report(const engine::SearchInfo& info);
  std::string line_of(const std::vector<rules::Move>& moves) const;

  std::mutex output_;
  // The variants of VariantPath files, the latest file's first when names repeat. Kept for the
  // session's life: a game or the engine's caches may still point at one a later file replaced.
  std::vector<std::unique_ptr<const rules::Variant>> loaded_;
  const rules::Variant* variant_ = &rules::default_variant();
  std::optional<rules::Game> game_{rules::Game(rules::Position::start(*variant_))};
  engine::Searcher searcher_{16};
  // The level played: Skill Level's, or with UCI_LimitStrength the level rated nearest UCI_Elo.
  int level() const { return limit_strength_ ? engine::level_for_rating(elo_) : skill_; }
  static inline const int kLowestElo = engine::level_rating(engine::kMinLevel);
  static inline const int kHighestElo = engine::level_rating(engine::kMaxLevel);

  int skill_ = engine::kMaxLevel;
  bool limit_strength_ = false;
  int elo_ = kLowestElo;
  std::uint64_t seed_ = 1;
  std::thread thinking_;
  std::atomic<bool> stop_{false};
  // `go infinite` holds its bestmove until `stop`, even when the search ends by itself.
  std::mutex wait_;
  std::condition_variable stopped_;
};

void UciSession::identify() {
  say("id name Arbiter");
  say("id author the Arbiter authors");
  std::string variants = "option name UCI_Variant type combo default " + std::string(rules::kDefaultVariant);
  std::vector<std::string> names;
  for (const rules::Variant* v : rules::all_variants()) names.push_back(v->name);
  for (const auto& v : loaded_)
    if (std::find(names.begin(), names.end(), v->name) == names.end()) names.push_back(v->name);
  for (const std::string& name : names)
    if (find_variant(name)->visibility == rules::Visibility::Open) variants += " var " + name;  // UCI shows the whole board
  say(variants);
  say("option name VariantPath type string default <empty>");
  say("option name Skill Level type spin default " + std::to_string(engine::kMaxLevel) + " min " +
      std::to_string(engine::kMinLevel) + " max " + std::to_string(engine::kMaxLevel));
  say("option name UCI_LimitStrength type check default false");
  say("option name UCI_Elo type spin default " + std::to_string(kLowestElo) + " min " + std::to_string(kLowestElo) +
      " max " + std::to_string(kHighestElo));
  say("option name Hash type spin default 16 min 1 max 4096");
  say("uciok");
}

void UciSession::set_option(std::istringstream& words) {
  std::string word, name, value;
  words >> word;  // "name"
  while (words >> word && word != "value") name += (name.empty() ? "" : " ") + word;
  std::getline(words >> std::ws, value);
  if (name == "UCI_Variant") {
    const rules::Variant* v = find_variant(value);
    if (!v) return say("info string unknown variant '" + value + "'");
    if (v->visibility != rules::Visibility::Open)
      return say("info string " + v->name + " is not playable over UCI: its players see only part of the board");
    variant_ = v;
    game_.emplace(rules::Position::start(*variant_));
    searcher_.clear();
  } else if (name == "VariantPath") {
    if (!value.empty() && value != "<empty>") load_variants(value);
  } else if (name == "Skill Level") {
    auto n = number(value);
    if (!n || *n < engine::kMinLevel || *n > engine::kMaxLevel) return say("info string Skill Level must be 1 to 8");
    skill_ = int(*n);
  } else if (name == "UCI_LimitStrength") {
    if (value != "true" && value != "false") return say("info string UCI_LimitStrength must be true or false");
    limit_strength_ = value == "true";
  } else if (name == "UCI_Elo") {
    auto n = number(value);
    if (!n || *n < kLowestElo || *n > kHighestElo)
      return say("info string UCI_Elo must be " + std::to_string(kLowestElo) + " to " + std::to_string(kHighestElo));
    elo_ = int(*n);
  } else if (name == "Hash") {
    auto n = number(value);
    if (!n || *n < 1 || *n > 4096) return say("info string Hash must be 1 to 4096 (MB)");
    searcher_.set_hash(std::size_t(*n));
  } else {
    say("info string unknown option '" + name + "'");
  }
}

// Every error of a bad file is said, and nothing of it is loaded.
void UciSession::load_variants(const std::string& path) {
  LoadedVariants loaded = read_variants_file(path);
  for (std::size_t i = 0; i < loaded.file.errors.size(); ++i) say("info string VariantPath: " + loaded.error(i));
  if (!loaded.file.errors.empty()) return;
  std::string names;
  for (rules::Variant& v : loaded.file.variants) {
    names += " " + v.name;
    loaded_.push_back(std::make_unique<const rules::Variant>(std::move(v)));
  }
  say("info string VariantPath: " + std::to_string(loaded.file.variants.size()) + " variants from " + path + ":" + names);
}

const rules::Variant* UciSession::find_variant(const std::string& name) const {
  for (auto v = loaded_.rbegin(); v != loaded_.rend(); ++v)
    if ((*v)->name == name) return v->get();
  return rules::find_variant(name);
}

void UciSession::set_position(std::istringstream& words) {
  std::string word, fen;
  words >> word;
  if (word == "fen") {
    while (words >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
  } else if (word == "startpos") {
    fen = variant_->start_fen;
    words >> word;
  } else {
    return say("info string position needs 'startpos' or 'fen'");
  }
  std::vector<std::string> moves;
  if (word == "moves")
    while (words >> word) moves.push_back(word);
  auto game = rules::Game::from(*variant_, fen, moves);
  if (!game) {
    game_.reset();
    return say("info string bad position: " + game.error());
  }
  game_.emplace(std::move(game).value());
}

std::string UciSession::line_of(const std::vector<rules::Move>& moves) const {
  std::string out;
  rules::Position pos = game_->position();
  for (const rules::Move& m : moves) {
    if (!pos.is_legal(m)) break;
    if (!out.empty()) out += ' ';
    out += pos.uci(m);
    pos.play(m);
  }
  return out;
}

void UciSession::report(const engine::SearchInfo& info) {
  std::string score;
  if (auto plies = engine::mate_plies(info.score)) score = "mate " + std::to_string(*plies > 0 ? (*plies + 1) / 2 : *plies / 2);
  else score = "cp " + std::to_string(info.score);
  const std::int64_t nps = info.time_ms > 0 ? std::int64_t(info.nodes * 1000 / info.time_ms) : 0;
  say("info depth " + std::to_string(info.depth) + " score " + score + " nodes " + std::to_string(info.nodes) +
      " nps " + std::to_string(nps) + " time " + std::to_string(info.time_ms) + " pv " + line_of(info.pv));
}

void UciSession::go(std::istringstream& words) {
  stop_search();
  if (!game_) return say("info string no position: send a valid 'position' first"), say("bestmove (none)");
  engine::Limits limits;
  engine::Clock clock;
  bool clocked = false, infinite = false;
  for (std::string word; words >> word;) {
    if (word == "infinite") {
      infinite = true;
      continue;
    }
    std::string text;
    words >> text;
    auto n = number(text);
    if (!n || *n < 0) return say("info string go " + word + " needs a whole number"), say("bestmove (none)");
    if (word == "depth") limits.depth = int(*n);
    else if (word == "nodes") limits.nodes = std::uint64_t(*n);
    else if (word == "movetime") limits.movetime_ms = *n;
    else if (word == "wtime") clock.wtime = *n, clocked = true;
    else if (word == "btime") clock.btime = *n, clocked = true;
    else if (word == "winc") clock.winc = *n;
    else if (word == "binc") clock.binc = *n;
    else if (word == "movestogo") clock.moves_to_go = int(*n);
    else return say("info string go: unknown limit '" + word + "'"), say("bestmove (none)");
  }
  if (clocked) limits.clock = clock;
  stop_ = false;
  thinking_ = std::thread([this, limits, infinite, game = *game_, level = level()] {
    engine::SearchResult result;
    if (level < engine::kMaxLevel) {
      result = engine::play_level(searcher_, game, level, limits.clock, stop_, seed_++);
    } else {
      result = searcher_.search(game, limits, stop_, [this](const engine::SearchInfo& info) { report(info); });
    }
    if (infinite) {
      std::unique_lock lock(wait_);
      stopped_.wait(lock, [this] { return stop_.load(); });
    }
    say("bestmove " + (result.best ? game.position().uci(*result.best) : std::string("(none)")));
  });
}

void UciSession::stop_search() {
  if (!thinking_.joinable()) return;
  {
    std::lock_guard lock(wait_);
    stop_ = true;
  }
  stopped_.notify_all();
  thinking_.join();
}

int UciSession::run(std::istream& in) {
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string command;
    if (!(words >> command)) continue;
    if (command == "uci") identify();
    else if (command == "isready") say("readyok");
    else if (command == "setoption") stop_search(), set_option(words);
    else if (command == "ucinewgame") stop_search(), searcher_.clear(), game_.emplace(rules::Position::start(*variant_));
    else if (command == "position") stop_search(), set_position(words);
    else if (command == "go") go(words);
    else if (command == "stop") stop_search();
    else if (command == "quit") break;
    else say("info string unknown command '" + command + "'");
  }
  stop_search();
  return 0;
}

}  // namespace

int uci_command(const Args& args) {
  if (!args.empty()) {
    std::cerr << "arbiter: uci takes no options\n";
    return 2;
  }
  return UciSession().run(std::cin);
}

}  // namespace arbiter
