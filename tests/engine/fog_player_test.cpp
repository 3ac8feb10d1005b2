// The Fog of War computer (engine/fog_view.h, fog_belief.h, fog_player.h): its view holds only
// what a seat sees, its belief agrees with every sight, it plays only legal moves on every fog
// board, takes a king in sight, and cannot see into the fog: two games that differ only behind it
// get identical play from the same seed.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>

#include "engine/fog_belief.h"
#include "engine/fog_player.h"
#include "engine/level.h"
#include "engine/search.h"
#include "rules/fog.h"
#include "rules/game.h"

using namespace arbiter;
using engine::FogPlayer;
using engine::FogSight;
using engine::FogView;
using rules::Color;
using rules::Position;

namespace {

constexpr Color White = Color::White, Black = Color::Black;

const rules::Variant& variant(const char* name) {
  const rules::Variant* v = rules::find_variant(name);
  REQUIRE(v);
  return *v;
}

// A game with each seat's sights, kept as the server would keep them.
struct FogGame {
  explicit FogGame(const rules::Variant& v) : game(Position::start(v)) {
    for (Color c : {White, Black}) sights[rules::index(c)].push_back(engine::fog_sight(game.position(), c));
  }
  void play(const std::string& uci) {
    INFO(uci);
    const Color mover = game.position().side_to_move();
    REQUIRE(game.play(uci).ok());
    for (Color c : {White, Black}) sights[rules::index(c)].push_back(engine::fog_sight(game.position(), c, c == mover ? uci : ""));
  }
  FogView view(Color seat) const {
    auto v = FogView::make(game.position().variant(), seat, sights[rules::index(seat)]);
    REQUIRE_MESSAGE(v.ok(), (v.ok() ? "" : v.error()));
    return *v;
  }
  rules::Game game;
  std::array<std::vector<FogSight>, 2> sights;
};

std::string decide(FogPlayer& player, const FogView& view) {
  const std::atomic<bool> stop{false};
  auto move = player.decide(view, stop);
  REQUIRE_MESSAGE(move.ok(), (move.ok() ? "" : move.error()));
  return *move;
}

}  // namespace

TEST_CASE("a sight holds the squares a seat sees and only the men on them") {
  const rules::Variant& v = variant("fog-chess");
  FogGame g(v);
  g.play("e2e4");
  const FogSight sight = g.sights[rules::index(White)].back();
  CHECK(sight.seen == rules::visible_squares(g.game.position(), White));
  CHECK(sight.own_move == "e2e4");
  int shown = 0;
  for (rules::Square s = 0; s < v.geometry.size(); ++s)
    if (auto man = sight.man_at(s)) {
      ++shown;
      CHECK((sight.seen & rules::bit(s)) != 0);
      CHECK(man->kind == g.game.position().piece_at(s)->kind);
    }
  CHECK(shown == 16);  // White's men; no black man is in reach after 1.e4
  CHECK(g.sights[rules::index(Black)].back().own_move.empty());
}

TEST_CASE("a view refuses what a seat does not see or a history that does not hang together") {
  const rules::Variant& v = variant("fog-chess");
  FogGame g(v);
  g.play("e2e4");
  auto sights = g.sights[rules::index(White)];
  auto with_hidden_man = sights;
  const rules::Square h7 = v.geometry.parse("h7");
  REQUIRE(!(with_hidden_man.back().seen & rules::bit(h7)));
  with_hidden_man.back().board[h7] = 32;  // a black man on a square White does not see
  CHECK(!FogView::make(v, White, with_hidden_man).ok());
  auto without_own_move = sights;
  without_own_move.back().own_move.clear();
  CHECK(!FogView::make(v, White, without_own_move).ok());
  auto told_their_move = g.sights[rules::index(Black)];
  told_their_move.back().own_move = "e2e4";
  CHECK(!FogView::make(v, Black, told_their_move).ok());
  auto out_of_turn = sights;
  out_of_turn.back().to_move = White;
  CHECK(!FogView::make(v, White, out_of_turn).ok());
  CHECK(!FogView::make(variant("chess"), White, sights).ok());
  CHECK(FogView::make(v, White, sights).ok());
}

