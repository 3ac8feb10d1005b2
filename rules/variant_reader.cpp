#include "rules/variant_reader.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <stdexcept>

#include "rules/position.h"

namespace arbiter::rules {

namespace {

// Where a larger board is to be had.
constexpr const char* kLargerBoards =
    kMaxSquares < 256 ? " (a build with ARBITER_LARGE_BOARDS takes up to 256: docs/variants.md, \"Large boards\")" : "";

}  // namespace

std::optional<Variant> VariantReader::read() {
  v_.name = name_;
  read_string("title", v_.title);
  read_string("description", v_.description);
  read_geometry();
  read_bool("mirror_black", v_.mirror_black);
  read_int("black_rank_offset", v_.black_rank_offset, 0, kMaxBoardSide);
  read_removals();
  read_pieces();
  read_kind_list("promotion_choices", v_.promotion_choices);
  read_kind_list("lone_minor", v_.lone_minor_kinds);
  read_castling();
  read_string("setup", v_.start_fen);
  read_end_rules();
  // What other programs call it and how the computer rates in it are the variant's own: a child is
  // another game to them, so these are not taken from the parent.
  v_.pgn_variant.clear();
  v_.level_ratings.clear();
  read_string("pgn_variant", v_.pgn_variant);
  read_level_ratings();
  for (auto&& [key, node] : table_)
    if (!variant_field(std::string(key.str()))) fail(node, std::string(key.str()), "unknown field");
  if (errors_.size() != errors_before_) return std::nullopt;
  return validate();
}

bool VariantReader::variant_field(const std::string& key) {
  static const std::set<std::string> fields{
    "parent", "title", "description", "files", "ranks", "wrap_ranks", "mirror_black", "black_rank_offset",
    "remove_pieces", "pieces", "promotion_choices", "lone_minor", "castling", "setup", "king_capture",
    "stalemate", "bare_king_loses", "meeting_pawns_removed", "two_moves_until_capture", "repetition_draws",
    "hidden", "visibility", "no_check", "fifty_move_plies", "pgn_variant", "level_ratings"};
  return fields.count(key);
}

void VariantReader::fail(const toml::node& node, const std::string& field, std::string reason) {
  errors_.push_back({line_of(node), name_ + "." + field, std::move(reason)});
}

void VariantReader::fail_variant(const std::string& field, std::string reason) {
  errors_.push_back({line_of(table_), name_ + (field.empty() ? "" : "." + field), std::move(reason)});
}

bool VariantReader::get_string(const toml::table& t, const std::string& path, const std::string& key, std::string& out) {
  const toml::node* node = t.get(key);
  if (!node) return false;
  if (!node->is_string()) return fail(*node, path, "must be a string"), false;
  out = node->as_string()->get();
  return true;
}

bool VariantReader::get_bool(const toml::table& t, const std::string& path, const std::string& key, bool& out) {
  const toml::node* node = t.get(key);
  if (!node) return false;
  if (!node->is_boolean()) return fail(*node, path, "must be true or false"), false;
  out = node->as_boolean()->get();
  return true;
}

bool VariantReader::get_int(const toml::table& t, const std::string& path, const std::string& key, int& out, int low, int high) {
  const toml::node* node = t.get(key);
  if (!node) return false;
  if (!node->is_integer()) return fail(*node, path, "must be a whole number"), false;
  const std::int64_t value = node->as_integer()->get();
  if (value < low || value > high)
    return fail(*node, path, "must be from " + std::to_string(low) + " to " + std::to_string(high)), false;
  out = int(value);
  return true;
}

int VariantReader::kind_index(const std::string& id) const {
  for (std::size_t k = 0; k < v_.kinds.size(); ++k)
    if (v_.kinds[k].key() == id) return int(k);
  return -1;
}

// A list of piece ids as kind indexes; unknown ids are errors.
std::optional<std::vector<int>> VariantReader::kinds_of(const toml::node& node, const std::string& path) {
  const toml::array* list = node.as_array();
  if (!list) return fail(node, path, "must be a list of piece ids"), std::nullopt;
  std::vector<int> out;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const toml::node& item = *list->get(i);
    const int k = item.is_string() ? kind_index(item.as_string()->get()) : -1;
    if (k < 0) fail(item, path + "[" + std::to_string(i) + "]", "no piece with this id");
    else if (std::find(out.begin(), out.end(), k) != out.end()) fail(item, path + "[" + std::to_string(i) + "]", "this id is listed already");
    else out.push_back(k);
  }
  if (out.size() != list->size()) return std::nullopt;
  return out;
}

