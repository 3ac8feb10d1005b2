// No input crashes the rules library: mutated FENs and move strings, for every variant. Whatever
// from_fen accepts must generate moves, play them, and print a FEN that reads back the same.
#include <doctest/doctest.h>

#include <random>

#include "rules/game.h"

using namespace arbiter::rules;

namespace {

std::string mutate(std::string text, std::mt19937& rng) {
  static const std::string alphabet = "pnbrqkacosmldfevPNBRQKACOSMLDFEV0123456789/- wbKQkq,";
  int edits = std::uniform_int_distribution<int>(1, 4)(rng);
  for (int i = 0; i < edits; ++i) {
    std::size_t at = text.empty() ? 0 : std::uniform_int_distribution<std::size_t>(0, text.size() - 1)(rng);
    char c = alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
    switch (std::uniform_int_distribution<int>(0, 2)(rng)) {
      case 0: if (!text.empty()) text[at] = c; break;
      case 1: text.insert(text.begin() + at, c); break;
      default: if (!text.empty()) text.erase(at, 1); break;
    }
  }
  return text;
}

}  // namespace

TEST_CASE("robustness: mutated FENs are refused with a reason or accepted whole") {
  std::mt19937 rng(7);
  for (const Variant* variant : all_variants()) {
    int accepted = 0;
    for (int i = 0; i < 3000; ++i) {
      std::string fen = mutate(variant->start_fen, rng);
      auto pos = Position::from_fen(*variant, fen);
      if (!pos.ok()) {
        CHECK_MESSAGE(!pos.error().empty(), fen);
        continue;
      }
      ++accepted;
      auto again = Position::from_fen(*variant, pos->fen());
      REQUIRE_MESSAGE(again.ok(), variant->name << ": " << fen << " printed as " << pos->fen());
      CHECK(again->fen() == pos->fen());
      CHECK(again->hash() == pos->hash());
      for (const Move& m : pos->legal_moves()) {
        Position next = *pos;
        CHECK(!pos->san(m).empty());
        next.play(m);
        next.legal_moves();
        next.outcome();
      }
    }
    MESSAGE(variant->name << ": " << accepted << " of 3000 mutated FENs accepted");
  }
}

TEST_CASE("robustness: arbitrary move strings are errors, never crashes") {
  std::mt19937 rng(11);
  static const std::string alphabet = "abcdefghijklmnop0123456789qrbnmldo ";
  for (const Variant* variant : all_variants()) {
    Position pos = Position::start(*variant);
    for (int i = 0; i < 2000; ++i) {
      std::string text;
      int length = std::uniform_int_distribution<int>(0, 8)(rng);
      for (int j = 0; j < length; ++j) text += alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
      auto move = pos.parse_uci(text);
      if (move.ok()) CHECK(pos.is_legal(*move));
      else CHECK(!move.error().empty());
    }
  }
}
