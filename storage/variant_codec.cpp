#include "storage/variant_codec.h"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <limits>
#include <set>
#include <utility>

#include <nlohmann/json.hpp>

#include "rules/position.h"
#include "rules/variant_file.h"

namespace arbiter::storage {
namespace {

using nlohmann::json;
using rules::Leg;
using rules::Mode;
using rules::PieceKind;
using rules::Variant;

// A field added to the model must be added to the definition too (encode, decode, README), or a
// game would replay without it; these sizes stop the build until it is, then are updated. What is
// not rules stays out (a kind's drawing, the PGN name, the levels' ratings: README), so that adding
// it changed no stored hash.
// (Sizes of the default build: a large-boards build has larger tables.)
#ifndef ARBITER_LARGE_BOARDS
static_assert(sizeof(PieceKind) == 216, "rules::PieceKind changed: encode its new field in storage/variant_codec.cpp");
static_assert(sizeof(Variant) == 5968, "rules::Variant changed: a new field must be encoded in storage/variant_codec.cpp (new tables need not)");
#endif

// The names below are the stored form: never change one; a new field gets a default that
// reproduces the rules of definitions stored without it.
constexpr std::array<std::pair<Mode, std::string_view>, 3> kModes{{
    {Mode::Both, "both"}, {Mode::MoveOnly, "move"}, {Mode::CaptureOnly, "capture"}}};
constexpr std::array<std::pair<rules::Legality, std::string_view>, 3> kLegalities{{
    {rules::Legality::Strict, "strict"}, {rules::Legality::KingCapture, "king_capture"}, {rules::Legality::NoCheck, "no_check"}}};
// Umpire is stored as `hidden`, as it was before `visibility` existed, so older definitions and
// their hashes stay as they are; only Fog is written.
constexpr std::array<std::pair<rules::Visibility, std::string_view>, 2> kVisibilities{{
    {rules::Visibility::Open, "open"}, {rules::Visibility::Fog, "fog"}}};
constexpr std::array<std::pair<rules::Hop, std::string_view>, 3> kHops{{
    {rules::Hop::None, "none"}, {rules::Hop::Cannon, "cannon"}, {rules::Hop::Grasshopper, "grasshopper"}}};
constexpr std::array<std::string_view, 2> kSides{"white", "black"};

template <typename Value, std::size_t N>
std::string_view name_of(const std::array<std::pair<Value, std::string_view>, N>& names, Value value) {
  for (const auto& [known, name] : names)
    if (known == value) return name;
  return "";
}

template <typename T>
void put(json& out, const char* key, const T& value, const T& default_value) {
  if (!(value == default_value)) out[key] = value;
}

json encode_kind(const PieceKind& kind) {
  const PieceKind defaults{};
  json moves = json::array();
  for (const Leg& leg : kind.legs) {
    json move = json::array({leg.df, leg.dr, leg.slide ? "slide" : "leap", name_of(kModes, leg.mode)});
    // A fifth element only for what plain leaps and slides lack, so older definitions read alike.
    json extra = json::object();
    if (leg.range != 0) extra["range"] = leg.range;
    if (leg.hop != rules::Hop::None) extra["hop"] = name_of(kHops, leg.hop);
    if (leg.lame) extra["lame"] = true;
    if (leg.initial) extra["initial"] = true;
    if (!extra.empty()) move.push_back(std::move(extra));
    moves.push_back(std::move(move));
  }
  json out = {{"letter", std::string(1, kind.letter)}, {"name", kind.name}, {"moves", moves}};
  put(out, "id", kind.id, defaults.id);
  put(out, "royal", kind.royal, defaults.royal);
  put(out, "pawn", kind.pawn, defaults.pawn);
  put(out, "en_passant", kind.en_passant, defaults.en_passant);
  put(out, "double_step", kind.double_step, defaults.double_step);
  put(out, "double_step_ranks", kind.double_step_ranks, defaults.double_step_ranks);
  put(out, "double_step_needs_unmoved", kind.double_step_needs_unmoved, defaults.double_step_needs_unmoved);
  put(out, "facings", kind.facings, defaults.facings);
  put(out, "legs_turn_for_black", kind.legs_turn_for_black, defaults.legs_turn_for_black);
  put(out, "promotion_rank", kind.promotion_rank, defaults.promotion_rank);
  put(out, "optional_promotion_rank", kind.optional_promotion_rank, defaults.optional_promotion_rank);
  put(out, "promotion_limit", kind.promotion_limit, defaults.promotion_limit);
  put(out, "forward", kind.forward, defaults.forward);
  put(out, "same_colour_pair_draws", kind.same_colour_pair_draws, defaults.same_colour_pair_draws);
  return out;
}

json encode_castling(const Variant& variant, int side) {
  json list = json::array();
  for (const rules::CastlingRule& rule : variant.castling[side]) {
    const rules::Geometry& g = variant.geometry;
    list.push_back({{"king_from", g.name(rule.king_from)}, {"king_to", g.name(rule.king_to)},
                     {"rook_from", g.name(rule.rook_from)}, {"rook_to", g.name(rule.rook_to)},
                     {"rook_kind", rule.rook_kind}, {"right", std::string(1, rule.letter)}});
  }
  return list;
}

json encode(const Variant& variant) {
  const Variant defaults{};
  json pieces = json::array();
  for (const PieceKind& kind : variant.kinds) pieces.push_back(encode_kind(kind));
  json out = {{"name", variant.name},
              {"board", {{"files", variant.geometry.files()}, {"ranks", variant.geometry.ranks()},
                         {"ring", variant.geometry.wraps()}}},
              {"pieces", pieces},
              {"start_fen", variant.start_fen}};
  put(out, "title", variant.title, defaults.title);
  put(out, "description", variant.description, defaults.description);
  put(out, "mirror_black", variant.mirror_black, defaults.mirror_black);
  put(out, "black_rank_offset", variant.black_rank_offset, defaults.black_rank_offset);
  put(out, "promotion_choices", variant.promotion_choices, defaults.promotion_choices);
  if (!variant.castling[0].empty() || !variant.castling[1].empty())
    out["castling"] = {{"white", encode_castling(variant, 0)}, {"black", encode_castling(variant, 1)}};
  if (variant.legality != defaults.legality) out["legality"] = name_of(kLegalities, variant.legality);
  put(out, "stalemate_loses", variant.stalemate_loses, defaults.stalemate_loses);
  put(out, "stalemate_wins", variant.stalemate_wins, defaults.stalemate_wins);
  put(out, "bare_king_loses", variant.bare_king_loses, defaults.bare_king_loses);
  put(out, "meeting_pawns_removed", variant.meeting_pawns_removed, defaults.meeting_pawns_removed);
  put(out, "two_moves_until_capture", variant.two_moves_until_capture, defaults.two_moves_until_capture);
  put(out, "repetition_draws", variant.repetition_draws, defaults.repetition_draws);
  if (variant.visibility == rules::Visibility::Umpire) out["hidden"] = true;
  if (variant.visibility == rules::Visibility::Fog) out["visibility"] = name_of(kVisibilities, variant.visibility);
  put(out, "fifty_move_plies", variant.fifty_move_plies, defaults.fifty_move_plies);
  put(out, "lone_minor_kinds", variant.lone_minor_kinds, defaults.lone_minor_kinds);
  return out;
}

[[noreturn]] void fail(const std::string& where, const std::string& reason) {
  throw DefinitionError((where.empty() ? "" : where + ": ") + reason);
}

// The fields of one JSON object, each taken once with its type checked; any field left untaken
// at the end is refused (a definition written by a newer build, or damaged).
class Reader {
 public:
  Reader(const json& object, std::string where) : object_(object), where_(std::move(where)) {
    if (!object_.is_object()) fail(where_, "not an object");
  }