void VariantReader::read_kind_list(const std::string& key, std::vector<int>& out) {
  if (const toml::node* node = table_.get(key))
    if (auto kinds = kinds_of(*node, key)) out = *kinds;
}

void VariantReader::read_geometry() {
  int files = v_.geometry.files(), ranks = v_.geometry.ranks();
  bool wrap = v_.geometry.wraps();
  read_int("files", files, 2, kMaxBoardSide);
  read_int("ranks", ranks, 2, kMaxBoardSide);
  read_bool("wrap_ranks", wrap);
  if (files * ranks > kMaxSquares)
    return fail_variant("files", std::to_string(files) + "x" + std::to_string(ranks) + " is more than " +
                                     std::to_string(kMaxSquares) + " squares" + kLargerBoards);
  if (files == v_.geometry.files() && ranks == v_.geometry.ranks() && wrap == v_.geometry.wraps()) return;
  v_.geometry = Geometry(files, ranks, wrap);
  // The parent's castling squares were squares of the parent's board.
  if (!table_.get("castling") && (!v_.castling[0].empty() || !v_.castling[1].empty()))
    fail_variant("castling", "the board changed: state castling again (or castling = false)");
}

// Removing a kind renumbers the others: every index that names one is renumbered with it.
void VariantReader::remove_kind(int k) {
  v_.kinds.erase(v_.kinds.begin() + k);
  auto renumber = [k](std::vector<int>& list) {
    std::erase(list, k);
    for (int& i : list) i -= i > k;
  };
  renumber(v_.promotion_choices);
  renumber(v_.lone_minor_kinds);
  for (PieceKind& kind : v_.kinds) renumber(kind.facings);
  for (auto& rules : v_.castling) {
    std::erase_if(rules, [k](const CastlingRule& r) { return r.rook_kind == k; });
    for (CastlingRule& r : rules) r.rook_kind -= r.rook_kind > k;
  }
}

void VariantReader::read_removals() {
  const toml::node* node = table_.get("remove_pieces");
  if (!node) return;
  auto kinds = kinds_of(*node, "remove_pieces");
  if (!kinds) return;
  std::sort(kinds->rbegin(), kinds->rend());
  for (int k : *kinds) remove_kind(k);
}

// Castling: `castling = false`, or a table naming the rook's kind and the two castlings by
// White's squares (Black's are the same files on the last rank).
void VariantReader::read_castling() {
  const toml::node* node = table_.get("castling");
  if (!node) return;
  if (node->is_boolean() && !node->as_boolean()->get()) {
    v_.castling = {};
    return;
  }
  const toml::table* t = node->as_table();
  if (!t) return fail(*node, "castling", "must be false or a table with rook, K and Q");
  for (auto&& [key, item] : *t)
    if (key.str() != "rook" && key.str() != "K" && key.str() != "Q")
      fail(item, "castling." + std::string(key.str()), "unknown field");
  std::string rook_id;
  if (!get_string(*t, "castling.rook", "rook", rook_id)) return fail(*t, "castling.rook", "needs the id of the rook's kind");
  const int rook = kind_index(rook_id);
  if (rook < 0) return fail(*t->get("rook"), "castling.rook", "no piece with this id");
  std::array<std::vector<CastlingRule>, 2> rules;
  for (char right : {'K', 'Q'}) {
    const toml::node* side = t->get(std::string(1, right));
    const std::string path = std::string("castling.") + right;
    if (!side) continue;
    const toml::table* squares = side->as_table();
    std::string king, rook_move;
    if (!squares || !get_string(*squares, path + ".king", "king", king) || !get_string(*squares, path + ".rook", "rook", rook_move))
      return fail(*side, path, "must be { king = \"e1-g1\", rook = \"h1-f1\" }");
    auto king_squares = move_squares(king), rook_squares = move_squares(rook_move);
    if (!king_squares || !rook_squares || v_.geometry.rank_of(king_squares->first) != v_.geometry.rank_of(rook_squares->first))
      return fail(*side, path, "needs two moves on one rank of this board, written from-to (\"e1-g1\")");
    const Geometry& g = v_.geometry;
    for (int c = 0; c < 2; ++c) {
      auto mirrored = [&](Square s) { return c == 0 ? s : g.square(g.file_of(s), g.ranks() - 1 - g.rank_of(s)); };
      rules[c].push_back({mirrored(king_squares->first), mirrored(king_squares->second), mirrored(rook_squares->first),
                          mirrored(rook_squares->second), rook, c == 0 ? right : char(std::tolower(right))});
    }
  }
  v_.castling = rules;
}

