// libFuzzer target: FEN parsing in every variant. The first byte picks the variant, the rest is
// the FEN. A FEN that parses must print a FEN that parses to the same position, and the position
// must answer every question a game asks of it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string_view>

#include "rules/position.h"

using namespace arbiter::rules;

namespace {

void fail(const char* what, std::string_view fen, std::string_view again) {
  std::fprintf(stderr, "%s\n  first:  %.*s\n  second: %.*s\n", what, int(fen.size()), fen.data(), int(again.size()),
               again.data());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& variants = all_variants();
  const Variant& variant = *variants[data[0] % variants.size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto pos = Position::from_fen(variant, text);
  if (!pos) return 0;
  const std::string fen = pos->fen();
  auto again = Position::from_fen(variant, fen);
  if (!again) fail("fen() printed a FEN that does not parse", fen, again.error());
  if (again->fen() != fen) fail("a FEN does not read back as itself", fen, again->fen());
  if (again->hash() != pos->hash()) fail("a FEN read back hashes differently", fen, again->fen());

  (void)pos->outcome();
  for (const Move& move : pos->legal_moves()) {
    const std::string uci = pos->uci(move);
    auto parsed = pos->parse_uci(uci);
    if (!parsed || !(*parsed == move)) fail("a legal move does not parse back from its UCI", fen, uci);
    (void)pos->san(move);
    Position next = *pos;
    next.play(move);
    (void)next.fen();
  }
  return 0;
}