  std::string at(const std::string& key) const { return where_.empty() ? key : where_ + "." + key; }

  const json* find(const char* key) {
    auto it = object_.find(key);
    if (it == object_.end()) return nullptr;
    taken_.insert(key);
    return &*it;
  }
  const json& need(const char* key) {
    const json* value = find(key);
    if (!value) fail(at(key), "missing");
    return *value;
  }

  void read(const char* key, bool& into) { if (const json* v = find(key)) into = boolean(*v, at(key)); }
  void read(const char* key, int& into) { if (const json* v = find(key)) into = integer(*v, at(key)); }
  void read(const char* key, std::string& into) { if (const json* v = find(key)) into = text(*v, at(key)); }
  void read(const char* key, std::vector<int>& into) {
    const json* v = find(key);
    if (!v) return;
    if (!v->is_array()) fail(at(key), "not a list");
    into.clear();
    for (std::size_t i = 0; i < v->size(); ++i) into.push_back(integer((*v)[i], at(key) + "[" + std::to_string(i) + "]"));
  }

  void done() const {
    for (const auto& item : object_.items())
      if (!taken_.contains(item.key())) fail(at(item.key()), "unknown field");
  }

  static bool boolean(const json& v, const std::string& where) {
    if (!v.is_boolean()) fail(where, "not true or false");
    return v.get<bool>();
  }
  static int integer(const json& v, const std::string& where) {
    if (!v.is_number_integer()) fail(where, "not an integer");
    const auto value = v.get<std::int64_t>();
    if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max()) fail(where, "out of range");
    return static_cast<int>(value);
  }
  static std::string text(const json& v, const std::string& where) {
    if (!v.is_string()) fail(where, "not a string");
    return v.get<std::string>();
  }

