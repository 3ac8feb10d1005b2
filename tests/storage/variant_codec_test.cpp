// The stored definitions of variants (storage/variant_codec.h): every built-in comes back field by
// field and table by table, every field is in the encoding, and a damaged definition is refused
// naming its fault.
#include <doctest/doctest.h>

#include <functional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "rules/game.h"
#include "rules/position.h"
#include "storage/variant_codec.h"

using namespace arbiter;
using namespace arbiter::rules;
using storage::decode_variant;
using storage::DefinitionError;
using storage::encode_variant;

namespace {

bool same_legs(const std::vector<Leg>& a, const std::vector<Leg>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tie(a[i].df, a[i].dr, a[i].slide, a[i].mode, a[i].range, a[i].hop, a[i].lame, a[i].initial) !=
        std::tie(b[i].df, b[i].dr, b[i].slide, b[i].mode, b[i].range, b[i].hop, b[i].lame, b[i].initial)) return false;
  return true;
}

void check_kind(const PieceKind& back, const PieceKind& kind) {
  CAPTURE(kind.name);
  CHECK(back.letter == kind.letter);
  CHECK(back.name == kind.name);
  CHECK(back.id == kind.id);
  CHECK(same_legs(back.legs, kind.legs));
  CHECK(back.royal == kind.royal);
  CHECK(back.pawn == kind.pawn);
  CHECK(back.en_passant == kind.en_passant);
  CHECK(back.double_step == kind.double_step);
  CHECK(back.double_step_ranks == kind.double_step_ranks);
  CHECK(back.double_step_needs_unmoved == kind.double_step_needs_unmoved);
  CHECK(back.facings == kind.facings);
  CHECK(back.legs_turn_for_black == kind.legs_turn_for_black);
  CHECK(back.promotion_rank == kind.promotion_rank);
  CHECK(back.optional_promotion_rank == kind.optional_promotion_rank);
  CHECK(back.promotion_limit == kind.promotion_limit);
  CHECK(back.forward == kind.forward);
  CHECK(back.same_colour_pair_draws == kind.same_colour_pair_draws);
}

void check_tables(const Variant::Tables& a, const Variant::Tables& b) {
  CHECK(a.quiet_leaps == b.quiet_leaps);
  CHECK(a.capture_leaps == b.capture_leaps);
  CHECK(a.leap_attackers == b.leap_attackers);
  CHECK(a.quiet_slides == b.quiet_slides);
  CHECK(a.capture_slides == b.capture_slides);
  CHECK(a.promotion_zone == b.promotion_zone);
  CHECK(a.optional_promotion_zone == b.optional_promotion_zone);
  CHECK(a.double_step_from == b.double_step_from);
  CHECK(a.forward == b.forward);
  CHECK(a.castling_spoilers == b.castling_spoilers);
  CHECK(a.castling_paths == b.castling_paths);
  CHECK(a.ray_attacker_kinds == b.ray_attacker_kinds);
  CHECK(a.other_facings == b.other_facings);
}

// The data a variant is made of, not the tables finish() builds from it.
void check_fields(const Variant& back, const Variant& v) {
  CAPTURE(v.name);
  CHECK(back.name == v.name);
  CHECK(back.title == v.title);
  CHECK(back.description == v.description);
  CHECK(back.geometry.files() == v.geometry.files());
  CHECK(back.geometry.ranks() == v.geometry.ranks());
  CHECK(back.geometry.wraps() == v.geometry.wraps());
  REQUIRE(back.kinds.size() == v.kinds.size());
  for (std::size_t k = 0; k < v.kinds.size(); ++k) check_kind(back.kinds[k], v.kinds[k]);
  CHECK(back.start_fen == v.start_fen);
  CHECK(back.mirror_black == v.mirror_black);
  CHECK(back.black_rank_offset == v.black_rank_offset);
  CHECK(back.promotion_choices == v.promotion_choices);
  for (int c = 0; c < 2; ++c) {
    REQUIRE(back.castling[c].size() == v.castling[c].size());
    for (std::size_t i = 0; i < v.castling[c].size(); ++i) {
      const CastlingRule &a = back.castling[c][i], &b = v.castling[c][i];
      CHECK(std::tie(a.king_from, a.king_to, a.rook_from, a.rook_to, a.rook_kind, a.letter) ==
            std::tie(b.king_from, b.king_to, b.rook_from, b.rook_to, b.rook_kind, b.letter));
    }
  }
  CHECK(back.legality == v.legality);
  CHECK(back.stalemate_loses == v.stalemate_loses);
  CHECK(back.stalemate_wins == v.stalemate_wins);
  CHECK(back.bare_king_loses == v.bare_king_loses);
  CHECK(back.meeting_pawns_removed == v.meeting_pawns_removed);
  CHECK(back.two_moves_until_capture == v.two_moves_until_capture);
  CHECK(back.repetition_draws == v.repetition_draws);
  CHECK(back.fifty_move_plies == v.fifty_move_plies);
  CHECK(back.lone_minor_kinds == v.lone_minor_kinds);
  CHECK(back.visibility == v.visibility);
}

