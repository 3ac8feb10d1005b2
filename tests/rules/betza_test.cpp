#include "rules/betza.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <tuple>

using namespace arbiter::rules;

namespace {

BetzaMoves parsed(std::string_view text) {
  BetzaResult result = parse_betza(text);
  if (auto* error = std::get_if<BetzaError>(&result)) FAIL(text << ": " << error->message());
  return std::get<BetzaMoves>(result);
}
std::vector<Leg> parsed_legs(std::string_view text) { return parsed(text).legs; }

using LegSet = std::set<std::tuple<int, int, bool, Mode>>;

LegSet legs_of(const std::vector<Leg>& legs) {
  LegSet out;
  for (const Leg& l : legs) {
    CHECK_FALSE(l.special());  // LegSet does not tell them: special legs are checked one by one
    out.insert({l.df, l.dr, l.slide, l.mode});
  }
  return out;
}

// Every rotation and reflection of the step (a, b), as a leap or a slide.
std::vector<Leg> symmetric(int a, int b, bool slide, Mode mode) {
  std::set<std::pair<int, int>> steps;
  for (int sa : {-1, 1})
    for (int sb : {-1, 1}) {
      steps.insert({sa * a, sb * b});
      steps.insert({sb * b, sa * a});
    }
  std::vector<Leg> legs;
  for (auto [df, dr] : steps) legs.push_back({df, dr, slide, mode});
  return legs;
}
std::vector<Leg> leaper(int a, int b, Mode mode = Mode::Both) { return symmetric(a, b, false, mode); }
std::vector<Leg> rider(int a, int b, Mode mode = Mode::Both) { return symmetric(a, b, true, mode); }
std::vector<Leg> operator+(std::vector<Leg> a, const std::vector<Leg>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

using SpecialSet = std::set<std::tuple<int, int, bool, Mode, int, Hop, bool>>;
SpecialSet specials(std::string_view text) {
  SpecialSet out;
  for (const Leg& l : parsed_legs(text)) out.insert({l.df, l.dr, l.slide, l.mode, l.range, l.hop, l.lame});
  return out;
}


LegSet legs(std::string_view text) { return legs_of(parsed(text).legs); }

BetzaError error_of(std::string_view text) {
  BetzaResult result = parse_betza(text);
  REQUIRE_MESSAGE(std::holds_alternative<BetzaError>(result), text << " was accepted");
  return std::get<BetzaError>(result);
}

}  // namespace

TEST_CASE("betza: the chess pieces are our builders' legs") {
  CHECK(legs("K") == legs_of(leaper(1, 0) + leaper(1, 1)));
  CHECK(legs("Q") == legs_of(rider(1, 0) + rider(1, 1)));
  CHECK(legs("R") == legs_of(rider(1, 0)));
  CHECK(legs("WW") == legs_of(rider(1, 0)));
  CHECK(legs("B") == legs_of(rider(1, 1)));
  CHECK(legs("F0") == legs_of(rider(1, 1)));
  CHECK(legs("N") == legs_of(leaper(2, 1)));
  CHECK(legs("BN") == legs_of(rider(1, 1) + leaper(2, 1)));
  CHECK(legs("W1") == legs_of(leaper(1, 0)));
}

TEST_CASE("betza: every leaper atom, and (a,b)") {
  for (auto [atom, a, b] : {std::tuple{"W", 1, 0}, {"F", 1, 1}, {"D", 2, 0}, {"N", 2, 1}, {"A", 2, 2}, {"H", 3, 0},
                            {"C", 3, 1}, {"L", 3, 1}, {"Z", 3, 2}, {"J", 3, 2}, {"G", 3, 3}})
    CHECK_MESSAGE(legs(atom) == legs_of(leaper(a, b)), atom);
  CHECK(legs("(1,3)") == legs_of(leaper(3, 1)));
  CHECK(legs("(4,0)") == legs_of(leaper(4, 0)));
}

TEST_CASE("betza: the pawn, with its double step and en passant") {
  const BetzaMoves pawn = parsed("fmWfceFifmnD");
  CHECK(legs_of(pawn.legs) == LegSet{{0, 1, false, Mode::MoveOnly}, {-1, 1, false, Mode::CaptureOnly}, {1, 1, false, Mode::CaptureOnly}});
  CHECK(pawn.double_step);
  CHECK(pawn.en_passant);
  CHECK(parsed("fmWfcFifmR2").double_step);
  const BetzaMoves plain = parsed("fmWfcF");
  CHECK_FALSE(plain.double_step);
  CHECK_FALSE(plain.en_passant);
}

TEST_CASE("betza: i marks any other move first-move-only, as legs of their own") {
  const BetzaMoves squire = parsed("WiN");
  CHECK_FALSE(squire.double_step);
  CHECK(std::count_if(squire.legs.begin(), squire.legs.end(), [](const Leg& l) { return l.initial; }) == 8);
  CHECK(std::count_if(squire.legs.begin(), squire.legs.end(), [](const Leg& l) { return !l.initial && !l.special(); }) == 4);
  const std::vector<Leg> step = parsed_legs("ifmW");  // one step forward, not the double step
  REQUIRE(step.size() == 1);
  CHECK((step[0].df == 0 && step[0].dr == 1 && step[0].mode == Mode::MoveOnly && step[0].initial && step[0].special()));
  CHECK(parsed("ifmnD").legs.empty());  // the pawn's double step stays what it was
  CHECK(left_right_symmetric(parsed_legs("iN")));
  CHECK_FALSE(left_right_symmetric(parsed_legs("ifrN")));
}

TEST_CASE("betza: directions as Fairy-Stockfish reads them") {
  CHECK(legs("fN") == LegSet{{1, 2, false, Mode::Both}, {-1, 2, false, Mode::Both}});   // only the narrow ones
  CHECK(legs("ffN") == legs("fN"));
  CHECK(legs("fsN") == LegSet{{2, 1, false, Mode::Both}, {-2, 1, false, Mode::Both}});  // the wide forward ones
  CHECK(legs("rfN") == LegSet{{1, 2, false, Mode::Both}});
  CHECK(legs("frN") == LegSet{{2, 1, false, Mode::Both}});
  CHECK(legs("fsW") == LegSet{{0, 1, false, Mode::Both}, {1, 0, false, Mode::Both}, {-1, 0, false, Mode::Both}});
  CHECK(legs("vR") == LegSet{{0, 1, true, Mode::Both}, {0, -1, true, Mode::Both}});
  CHECK(legs("sR") == LegSet{{1, 0, true, Mode::Both}, {-1, 0, true, Mode::Both}});
  CHECK(legs("bF") == LegSet{{1, -1, false, Mode::Both}, {-1, -1, false, Mode::Both}});
  CHECK(legs("lF") == LegSet{{-1, 1, false, Mode::Both}, {-1, -1, false, Mode::Both}});
  CHECK(legs("flB") == LegSet{{-1, 1, true, Mode::Both}});
  CHECK(legs("mRcB") == legs_of(rider(1, 0, Mode::MoveOnly) + rider(1, 1, Mode::CaptureOnly)));
  CHECK(legs("mWcW") == legs_of(leaper(1, 0)));
}

TEST_CASE("betza: left-right symmetry tells which pieces must turn for Black") {
  CHECK(left_right_symmetric(parsed("fmWfcF").legs));
  CHECK(left_right_symmetric(parsed("N").legs));
  CHECK_FALSE(left_right_symmetric(parsed("flB").legs));
  CHECK_FALSE(left_right_symmetric(parsed("frN").legs));
}

TEST_CASE("betza: what the generator cannot do is refused, naming it and where") {
  auto check = [](std::string_view text, std::size_t column, std::string_view reason) {
    const BetzaError e = error_of(text);
    CHECK_MESSAGE(e.column == column, text);
    CHECK_MESSAGE(e.reason.find(reason) != std::string::npos, text << ": " << e.reason);
  };
  check("pN", 1, "not supported: a hopper ('p') other than an unlimited rider");
  check("WgR3", 2, "not supported: a hopper ('g')");
  check("nH", 1, "not supported: a lame ('n') move other than a leap of two steps");
  check("nR", 1, "not supported: a lame ('n')");
  check("ifceF", 1, "not supported: e (en passant) on a first-move-only move");
  check("KX", 2, "unexpected 'X'");
  check("Kfm", 2, "modifiers without a move letter");
  check("(1,x)", 1, "expected (a,b)");
  check("(0,0)", 1, "no move");
  check("meW", 1, "e (en passant) only on a capture-only move");
  CHECK(error_of(std::string(kMaxBetzaLength + 1, 'W')).reason.find("longer than") != std::string::npos);
  CHECK(error_of("pN").message() ==
        "at character 1: not supported: a hopper ('p') other than an unlimited rider (pR, gQ)");
}

TEST_CASE("betza: the empty text is a piece that cannot move") { CHECK(parsed("").legs.empty()); }

TEST_CASE("betza: hoppers, lame leaps and ranged riders are special legs") {
  // The cannon: moves as a rook, captures by hopping one screen.
  SpecialSet cannon;
  for (auto [df, dr] : {std::pair{0, 1}, {0, -1}, {1, 0}, {-1, 0}}) {
    cannon.insert({df, dr, true, Mode::MoveOnly, 0, Hop::None, false});
    cannon.insert({df, dr, true, Mode::CaptureOnly, 0, Hop::Cannon, false});
  }
  CHECK(specials("mRcpR") == cannon);
  CHECK(specials("gB") == SpecialSet{{1, 1, true, Mode::Both, 0, Hop::Grasshopper, false},
                                     {-1, 1, true, Mode::Both, 0, Hop::Grasshopper, false},
                                     {1, -1, true, Mode::Both, 0, Hop::Grasshopper, false},
                                     {-1, -1, true, Mode::Both, 0, Hop::Grasshopper, false}});
  CHECK(specials("fR3") == SpecialSet{{0, 1, true, Mode::Both, 3, Hop::None, false}});
  CHECK(specials("fnN") == SpecialSet{{1, 2, false, Mode::Both, 0, Hop::None, true},
                                      {-1, 2, false, Mode::Both, 0, Hop::None, true}});
  CHECK(specials("nA").size() == 4);
  for (const Leg& leg : parsed_legs("mRcpRnNR4")) CHECK(leg.special() == (leg.hop != Hop::None || leg.lame || leg.range));
  CHECK(specials("R1") == specials("W"));  // range 1 is a leap
  // The nightrider: a slide of knight steps, special as the generator's slides are king steps.
  CHECK(specials("NN").size() == 8);
  CHECK(specials("NN").count({1, 2, true, Mode::Both, 0, Hop::None, false}));
  CHECK(specials("fN3") == SpecialSet{{1, 2, true, Mode::Both, 3, Hop::None, false}, {-1, 2, true, Mode::Both, 3, Hop::None, false}});
  CHECK(specials("N0") == specials("NN"));
}
