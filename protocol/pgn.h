#pragma once
// PGN export: the seven-tag roster, [Variant] and [FEN]/[SetUp] where the start is not
// standard chess, SAN movetext with move numbers, and the result. PROTOCOL.md gives the conventions.
#include <string>
#include <string_view>
#include <vector>

#include "match/match.h"

namespace arbiter::protocol {

// The [Variant] of the game the PGN standard itself describes: a file without the tag (or with
// lichess's "Standard") is that game, and from its usual start it needs no [FEN]. Which variant
// it is, its definition says (`pgn_variant`, rules/variants/builtin.toml), not a name here.
inline constexpr std::string_view kPgnOwnGame = "Chess";

// `evals`: an analysis's comment ("[%eval 0.32]") for the position after each ply (index 0: the
// start; protocol/eval_comments.h), written after each turn; empty: none.
std::string pgn(const match::Match& match, const std::vector<std::string>& evals = {});

// The movetext alone (no umpire's comments), ending in `result`: for `arbiter analyse`.
std::string annotated_movetext(const rules::Game& game, std::string_view result, const std::vector<std::string>& evals);

// The number of moves as the PGN and the page's move list number them: one for each side's turn,
// so a Centennial turn of two moves counts once.
int numbered_moves(const rules::Game& game);

}  // namespace arbiter::protocol