std::optional<std::pair<Square, Square>> VariantReader::move_squares(const std::string& text) const {
  const auto dash = text.find('-');
  if (dash == std::string::npos) return std::nullopt;
  const Square from = v_.geometry.parse(text.substr(0, dash)), to = v_.geometry.parse(text.substr(dash + 1));
  if (from == kNoSquare || to == kNoSquare || v_.geometry.rank_of(from) != v_.geometry.rank_of(to)) return std::nullopt;
  return std::pair{from, to};
}

void VariantReader::read_end_rules() {
  bool king_capture = v_.legality == Legality::KingCapture;
  const bool king_capture_given = get_bool(table_, "king_capture", "king_capture", king_capture);
  if (king_capture_given) v_.legality = king_capture ? Legality::KingCapture : Legality::Strict;
  bool no_check = v_.legality == Legality::NoCheck;
  if (get_bool(table_, "no_check", "no_check", no_check)) {
    if (no_check && king_capture_given && king_capture)
      fail(*table_.get("no_check"), "no_check", "king_capture and no_check are two rules: choose one");
    else if (no_check) v_.legality = Legality::NoCheck;
    else if (v_.legality == Legality::NoCheck) v_.legality = Legality::Strict;
  }
  std::string stalemate = v_.stalemate_loses ? "loss" : v_.stalemate_wins ? "win" : "draw";
  if (get_string(table_, "stalemate", "stalemate", stalemate)) {
    if (stalemate != "draw" && stalemate != "loss" && stalemate != "win") {
      fail(*table_.get("stalemate"), "stalemate", "must be \"draw\", \"loss\" or \"win\" (for the stalemated side)");
    } else {
      v_.stalemate_loses = stalemate == "loss";
      v_.stalemate_wins = stalemate == "win";
    }
  }
  read_bool("bare_king_loses", v_.bare_king_loses);
  read_bool("meeting_pawns_removed", v_.meeting_pawns_removed);
  read_bool("two_moves_until_capture", v_.two_moves_until_capture);
  read_bool("repetition_draws", v_.repetition_draws);
  read_visibility();
  read_int("fifty_move_plies", v_.fifty_move_plies, 1, 1000);
}

// The computer's ratings: one whole number per level, 0 for a level not rated.
void VariantReader::read_level_ratings() {
  const toml::node* node = table_.get("level_ratings");
  if (!node) return;
  const toml::array* list = node->as_array();
  if (!list || list->size() != std::size_t(kRatedLevels))
    return fail(*node, "level_ratings", "must be " + std::to_string(kRatedLevels) + " ratings, one per level (0: not rated)");
  std::vector<int> ratings;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const auto* rating = list->get(i)->as_integer();
    if (!rating || rating->get() < 0 || rating->get() > 4000)
      return fail(*list->get(i), "level_ratings[" + std::to_string(i) + "]", "must be a whole number from 0 to 4000");
    ratings.push_back(int(rating->get()));
  }
  v_.level_ratings = ratings;
}

