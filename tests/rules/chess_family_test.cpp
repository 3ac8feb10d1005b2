// One test per rule of chess.md, capablanca.md and grand.md that perft alone would not pin down.
#include <doctest/doctest.h>

#include <algorithm>

#include "rules/game.h"

using namespace arbiter::rules;

namespace {

Position at(const char* variant, const std::string& fen) {
  auto pos = Position::from_fen(*find_variant(variant), fen);
  REQUIRE_MESSAGE(pos.ok(), fen << ": " << (pos.ok() ? "" : pos.error()));
  return *pos;
}

std::vector<std::string> moves_of(const Position& pos) {
  std::vector<std::string> out;
  for (const Move& m : pos.legal_moves()) out.push_back(pos.uci(m));
  std::sort(out.begin(), out.end());
  return out;
}

bool has(const Position& pos, const std::string& uci) { return pos.parse_uci(uci).ok(); }

std::vector<std::string> from_square(const Position& pos, const std::string& square) {
  std::vector<std::string> out;
  for (const std::string& m : moves_of(pos))
    if (m.rfind(square, 0) == 0 && !std::isdigit(static_cast<unsigned char>(m[square.size()]))) out.push_back(m);
  return out;
}

}  // namespace

TEST_CASE("castling: Capablanca's king moves three squares and the rook lands beside it") {
  auto pos = at("capablanca", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1");
  REQUIRE(has(pos, "f1i1"));
  REQUIRE(has(pos, "f1c1"));
  Position kingside = pos;
  kingside.play(*pos.parse_uci("f1i1"));
  CHECK(kingside.fen() == "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b kq - 1 1");
  Position queenside = pos;
  queenside.play(*pos.parse_uci("f1c1"));
  CHECK(queenside.fen() == "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/2KR5R b kq - 1 1");
  CHECK(pos.san(*pos.parse_uci("f1i1")) == "O-O");
  CHECK(pos.san(*pos.parse_uci("f1c1")) == "O-O-O");
}

TEST_CASE("castling: not out of, through or into attack; the rook itself may be attacked") {
  // A black rook on h6 attacks h1 (kingside path g1 h1 i1): no O-O; O-O-O still fine.
  auto through = at("capablanca", "r4k3r/ppppppp1pp/7r2/10/10/10/PPPPPPP1PP/R4K3R w KQkq - 0 1");
  CHECK_FALSE(has(through, "f1i1"));
  CHECK(has(through, "f1c1"));
  // A black rook on i6 attacks the landing square i1.
  auto into = at("capablanca", "r4k3r/pppppppp1p/8r1/10/10/10/PPPPPPPP1P/R4K3R w KQkq - 0 1");
  CHECK_FALSE(has(into, "f1i1"));
  // The rook on j1 attacked by a rook on j6: castling is allowed.
  auto rook_attacked = at("capablanca", "r4k3r/ppppppppp1/9r/10/10/10/PPPPPPPPP1/R4K3R w KQkq - 0 1");
  CHECK(has(rook_attacked, "f1i1"));
  // In check: no castling either way.
  auto check = at("chess", "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
  CHECK_FALSE(has(check, "e1g1"));
  CHECK_FALSE(has(check, "e1c1"));
  // A piece between king and rook blocks castling, even on b1.
  auto blocked = at("chess", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
  CHECK_FALSE(has(blocked, "e1c1"));
  CHECK(has(blocked, "e1g1"));
}

TEST_CASE("castling: the right is lost when the king or that rook moves or the rook is taken") {
  auto pos = at("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Game game(pos);
  REQUIRE(game.play("h1h2").ok());
  REQUIRE(game.play("a8a7").ok());
  REQUIRE(game.play("h2h1").ok());
  REQUIRE(game.play("a7a8").ok());
  CHECK(game.position().fen() == "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
  CHECK_FALSE(has(game.position(), "e1g1"));
  CHECK(has(game.position(), "e1c1"));
  auto capture = at("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  capture.play(*capture.parse_uci("a1a8"));
  CHECK(capture.fen() == "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
}

TEST_CASE("grand: promotion is optional on the 8th and 9th ranks and forced on the 10th") {
  // White has lost its queen, so Q is the only choice besides nothing.
  auto pos = at("grand", "4k5/10/10/P9/10/10/10/10/1NBRKCABN1/R9 w - - 0 1");
  CHECK(from_square(pos, "a7") == std::vector<std::string>{"a7a8", "a7a8q"});
  auto ninth = at("grand", "4k5/10/P9/10/10/10/10/10/1NBRKCABN1/R9 w - - 0 1");
  CHECK(from_square(ninth, "a8") == std::vector<std::string>{"a8a9", "a8a9q"});
  auto tenth = at("grand", "4k5/P9/10/10/10/10/10/10/1NBRKCABN1/R9 w - - 0 1");
  CHECK(from_square(tenth, "a9") == std::vector<std::string>{"a9a10q"});
}

TEST_CASE("grand: a pawn only promotes to a kind its side has lost") {
  // Full army except one rook: the only promotion is to a rook.
  auto pos = at("grand", "1k1r6/4P5/10/10/10/10/10/10/1NBQKCABN1/R9 w - - 0 1");
  CHECK(from_square(pos, "e9") == std::vector<std::string>{"e9d10r", "e9e10r"});
  // Nothing lost: the pawn on the 9th cannot move to the 10th at all...
  auto stuck = at("grand", "1k8/4P5/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1");
  CHECK(from_square(stuck, "e9").empty());
  // ...but still gives check from there: the king on d10 is attacked.
  auto black_to_move = at("grand", "3k6/4P5/10/10/10/10/10/10/1NBQKCABN1/R8R b - - 0 1");
  CHECK(black_to_move.in_check());
  CHECK(black_to_move.attacked(black_to_move.variant().geometry.parse("f10"), Color::White));
  // On the 8th with nothing to promote to, it simply stays a pawn.
  auto eighth = at("grand", "1k8/10/4P5/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1");
  CHECK(from_square(eighth, "e8") == std::vector<std::string>{"e8e9"});
}

TEST_CASE("en passant: captured square, and not when it would expose the king") {
  auto pos = at("chess", "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1");
  pos.play(*pos.parse_uci("a2a4"));
  CHECK(pos.fen() == "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1");
  REQUIRE(has(pos, "b4a3"));
  Position taken = pos;
  taken.play(*pos.parse_uci("b4a3"));
  CHECK(taken.fen() == "4k3/8/8/8/8/p7/8/4K3 w - - 0 2");
  CHECK(pos.san(*pos.parse_uci("b4a3")) == "bxa3");
  // Both pawns leave the 5th rank and open it to the rook: en passant would expose the king.
  auto pinned = at("chess", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
  CHECK_FALSE(has(pinned, "b5c6"));
  CHECK(has(pinned, "b5b6"));
  // The square is only kept when a pawn could take on it.
  auto nobody = at("chess", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
  nobody.play(*nobody.parse_uci("a2a4"));
  CHECK(nobody.fen() == "4k3/8/8/8/P7/8/8/4K3 b - - 0 1");
}

TEST_CASE("the fifty-move rule draws after 100 plies without capture or pawn move") {
  auto pos = at("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
  CHECK_FALSE(pos.outcome().over());
  pos.play(*pos.parse_uci("a1a2"));
  CHECK(pos.outcome().reason == Reason::FiftyMoves);
  CHECK(pos.outcome().score() == "1/2-1/2");
  // Checkmate on the hundredth ply is still checkmate.
  auto mate = at("chess", "k7/8/1K6/8/8/8/8/7R w - - 99 80");
  mate.play(*mate.parse_uci("h1h8"));
  CHECK(mate.outcome().reason == Reason::Checkmate);
}

TEST_CASE("threefold repetition draws; two occurrences do not") {
  Game game(Position::start(*find_variant("chess")));
  for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}) REQUIRE(game.play(m).ok());
  CHECK_FALSE(game.outcome().over());
  REQUIRE(game.play("f6g8").ok());
  CHECK(game.outcome().reason == Reason::Repetition);
}

TEST_CASE("insufficient material per variant") {
  auto reason = [](const char* variant, const char* fen) { return at(variant, fen).outcome().reason; };
  CHECK(reason("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1") == Reason::InsufficientMaterial);
  CHECK(reason("chess", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1") == Reason::InsufficientMaterial);
  CHECK(reason("chess", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1") == Reason::InsufficientMaterial);
  CHECK(reason("chess", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1") == Reason::InsufficientMaterial);  // both dark
  CHECK(reason("chess", "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1") == Reason::None);  // opposite colours
  CHECK(reason("chess", "4kn2/8/8/8/8/8/8/1N2K3 w - - 0 1") == Reason::None);
  CHECK(reason("capablanca", "5k4/10/10/10/10/10/10/5K4 w - - 0 1") == Reason::InsufficientMaterial);
  CHECK(reason("capablanca", "5k4/10/10/10/10/10/10/3B1K4 w - - 0 1") == Reason::InsufficientMaterial);
  CHECK(reason("capablanca", "5k4/10/10/10/10/10/10/3A1K4 w - - 0 1") == Reason::None);
  CHECK(reason("capablanca", "5k4/10/10/10/10/10/10/3C1K4 w - - 0 1") == Reason::None);
  CHECK(reason("capablanca", "4bk4/10/10/10/10/10/10/3B1K4 w - - 0 1") == Reason::None);  // K+B v K+B is not in the list
  CHECK(reason("grand", "4k5/10/10/10/10/10/10/10/10/4KN4 w - - 0 1") == Reason::InsufficientMaterial);
  CHECK(reason("grand", "4k5/10/10/10/10/10/10/10/10/4KR4 w - - 0 1") == Reason::None);
  CHECK(at("chess", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1").has_mating_material(Color::White) == false);
  CHECK(at("chess", "4k3/8/8/8/8/8/8/NN2K3 w - - 0 1").has_mating_material(Color::White) == true);
}

TEST_CASE("stalemate and checkmate") {
  auto stalemate = at("chess", "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1");
  CHECK(stalemate.outcome().reason == Reason::Stalemate);
  CHECK(stalemate.outcome().score() == "1/2-1/2");
  auto mate = at("capablanca", "k9/2K7/1A8/10/10/10/10/10 b - - 0 1");
  CHECK(mate.outcome().reason == Reason::Checkmate);
  CHECK(mate.outcome().score() == "1-0");
}

TEST_CASE("FEN round trips and clear errors") {
  for (const Variant* v : all_variants()) CHECK(Position::start(*v).fen() == v->start_fen);
  for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"})
    CHECK(at("chess", fen).fen() == fen);
  CHECK(at("grand", "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3").fen() ==
        "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3");
  const Variant& chess = *find_variant("chess");
  for (const char* bad : {"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w KQkq - 0 1",
                          "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
                          "4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
                          "4k3/8/8/8/8/8/8/4K3 w - - P 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra"}) {
    auto pos = Position::from_fen(chess, bad);
    CHECK_MESSAGE(!pos.ok(), bad);
    if (!pos.ok()) CHECK(!pos.error().empty());
  }
}

TEST_CASE("legal_sans: san() of each legal move, in legal_moves()'s order, in every variant") {
  for (const Variant* variant : all_variants()) {
    CAPTURE(variant->name);
    auto game = Game(Position::start(*variant));
    for (int ply = 0; ply < 12; ++ply) {
      const Position& pos = game.position();
      const auto moves = pos.legal_moves();
      if (moves.empty()) break;
      const auto sans = pos.legal_sans();
      REQUIRE(sans.size() == moves.size());
      for (std::size_t i = 0; i < moves.size(); ++i) CHECK(sans[i] == pos.san(moves[i]));
      game.play(moves[moves.size() / 2]);
    }
  }
}

TEST_CASE("SAN: disambiguation by file, rank or square; captures, promotion, check and mate") {
  auto knights = at("chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  CHECK(knights.san(*knights.parse_uci("b1d2")) == "Nbd2");
  auto rooks = at("chess", "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1");
  CHECK(rooks.san(*rooks.parse_uci("a1a4")) == "R1a4");
  auto queens = at("chess", "1k6/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1");
  CHECK(queens.san(*queens.parse_uci("a4d4")) == "Qa4d4");  // a1 shares the file, h4 the rank
  CHECK(queens.san(*queens.parse_uci("h4d8")) == "Qd8+");
  auto promote = at("chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(promote.san(*promote.parse_uci("e7d8q")) == "exd8=Q+");
  auto mate = at("chess", "k7/8/1K6/8/8/8/8/7R w - - 0 1");
  CHECK(mate.san(*mate.parse_uci("h1h8")) == "Rh8#");
  auto capa = at("capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
  CHECK(capa.san(*capa.parse_uci("c1d3")) == "Ad3");
}

TEST_CASE("UCI input: malformed and illegal moves are errors with a reason") {
  auto pos = Position::start(*find_variant("grand"));
  CHECK(pos.parse_uci("e3e5").ok());
  CHECK(pos.parse_uci("e3e4").ok());
  for (const char* bad : {"", "e3", "e3e6", "z1z2", "e3e4q", "e3e4qq", "e0e1", "e11e12", "a10a11"}) {
    auto m = pos.parse_uci(bad);
    CHECK_MESSAGE(!m.ok(), bad);
  }
  CHECK(pos.parse_uci("e3e6").error() == "illegal move: e3e6");
}