TEST_CASE("a seat learns which of its men the opponent took") {
  FogGame g(variant("fog-chess"));
  for (const char* uci : {"e2e4", "d7d5", "a2a3"}) g.play(uci);
  CHECK(g.view(White).own_losses(3).empty());
  g.play("d5e4");
  const auto lost = g.view(White).own_losses(4);
  REQUIRE(lost.size() == 1);
  CHECK(lost[0].first == g.game.position().variant().geometry.parse("e4"));
  CHECK(g.game.position().variant().kinds[lost[0].second].pawn);
}

TEST_CASE("every sample shows the seat what it sees and holds the opponent's men not taken") {
  for (const char* name : {"fog-chess", "fog-capablanca"}) {
    CAPTURE(std::string(name));
    const rules::Variant& v = variant(name);
    FogGame g(v);
    engine::FogBelief belief(v, White, 3, 48);
    engine::KriegspielRandom rng(11);
    for (int ply = 0; ply < 40 && !g.game.outcome().over(); ++ply) {
      const auto& moves = g.game.legal_moves();
      g.play(g.game.position().uci(moves[rng.below(moves.size())]));
      belief.see(g.sights[rules::index(White)].back());
      if (belief.give_ups() > 0) break;
      const Position& real = g.game.position();
      for (const Position& sample : belief.samples()) {
        REQUIRE(engine::shows(sample, White, g.sights[rules::index(White)].back()));
        CHECK(rules::popcount(sample.pieces(Black)) == rules::popcount(real.pieces(Black)));
      }
    }
    CHECK(belief.give_ups() == 0);
  }
}

TEST_CASE("the search counts a king taken as a decided game") {
  const rules::Variant& v = variant("fog-chess");
  engine::Searcher searcher(2);
  const std::atomic<bool> stop{false};
  auto scored_in = [&](const char* fen) {
    auto position = Position::from_fen(v, fen);
    REQUIRE(position.ok());
    searcher.clear();
    auto scored = searcher.score_moves(rules::Game(*position), engine::Limits{2, 0, 0, std::nullopt}, stop);
    REQUIRE(!scored.empty());
    return std::pair{*position, scored};
  };
  // White's king is attacked by the queen beside it, and White's queen reaches Black's king.
  auto [taking, taking_scores] = scored_in("4k3/8/8/8/Q7/8/3q4/4K3 w - - 0 1");
  CHECK(taking.uci(taking_scores.front().move) == "a4e8");
  CHECK(engine::mate_plies(taking_scores.front().score).value_or(0) > 0);
  // No king in reach: every move but taking the attacker leaves White's king to be taken.
  auto [saving, saving_scores] = scored_in("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1");
  CHECK(saving.uci(saving_scores.front().move) == "e1e2");
  for (std::size_t i = 1; i < saving_scores.size(); ++i) CHECK(engine::mate_plies(saving_scores[i].score).value_or(0) < 0);
  // Nb3 leaves White no move at all with its king attacked: without check that is a stalemate,
  // a draw (the rules' outcome), not a mate.
  auto [boxing, boxing_scores] = scored_in("7k/8/8/2n5/p7/P2p4/RP1P4/KRB5 b - - 0 1");
  auto boxed = boxing;
  boxed.play(*boxed.parse_uci("c5b3"));
  REQUIRE(boxed.outcome().result == rules::Outcome::Result::Draw);
  const auto nb3 = std::find_if(boxing_scores.begin(), boxing_scores.end(),
                                [&](const auto& scored) { return boxing.uci(scored.move) == "c5b3"; });
  REQUIRE(nb3 != boxing_scores.end());
  CHECK(nb3->score == 0);
}