// `visibility`, and `hidden` as its older spelling of "umpire".
void VariantReader::read_visibility() {
  static const std::map<std::string, Visibility> kNames{
      {"open", Visibility::Open}, {"umpire", Visibility::Umpire}, {"fog", Visibility::Fog}};
  std::string name;
  const bool named = get_string(table_, "visibility", "visibility", name);
  if (named && !kNames.count(name)) fail(*table_.get("visibility"), "visibility", "must be \"open\", \"umpire\" or \"fog\"");
  else if (named) v_.visibility = kNames.at(name);
  bool hidden = v_.visibility == Visibility::Umpire;
  if (get_bool(table_, "hidden", "hidden", hidden)) {
    if (named && hidden != (v_.visibility == Visibility::Umpire))
      fail(*table_.get("hidden"), "hidden", "says otherwise than visibility (hidden = true is visibility = \"umpire\")");
    else if (hidden) v_.visibility = Visibility::Umpire;
    else if (v_.visibility == Visibility::Umpire) v_.visibility = Visibility::Open;
  }
}

// What only the whole variant can tell: one royal kind, distinct letters, ranks on the board,
// facings, tables, and a setup that reads.
std::optional<Variant> VariantReader::validate() {
  const int ranks = v_.geometry.ranks();
  int royals = 0;
  std::set<char> letters;
  for (std::size_t k = 0; k < v_.kinds.size(); ++k) {
    const PieceKind& kind = v_.kinds[k];
    const std::string path = "pieces." + kind.key();
    royals += kind.royal;
    if (!kind.letter) fail_variant(path + ".letter", "a new piece needs a letter");
    else if (!letters.insert(kind.letter).second) fail_variant(path + ".letter", std::string("letter ") + kind.letter + " is taken by another piece");
    if (kind.promotion_rank >= ranks || kind.optional_promotion_rank >= ranks || kind.optional_promotion_rank > kind.promotion_rank)
      fail_variant(path + ".promotion_rank", "promotion ranks must be on the board, the optional ones before the mandatory one");
    if (kind.promotion_rank >= 0 && v_.promotion_choices.empty())
      fail_variant("promotion_choices", "a piece that promotes (" + kind.key() + ") needs promotion_choices");
    for (int r : kind.double_step_ranks)
      if (r >= ranks) fail_variant(path + ".double_step_ranks", "rank " + std::to_string(r + 1) + " is off the board");
  }
  if (royals != 1) fail_variant("pieces", "exactly one piece must be royal, not " + std::to_string(royals));
  // A move list that heeds check would tell a player in fog of the attackers they cannot see.
  if (v_.visibility == Visibility::Fog && v_.legality != Legality::NoCheck)
    fail_variant("visibility", "a variant played in fog needs no_check = true");
  // Kriegspiel's umpire announces checks.
  if (v_.visibility == Visibility::Umpire && v_.legality == Legality::NoCheck)
    fail_variant("no_check", "not supported with visibility = \"umpire\" (the umpire announces checks)");
  // Centennial's turn ends with a checking first move; without check that rule has no reading yet.
  if (v_.legality == Legality::NoCheck && v_.two_moves_until_capture)
    fail_variant("no_check", "not supported with two_moves_until_capture (a checking first move ends the turn)");
  for (const auto& [k, place] : facings_) {
    auto kinds = kinds_of(*place.first, place.second);
    if (!kinds) continue;
    v_.kinds[k].facings = *kinds;
  }
  if (errors_.size() != errors_before_) return std::nullopt;
  Variant finished = v_;
  try {
    finished.finish();
  } catch (const std::logic_error& e) {
    fail_variant("", e.what());
    return std::nullopt;
  }
  // The umpire's tries (rules/kriegspiel.h) know only moves of one table lookup.
  if (finished.visibility == Visibility::Umpire && finished.tables().special_kinds) {
    fail_variant(table_.get("visibility") ? "visibility" : "hidden", "not supported: hidden men that hop, move lame, ride a limited range or make first-move-only moves");
    return std::nullopt;
  }
  auto start = Position::from_fen(finished, finished.start_fen);
  if (!start) {
    const toml::node* setup = table_.get("setup");
    errors_.push_back({setup ? line_of(*setup) : line_of(table_), name_ + ".setup", start.error()});
    return std::nullopt;
  }
  return v_;
}

}  // namespace arbiter::rules