 private:
  const json& object_;
  std::string where_;
  std::set<std::string> taken_;
};

template <typename Value, std::size_t N>
Value named(const std::array<std::pair<Value, std::string_view>, N>& names, const json& v, const std::string& where) {
  const std::string name = Reader::text(v, where);
  for (const auto& [known, spelled] : names)
    if (spelled == name) return known;
  fail(where, "unknown value '" + name + "'");
}

void check_range(int value, int low, int high, const std::string& where) {
  if (value < low || value > high)
    fail(where, std::to_string(value) + " is not in " + std::to_string(low) + ".." + std::to_string(high));
}

char letter_of(const json& v, const std::string& where) {
  const std::string text = Reader::text(v, where);
  if (text.size() != 1 || !std::isupper(static_cast<unsigned char>(text[0]))) fail(where, "not one upper-case letter");
  return text[0];
}

Leg decode_leg(const json& v, const std::string& where) {
  if (!v.is_array() || v.size() < 4 || v.size() > 5) fail(where, "not [df, dr, \"leap\"|\"slide\", mode, {extras}]");
  Leg leg{Reader::integer(v[0], where + "[0]"), Reader::integer(v[1], where + "[1]"), false,
          named(kModes, v[3], where + "[3]")};
  const std::string shape = Reader::text(v[2], where + "[2]");
  if (shape != "leap" && shape != "slide") fail(where + "[2]", "not \"leap\" or \"slide\"");
  leg.slide = shape == "slide";
  const int reach = leg.slide ? 1 : rules::kMaxBoardSide;
  check_range(leg.df, -reach, reach, where + "[0]");
  check_range(leg.dr, -reach, reach, where + "[1]");
  if (leg.df == 0 && leg.dr == 0) fail(where, "a move that goes nowhere");
  if (v.size() == 5) {
    Reader extra(v[4], where + "[4]");
    extra.read("range", leg.range);
    check_range(leg.range, 0, rules::kMaxBoardSide, extra.at("range"));
    if (const json* hop = extra.find("hop")) leg.hop = named(kHops, *hop, extra.at("hop"));
    extra.read("lame", leg.lame);
    extra.read("initial", leg.initial);
    extra.done();
  }
  return leg;
}

PieceKind decode_kind(const json& v, const std::string& where, int ranks) {
  Reader in(v, where);
  PieceKind kind{};
  kind.letter = letter_of(in.need("letter"), in.at("letter"));
  kind.name = Reader::text(in.need("name"), in.at("name"));
  const json& moves = in.need("moves");
  if (!moves.is_array()) fail(in.at("moves"), "not a list");
  for (std::size_t i = 0; i < moves.size(); ++i) kind.legs.push_back(decode_leg(moves[i], in.at("moves") + "[" + std::to_string(i) + "]"));
  in.read("id", kind.id);
  in.read("royal", kind.royal);
  in.read("pawn", kind.pawn);
  in.read("en_passant", kind.en_passant);
  in.read("double_step", kind.double_step);
  in.read("double_step_ranks", kind.double_step_ranks);
  in.read("double_step_needs_unmoved", kind.double_step_needs_unmoved);
  in.read("facings", kind.facings);
  in.read("legs_turn_for_black", kind.legs_turn_for_black);
  in.read("promotion_rank", kind.promotion_rank);
  in.read("optional_promotion_rank", kind.optional_promotion_rank);
  in.read("promotion_limit", kind.promotion_limit);
  in.read("forward", kind.forward);
  in.read("same_colour_pair_draws", kind.same_colour_pair_draws);
  in.done();
  for (int rank : kind.double_step_ranks) check_range(rank, 0, ranks - 1, in.at("double_step_ranks"));
  check_range(kind.promotion_rank, -1, ranks - 1, in.at("promotion_rank"));
  check_range(kind.optional_promotion_rank, -1, ranks - 1, in.at("optional_promotion_rank"));
  check_range(kind.promotion_limit, 0, rules::kNoPromotionLimit, in.at("promotion_limit"));
  if (kind.forward != 1 && kind.forward != -1) fail(in.at("forward"), "not 1 or -1");
  return kind;
}

void decode_castling(Reader& in, Variant& variant) {
  const json* castling = in.find("castling");
  if (!castling) return;
  Reader sides(*castling, in.at("castling"));
  for (int side = 0; side < 2; ++side) {
    const std::string where = sides.at(std::string(kSides[side]));
    const json& list = sides.need(kSides[side].data());
    // Two rights a side: Position keeps four castling bits.
    if (!list.is_array() || list.size() > 2) fail(where, "not a list of at most two rules");
    for (std::size_t i = 0; i < list.size(); ++i) {
      Reader rule(list[i], where + "[" + std::to_string(i) + "]");
      auto square = [&](const char* key) {
        const std::string name = Reader::text(rule.need(key), rule.at(key));
        const rules::Square s = variant.geometry.parse(name);
        if (s == rules::kNoSquare) fail(rule.at(key), "no square " + name + " on this board");
        return s;
      };
      rules::CastlingRule parsed{square("king_from"), square("king_to"), square("rook_from"), square("rook_to"),
                                 Reader::integer(rule.need("rook_kind"), rule.at("rook_kind")), 0};
      check_range(parsed.rook_kind, 0, static_cast<int>(variant.kinds.size()) - 1, rule.at("rook_kind"));
      const std::string right = Reader::text(rule.need("right"), rule.at("right"));
      if (right.size() != 1 || !std::isalpha(static_cast<unsigned char>(right[0]))) fail(rule.at("right"), "not one letter");
      parsed.letter = right[0];
      rule.done();
      variant.castling[side].push_back(parsed);
    }
  }
  sides.done();
}

void check_kinds(const std::vector<int>& kinds, const Variant& variant, const std::string& where) {
  for (int kind : kinds) check_range(kind, 0, static_cast<int>(variant.kinds.size()) - 1, where);
}

Variant decode(const json& document) {
  Reader in(document, "");
  Variant variant;
  variant.name = Reader::text(in.need("name"), "name");
  {
    Reader board(in.need("board"), "board");
    const int files = Reader::integer(board.need("files"), "board.files");
    const int ranks = Reader::integer(board.need("ranks"), "board.ranks");
    const bool ring = Reader::boolean(board.need("ring"), "board.ring");
    board.done();
    check_range(files, 1, rules::kMaxBoardSide, "board.files");
    check_range(ranks, 1, rules::kMaxBoardSide, "board.ranks");
    if (files * ranks > rules::kMaxSquares) fail("board", "more than " + std::to_string(rules::kMaxSquares) + " squares");
    variant.geometry = rules::Geometry(files, ranks, ring);
  }
  const int ranks = variant.geometry.ranks();
  const json& pieces = in.need("pieces");
  if (!pieces.is_array() || pieces.empty() || pieces.size() > rules::kMaxKinds)
    fail("pieces", "not a list of 1 to " + std::to_string(rules::kMaxKinds) + " kinds");
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const std::string where = "pieces[" + std::to_string(i) + "]";
    variant.kinds.push_back(decode_kind(pieces[i], where, ranks));
    if (variant.kind_of(variant.kinds.back().letter) != static_cast<int>(i)) fail(where + ".letter", "a letter taken twice");
  }
  // Positions look their kings up by the royal kind: a variant without one is none we can play.
  if (std::none_of(variant.kinds.begin(), variant.kinds.end(), [](const PieceKind& kind) { return kind.royal; }))
    fail("pieces", "no royal kind");
  for (std::size_t i = 0; i < variant.kinds.size(); ++i)
    check_kinds(variant.kinds[i].facings, variant, "pieces[" + std::to_string(i) + "].facings");
  variant.start_fen = Reader::text(in.need("start_fen"), "start_fen");
  in.read("title", variant.title);
  in.read("description", variant.description);
  in.read("mirror_black", variant.mirror_black);
  in.read("black_rank_offset", variant.black_rank_offset);
  check_range(variant.black_rank_offset, 0, ranks - 1, "black_rank_offset");
  in.read("promotion_choices", variant.promotion_choices);
  check_kinds(variant.promotion_choices, variant, "promotion_choices");
  decode_castling(in, variant);
  if (const json* legality = in.find("legality")) variant.legality = named(kLegalities, *legality, "legality");
  in.read("stalemate_loses", variant.stalemate_loses);
  in.read("stalemate_wins", variant.stalemate_wins);
  in.read("bare_king_loses", variant.bare_king_loses);
  in.read("meeting_pawns_removed", variant.meeting_pawns_removed);
  in.read("two_moves_until_capture", variant.two_moves_until_capture);
  in.read("repetition_draws", variant.repetition_draws);
  bool hidden = false;  // the stored name of Visibility::Umpire
  in.read("hidden", hidden);
  if (hidden) variant.visibility = rules::Visibility::Umpire;
  if (const json* visibility = in.find("visibility")) {
    if (hidden) fail("visibility", "given with hidden, which is a visibility of its own");
    variant.visibility = named(kVisibilities, *visibility, "visibility");
  }
  in.read("fifty_move_plies", variant.fifty_move_plies);
  check_range(variant.fifty_move_plies, 0, std::numeric_limits<int>::max(), "fifty_move_plies");
  in.read("lone_minor_kinds", variant.lone_minor_kinds);
  check_kinds(variant.lone_minor_kinds, variant, "lone_minor_kinds");
  in.done();
  return variant;
}

}  // namespace

std::string encode_variant(const Variant& variant) {
  return encode(variant).dump(-1, ' ', false, json::error_handler_t::replace);
}

VariantDefinition definition_of(const Variant& variant) {
  std::string encoding = encode_variant(variant);
  std::string hash = sha256_hex(encoding);
  return {std::move(hash), std::move(encoding)};
}

Variant decode_variant(std::string_view encoding) {
  const json document = json::parse(encoding, nullptr, false);
  if (document.is_discarded()) fail("", "not JSON");
  Variant variant = decode(document);
  try {
    variant.finish();
  } catch (const std::exception& error) {  // finish() says logic_error for tables it cannot build
    fail("", error.what());
  }
  auto start = rules::Position::from_fen(variant, variant.start_fen);
  if (!start.ok()) fail("start_fen", start.error());
  return variant;
}

std::string sha256_hex(std::string_view text) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_Digest(text.data(), text.size(), digest.data(), &length, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed");
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) {
    hex += kHex[digest[i] >> 4];
    hex += kHex[digest[i] & 15];
  }
  return hex;
}

}  // namespace arbiter::storage
