// Squares' names and moves' coordinates, appended in place or returned as strings alike.
#include <doctest/doctest.h>

#include <string>

#include "rules/position.h"
#include "rules/variant.h"

using namespace arbiter::rules;

TEST_CASE("notation: a square's name is its file's letter and its rank's number, appended or returned alike") {
  for (auto [files, ranks] : {std::pair{8, 8}, std::pair{10, 10}, std::pair{2, 64}}) {
    const Geometry geometry(files, ranks, false);
    for (Square s = 0; s < geometry.size(); ++s) {
      const std::string name = geometry.name(s);
      CAPTURE(name);
      CHECK(name == std::string(1, char('a' + geometry.file_of(s))) + std::to_string(geometry.rank_of(s) + 1));
      CHECK(geometry.parse(name) == s);
      std::string appended = "x";
      geometry.append_name(appended, s);
      CHECK(appended == "x" + name);
    }
  }
}

TEST_CASE("notation: every legal move's coordinates read back as that move, appended or returned alike") {
  // Grand: a 10x10 board (two-digit ranks) and promotions within a few moves.
  for (const char* name : {"chess", "grand"}) {
    const Variant* variant = find_variant(name);
    REQUIRE(variant);
    Position position = Position::start(*variant);
    for (int ply = 0; ply < 40 && !position.legal_moves().empty(); ++ply) {
      const auto legal = position.legal_moves();
      for (const Move& move : legal) {
        const std::string uci = position.uci(move);
        CAPTURE(uci);
        auto read = position.parse_uci(uci);
        REQUIRE(read.ok());
        CHECK(position.uci(read.value()) == uci);
        CHECK((read.value().from == move.from && read.value().to == move.to && read.value().promotion == move.promotion));
        std::string appended = "[";
        position.append_uci(appended, move);
        CHECK(appended == "[" + uci);
      }
      position.play(legal[static_cast<std::size_t>(ply * 7) % legal.size()]);
    }
  }
}
