// libFuzzer target: an operator's variants file (rules/VARIANTS.md). Whatever loads must play: from
// each variant's start, a walk of legal moves chosen by the input's hash, where every position's
// moves fit the bound from_fen checked and parse back from their UCI, the move played has a SAN,
// and every FEN printed reads back as itself.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "rules/position.h"
#include "rules/variant_file.h"
#include "tests/fuzz/fuzz_support.h"

using namespace arbiter::rules;
using arbiter::fuzz::fail;

namespace {

void walk(const Variant& variant, std::size_t seed) {
  Position pos = Position::start(variant);
  for (int ply = 0; ply < 40; ++ply) {
    const std::string fen = pos.fen();
    auto again = Position::from_fen(variant, fen);
    if (!again || again->fen() != fen) fail(variant.name + ": a FEN does not read back as itself: " + fen);
    (void)pos.outcome();
    const auto moves = pos.legal_moves();
    if (int(moves.size()) > pos.move_bound(pos.side_to_move())) fail(variant.name + ": more moves than the bound in " + fen);
    for (const Move& move : moves) {
      const std::string uci = pos.uci(move);
      auto parsed = pos.parse_uci(uci);
      if (!parsed || !(*parsed == move)) fail(variant.name + ": " + uci + " does not parse back in " + fen);
    }
    if (moves.empty()) return;
    seed = seed * 6364136223846793005u + 1442695040888963407u;
    const Move& chosen = moves[(seed >> 33) % moves.size()];
    (void)pos.san(chosen);  // of the move played only: a SAN plays the move to see check and mate
    pos.play(chosen);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const VariantFile file = load_variant_file(text);
  const std::size_t seed = std::hash<std::string_view>{}(text);
  for (const Variant& variant : file.variants) walk(variant, seed);
  return 0;
}
