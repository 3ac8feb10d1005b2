// libFuzzer target: moves in coordinate notation against real positions. The first byte picks the
// variant; the rest is words (split at spaces and newlines) tried in turn from its start, as a
// player's moves would be: by the game for every variant, and as tries to the umpire for hidden
// ones ("any" asks "Are there any?"). A word that parses must be a legal move that prints back as that word (a spearman's
// facing suffix naming its own facing aside).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "rules/game.h"
#include "rules/kriegspiel.h"

using namespace arbiter::rules;

namespace {

void fail(const char* what, const Position& pos, std::string_view word) {
  std::fprintf(stderr, "%s: '%.*s' in %s\n", what, int(word.size()), word.data(), pos.fen().c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& variants = all_variants();
  const Variant& variant = *variants[data[0] % variants.size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  Game game(Position::start(variant));
  Umpire umpire(Position::start(variant));
  std::size_t start = 0;
  while (start <= text.size() && !game.outcome().over()) {
    std::size_t end = text.find_first_of(" \n", start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(start, end - start);
    start = end + 1;

    const Position before = game.position();
    auto move = before.parse_uci(word);
    if (move) {
      if (!before.is_legal(*move)) fail("parse_uci returned an illegal move", before, word);
      const std::string printed = before.uci(*move);
      if (printed != word && printed != word.substr(0, word.size() - 1)) fail("a move prints as another word", before, word);
      if (!game.play(word)) fail("Game::play refused a move parse_uci accepted", before, word);
    } else if (game.play(word)) {
      fail("Game::play accepted a move parse_uci refused", before, word);
    } else if (game.position().fen() != before.fen()) {
      fail("a refused move changed the position", before, word);
    }
    if (variant.visibility == Visibility::Umpire) {
      if (word == "any") (void)umpire.ask_any(umpire.to_move());
      else (void)umpire.try_move(umpire.to_move(), word);
    }
  }
  // The umpire's record replays to the same answers, as a restarted server needs.
  if (variant.visibility == Visibility::Umpire && !Umpire::replay(Position::start(variant), umpire.record()))
    fail("the umpire's record does not replay", umpire.game().position(), "");
  return 0;
}