TEST_CASE("the player takes a king in sight, at every level") {
  for (int level = engine::kMinLevel; level <= engine::kMaxLevel; ++level) {
    CAPTURE(level);
    FogGame g(variant("fog-chess"));
    FogPlayer player(level, engine::fog_level(level));
    for (const char* uci : {"e2e4", "f7f5", "d1h5", "a7a6"}) g.play(uci);  // h5 sees g6, f7 and the king on e8
    CHECK(decide(player, g.view(White)) == "h5e8");
  }
}

TEST_CASE("two games that differ only behind the fog get identical play from the same seed") {
  const rules::Variant& v = variant("fog-chess");
  // Black's first moves differ on squares White does not see after 1.e4, and the games go on
  // with the same moves, none of which brings the difference into White's sight. The computer
  // decides for White in both games at every turn.
  FogGame a(v), b(v);
  for (FogGame* g : {&a, &b}) g->play("e2e4");
  a.play("b7b6");
  b.play("g7g6");
  const char* script[] = {"a2a3", "b8c6", "h2h3", "g8f6", "a3a4", "a7a6", "h3h4", "h7h6", "g1f3", "c6b8", "b1c3", "f6g8"};
  FogPlayer in_a(42, engine::fog_level(8)), in_b(42, engine::fog_level(8));
  for (const char* uci : script) {
    REQUIRE(a.sights[rules::index(White)] == b.sights[rules::index(White)]);
    REQUIRE(a.game.position().fen() != b.game.position().fen());
    if (a.view(White).my_turn()) CHECK(decide(in_a, a.view(White)) == decide(in_b, b.view(White)));
    for (FogGame* g : {&a, &b}) g->play(uci);
  }
  // A fresh player handed the whole view plays as the one that followed the game turn by turn.
  REQUIRE(a.view(White).my_turn());
  FogPlayer fresh(42, engine::fog_level(8));
  CHECK(decide(fresh, a.view(White)) == decide(in_a, a.view(White)));
}

TEST_CASE("the player plays only legal moves, a few hundred plies on every fog board") {
  for (const char* name : {"fog-chess", "fog-capablanca", "fog-grand", "fog-circular", "fog-byzantine"}) {
    CAPTURE(std::string(name));
    const rules::Variant& v = variant(name);
    engine::KriegspielRandom rng(7);
    int plies = 0, games = 0;
    while (plies < 300) {
      FogGame g(v);
      const Color computer = games % 2 ? Black : White;
      FogPlayer player(std::uint64_t(games), engine::fog_level(games % 2 ? 3 : 1));
      ++games;
      for (int ply = 0; ply < 200 && !g.game.outcome().over(); ++ply, ++plies) {
        const Color mover = g.game.position().side_to_move();
        if (mover == computer) {
          const std::string move = decide(player, g.view(computer));
          CAPTURE(move);
          CHECK(g.game.position().parse_uci(move).ok());
          g.play(move);
        } else {
          const auto& moves = g.game.legal_moves();
          g.play(g.game.position().uci(moves[rng.below(moves.size())]));
        }
      }
    }
  }
}

TEST_CASE("a stopped decision still plays a legal move, from the samples searched") {
  FogGame g(variant("fog-chess"));
  for (const char* uci : {"e2e4", "e7e5", "g1f3", "b8c6"}) g.play(uci);
  const std::atomic<bool> stopped{true};
  FogPlayer player(3, engine::fog_level(8));
  auto move = player.decide(g.view(White), stopped);
  REQUIRE(move.ok());
  CHECK(g.game.position().parse_uci(*move).ok());
}

TEST_CASE("levels run 1 to 8") {
  CHECK(engine::fog_level(1).random_percent > engine::fog_level(8).random_percent);
  CHECK(engine::fog_level(1).searched < engine::fog_level(8).searched);
  CHECK_THROWS(engine::fog_level(0));
  CHECK_THROWS(engine::fog_level(9));
}