void check_variant(const Variant& back, const Variant& v) {
  check_fields(back, v);
  CHECK(back.royal_kind() == v.royal_kind());
  check_tables(back.tables(), v.tables());
}

// Chess with only the kings on the board, so that each change below still makes a playable variant.
Variant bare_chess() {
  Variant v = *find_variant("chess");
  v.start_fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
  return v;
}

}  // namespace

TEST_CASE("every built-in variant comes back from its definition field by field, table by table, move by move") {
  for (const Variant* v : rules::all_variants()) {
    const std::string encoding = encode_variant(*v);
    CAPTURE(encoding);
    const Variant back = decode_variant(encoding);
    check_variant(back, *v);
    CHECK(encode_variant(back) == encoding);
    CHECK(storage::definition_of(*v).hash == storage::sha256_hex(encoding));
    CHECK(storage::definition_of(*v).hash.size() == 64);
    CHECK(perft(Position::start(back), 2) == perft(Position::start(*v), 2));
  }
}

TEST_CASE("every field of a variant and of its pieces is in its definition") {
  const Variant base = bare_chess();
  const int pawn = base.kind_of('P'), knight = base.kind_of('N'), rook = base.kind_of('R'), queen = base.kind_of('Q'),
            king = base.kind_of('K');
  using Change = std::function<void(Variant&)>;
  const std::vector<std::pair<const char*, Change>> changes{
      {"name", [](Variant& v) { v.name = "chess2"; }},
      {"title", [](Variant& v) { v.title = "Another"; }},
      {"description", [](Variant& v) { v.description = "Another"; }},
      {"board files", [](Variant& v) {
         v.geometry = Geometry(9, 8, false);
         v.start_fen = "4k4/9/9/9/9/9/9/4K4 w - - 0 1";
       }},
      {"board ring", [](Variant& v) {
         v.geometry = Geometry(8, 8, true);
         v.start_fen = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";
       }},
      {"start_fen", [](Variant& v) { v.start_fen = "4k3/8/8/8/8/8/8/3K4 w - - 0 1"; }},
      {"mirror_black", [](Variant& v) { v.mirror_black = false; }},
      {"black_rank_offset", [](Variant& v) { v.black_rank_offset = 1; }},
      {"promotion_choices", [](Variant& v) { v.promotion_choices.pop_back(); }},
      {"castling square", [](Variant& v) { v.castling[0][0].king_to = v.geometry.parse("h1"); }},
      {"castling rook", [&](Variant& v) { v.castling[1][0].rook_kind = knight; }},
      {"castling right", [](Variant& v) { v.castling[0][0].letter = 'A'; }},
      {"legality", [](Variant& v) { v.legality = Legality::KingCapture; }},
      {"legality no check", [](Variant& v) { v.legality = Legality::NoCheck; }},
      {"visibility", [](Variant& v) { v.legality = Legality::NoCheck, v.visibility = rules::Visibility::Fog; }},
      {"stalemate_loses", [](Variant& v) { v.stalemate_loses = !v.stalemate_loses; }},
      {"stalemate_wins", [](Variant& v) { v.stalemate_wins = !v.stalemate_wins; }},
      {"bare_king_loses", [](Variant& v) { v.bare_king_loses = !v.bare_king_loses; }},
      {"meeting_pawns_removed", [](Variant& v) { v.meeting_pawns_removed = !v.meeting_pawns_removed; }},
      {"two_moves_until_capture", [](Variant& v) { v.two_moves_until_capture = !v.two_moves_until_capture; }},
      {"repetition_draws", [](Variant& v) { v.repetition_draws = !v.repetition_draws; }},
      {"hidden", [](Variant& v) { v.visibility = rules::Visibility::Umpire; }},
      {"fifty_move_plies", [](Variant& v) { v.fifty_move_plies = 50; }},
      {"lone_minor_kinds", [&](Variant& v) { v.lone_minor_kinds.push_back(queen); }},
      {"piece letter", [&](Variant& v) { v.kinds[knight].letter = 'Z'; }},
      {"piece name", [&](Variant& v) { v.kinds[pawn].name = "man"; }},
      {"piece id", [&](Variant& v) { v.kinds[pawn].id = "man"; }},
      {"leg removed", [&](Variant& v) { v.kinds[knight].legs.pop_back(); }},
      {"leg step", [&](Variant& v) { v.kinds[knight].legs[0].df *= -1; v.kinds[knight].legs[0].dr *= 2; }},
      {"leg slide", [&](Variant& v) { v.kinds[rook].legs[0].slide = false; }},
      {"leg mode", [&](Variant& v) { v.kinds[pawn].legs[0].mode = Mode::Both; }},
      {"royal", [&](Variant& v) {
         v.kinds[king].royal = false;
         v.kinds[queen].royal = true;
         v.start_fen = "q7/8/8/8/8/8/8/4Q3 w - - 0 1";
       }},
      {"pawn", [&](Variant& v) { v.kinds[pawn].pawn = false; }},
      {"en_passant", [&](Variant& v) { v.kinds[pawn].en_passant = !v.kinds[pawn].en_passant; }},
      {"double_step", [&](Variant& v) { v.kinds[pawn].double_step = !v.kinds[pawn].double_step; }},
      {"double_step_ranks", [&](Variant& v) { v.kinds[pawn].double_step_ranks = {1, 2}; }},
      {"double_step_needs_unmoved", [&](Variant& v) { v.kinds[pawn].double_step_needs_unmoved = !v.kinds[pawn].double_step_needs_unmoved; }},
      {"facings", [&](Variant& v) { v.kinds[knight].facings.assign(1, knight); }},
      {"same_colour_pair_draws", [&](Variant& v) { v.kinds[knight].same_colour_pair_draws = !v.kinds[knight].same_colour_pair_draws; }},
      {"leg range", [&](Variant& v) { v.kinds[rook].legs[0].range = 4; }},
      {"leg hop", [&](Variant& v) { v.kinds[rook].legs[0].hop = rules::Hop::Cannon; }},
      {"leg lame", [&](Variant& v) { v.kinds[knight].legs[0].lame = true; }},
      {"leg initial", [&](Variant& v) { v.kinds[knight].legs[0].initial = true; }},
      {"legs_turn_for_black", [&](Variant& v) { v.kinds[pawn].legs_turn_for_black = !v.kinds[pawn].legs_turn_for_black; }},
      {"promotion_rank", [&](Variant& v) { v.kinds[pawn].promotion_rank = 6; }},
      {"optional_promotion_rank", [&](Variant& v) { v.kinds[pawn].optional_promotion_rank = 5; }},
      {"promotion_limit", [&](Variant& v) { v.kinds[pawn].promotion_limit = 1; }},
      {"forward", [&](Variant& v) { v.kinds[pawn].forward = -1; }},
  };
  std::set<std::string> encodings{encode_variant(base)};
  for (const auto& entry : changes) {
    const char* field = entry.first;
    const Change& change = entry.second;
    CAPTURE(field);
    Variant changed = base;  // its tables stay the base's: only its data is compared
    change(changed);
    const std::string encoding = encode_variant(changed);
    CHECK(encodings.insert(encoding).second);  // differs from the base and from every other change
    const Variant back = decode_variant(encoding);
    check_fields(back, changed);
    CHECK(encode_variant(back) == encoding);
  }
}

TEST_CASE("a damaged definition is refused, naming the field at fault") {
  const std::string chess = encode_variant(*find_variant("chess"));
  auto refusal = [](const std::string& encoding) {
    try {
      decode_variant(encoding);
    } catch (const DefinitionError& error) {
      return std::string(error.what());
    }
    return std::string("decoded");
  };
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = chess;
    const auto at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, from);
    return text.replace(at, from.size(), to);
  };
  CHECK(refusal("not json") == "not JSON");
  CHECK(refusal("[]") == "not an object");
  CHECK(refusal(R"({"name":"x"})") == "board: missing");
  CHECK(refusal(replaced(R"("name":"chess")", R"("name":"chess","rules_from":"tomorrow")")) == "rules_from: unknown field");
  CHECK(refusal(replaced(R"("files":8)", R"("files":17)")) == "board.files: 17 is not in 1..16");
  CHECK(refusal(replaced(R"("king_from":"e1")", R"("king_from":"z9")")) == "castling.white[0].king_from: no square z9 on this board");
  CHECK(refusal(replaced(R"("letter":"N")", R"("letter":"B")")).ends_with(".letter: a letter taken twice"));
  CHECK(refusal(replaced(R"("letter":"N")", R"("letter":"n")")).ends_with(".letter: not one upper-case letter"));
  CHECK(refusal(replaced(R"("royal":true)", R"("royal":false)")) == "pieces: no royal kind");
  CHECK(refusal(replaced(R"("royal":true)", R"("royal":1)")).ends_with(".royal: not true or false"));
  CHECK(refusal(replaced(R"("slide","both"])", R"("slide","sideways"])")).ends_with("[3]: unknown value 'sideways'"));
  CHECK(refusal(replaced(R"([1,1,"slide")", R"([2,1,"slide")")).ends_with("[0]: 2 is not in -1..1"));
  CHECK(refusal(replaced(R"("start_fen":"rnbqkbnr)", R"("start_fen":"rnbqkbn)")).starts_with("start_fen: "));
  CHECK(refusal(chess) == "decoded");
}
