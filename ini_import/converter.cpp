#include "ini_import/converter.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <variant>

#include "ini_import/fairy_keys.h"
#include "ini_import/fairy_pieces.h"
#include "rules/placement.h"
#include "rules/variant_file.h"

namespace arbiter::ini_import {

using rules::BetzaError;
using rules::BetzaMoves;
using rules::BetzaResult;
using rules::kMaxBoardSide;
using rules::kMaxSquares;
using rules::Leg;
using rules::Mode;
using rules::parse_betza;
using rules::read_placement;

namespace {

bool valid_name(const std::string& name) {
  return !name.empty() && name.size() <= 32 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

}  // namespace

std::optional<std::string> Converter::convert() {
  for (const Problem& p : v_.problems) refuse_at(p.place, p.text);
  if (!valid_name(s_.name)) refuse_section("a variant's name must be 1-32 of a-z 0-9 _ - in our variants file");
  for (const auto& [key, setting] : v_.settings) check_known(key, setting);
  read_board();
  read_pieces();
  read_pawn();
  read_castling();
  read_end_rules();
  if (refusals_.size() != refusals_before_) return std::nullopt;
  return write();
}

// "line 12: [gothic2:capablanca] castling = maybe (from [base]): must be true or false"
void Converter::refuse_at(const Place& place, const std::string& text) {
  int line = place.line;
  std::string from;
  if (place.builtin) {
    line = s_.line;
    from = " (Fairy-Stockfish's built-in " + place.section + ")";
  } else if (place.section != s_.name) {
    from = " (from [" + place.section + "])";
  }
  const auto colon = text.find(": ");
  const std::string head = colon == std::string::npos ? text : text.substr(0, colon);
  const std::string reason = colon == std::string::npos ? "" : text.substr(colon);
  refusals_.push_back({line, s_.name, "line " + std::to_string(line) + ": " + s_.header + " " + head + from + reason});
}

void Converter::refuse(const std::string& key, const Setting& st, const std::string& reason) {
  refuse_at(st.place, key + " = " + st.value + ": " + reason);
}

void Converter::refuse_section(const std::string& reason) {
  refusals_.push_back({s_.line, s_.name, "line " + std::to_string(s_.line) + ": " + s_.header + ": " + reason});
}

const Setting* Converter::get(const std::string& key) const {
  auto it = v_.settings.find(key);
  return it == v_.settings.end() ? nullptr : &it->second;
}

bool Converter::flag(const std::string& key, bool fallback) {
  const Setting* st = get(key);
  if (!st) return fallback;
  if (st->value != "true" && st->value != "false") return refuse(key, *st, "must be true or false"), fallback;
  return st->value == "true";
}

int Converter::number(const std::string& key, int fallback, int low, int high) {
  const Setting* st = get(key);
  if (!st) return fallback;
  int n = -1;
  if (!st->value.empty() && st->value.size() <= 4 &&
      std::all_of(st->value.begin(), st->value.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    n = std::stoi(st->value);
  if (n < low || n > high)
    return refuse(key, *st, "must be a number from " + std::to_string(low) + " to " + std::to_string(high)), fallback;
  return n;
}

// A file is a letter (a = 1) or a number, as Fairy-Stockfish reads it.
int Converter::file_number(const std::string& key, int fallback) {
  const Setting* st = get(key);
  if (st && st->value.size() == 1 && std::islower(static_cast<unsigned char>(st->value[0]))) {
    const int n = st->value[0] - 'a' + 1;
    if (n <= kMaxBoardSide) return n;
  }
  return number(key, fallback, 1, kMaxBoardSide);
}

std::string Converter::result_value(const std::string& key, const std::string& fallback) {
  const Setting* st = get(key);
  if (!st) return fallback;
  if (st->value != "win" && st->value != "loss" && st->value != "draw" && st->value != "none")
    return refuse(key, *st, "must be win, loss, draw or none"), fallback;
  return st->value;
}

void Converter::check_known(const std::string& key, const Setting& st) {
  if (const auto reason = key_refusal(key, st.value)) refuse(key, st, *reason);
}

void Converter::read_board() {
  files_ = file_number("maxFile", 8);
  ranks_ = number("maxRank", 8, 1, kMaxBoardSide);
  if (files_ < 2 || ranks_ < 2 || files_ * ranks_ > kMaxSquares)
    refuse_section(std::to_string(files_) + "x" + std::to_string(ranks_) + ": our boards are 2 to 16 a side, at most " +
                   std::to_string(kMaxSquares) + " squares");
  const Setting* fen = get("startFen");
  fen_ = fen ? fen->value : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  if (fen && fen_.find('[') != std::string::npos)
    refuse("startFen", *fen, "a start position with men in hand ([...]) is not supported");
}

const IniPiece* Converter::piece(const std::string& type) const {
  for (const IniPiece& p : v_.pieces)
    if (p.type == type) return &p;
  return nullptr;
}

void Converter::read_pieces() {
  if (v_.pieces.empty()) return refuse_section("no pieces: name each piece type with its letter (knight = n)");
  if (!piece("king")) refuse_section("no king (king = -): a variant without a royal piece is not supported");
  king_betza_ = "K";
  if (const Setting* st = get("kingType"); st && !st->types.empty() && st->types[0] != "king") {
    const auto betza = named_betza(st->types[0]);
    if (!betza || st->types[0] == "pawn") refuse("kingType", *st, "a king moving as this piece is not supported");
    else king_betza_ = std::string(*betza);
  }
  if (const Setting* st = get("castlingKingPiece"); st && !st->types.empty() && st->types[0] != "king")
    refuse("castlingKingPiece", *st, "castling with a man other than the king is not supported");
  for (const IniPiece& p : v_.pieces) {
    if (p.type == "pawn") continue;
    const std::string& betza = p.type == "king" && !p.custom_betza ? king_betza_ : p.betza;
    BetzaResult parsed = parse_betza(betza);
    if (const auto* error = std::get_if<BetzaError>(&parsed))
      refuse_at(p.place, p.key + " = " + p.value + ": Betza " + betza + " " + error->message());
    else if (first_moves(betza) && !flag("doubleStep", true))
      refuse_at(p.place, p.key + " = " + p.value + ": first-move-only moves (i) with doubleStep = false are not supported");
    else if (immobility_illegal() && stuck_somewhere(std::get<BetzaMoves>(parsed).legs))
      refuse_at(p.place, p.key + " = " + p.value +
                             ": immobilityIllegal = true for a piece that has no move from some squares is not supported");
  }
}

bool Converter::immobility_illegal() {
  if (!immobility_read_) immobility_ = flag("immobilityIllegal", false), immobility_read_ = true;
  return immobility_;
}

// Whether a man with these legs could stand on a square from which it has no move to an empty
// square, which is what Fairy-Stockfish's immobilityIllegal asks (as White; Black's squares are
// the same turned round).
bool Converter::stuck_somewhere(const std::vector<Leg>& legs) const {
  if (legs.empty()) return false;  // it never moves at all, so never onto such a square
  for (int f = 0; f < files_; ++f)
    for (int r = 0; r < ranks_; ++r)
      if (std::none_of(legs.begin(), legs.end(), [&](const Leg& l) {
            return l.mode != Mode::CaptureOnly && f + l.df >= 0 && f + l.df < files_ && r + l.dr >= 0 && r + l.dr < ranks_;
          }))
        return true;
  return false;
}

void Converter::read_pawn() {
  double_step_ = flag("doubleStep", true);
  double_step_rank_ = number("doubleStepRank", 2, 1, kMaxBoardSide);
  first_rank_double_steps_ = flag("firstRankDoubleSteps", false);
  promotion_rank_ = number("promotionRank", 8, 1, kMaxBoardSide);
  mandatory_promotion_ = flag("mandatoryPawnPromotion", true);
  const bool immobile_illegal = immobility_illegal();
  if (const Setting* st = get("promotionPieceTypes")) {
    for (const std::string& type : st->types) {
      if (type == "*" || !piece(type)) refuse("promotionPieceTypes", *st, "names " + type + ", which this variant does not have");
      else if (type == "king" || type == "pawn") refuse("promotionPieceTypes", *st, "promotion to a " + type + " is not supported");
      else promotion_choices_.push_back(type);
    }
  }
  if (const Setting* st = get("promotionLimit"))
    for (std::size_t i = 0; i < st->types.size(); ++i)
      if (st->counts[i] > 0) promotion_limits_[st->types[i]] = st->counts[i];
  if (!piece("pawn")) return;
  double_step_ranks_ = {double_step_rank_};
  if (first_rank_double_steps_) double_step_ranks_.insert(1);
  read_regions();
  const Setting* rank = get("promotionRank");
  if (promotion_rank_ > ranks_)
    refuse_at(rank ? rank->place : Place{s_.line, s_.name, false},
              "promotionRank = " + std::to_string(promotion_rank_) + ": beyond the board's " + std::to_string(ranks_) +
                  " ranks: pawns that never promote are not supported");
  if (promotion_choices_.empty())
    refuse_section("promotionPieceTypes is empty: pawns that cannot promote are not supported");
  if (!mandatory_promotion_ && !immobile_illegal)
    refuse("mandatoryPawnPromotion", *get("mandatoryPawnPromotion"),
           "a pawn that may stay unpromoted on the last rank is not supported (only with immobilityIllegal = true)");
  if (double_step_ && double_step_rank_ >= ranks_ - 1 && !get("doubleStepRegionWhite") && !get("doubleStepRegionBlack"))
    refuse("doubleStepRank", get("doubleStepRank") ? *get("doubleStepRank") : Setting{"2", {s_.line, s_.name, false}, {}, {}},
           "a double step off the board");
  for (const char* key : {"pawnTypes", "promotionPawnTypes", "enPassantTypes", "nMoveRuleTypes"})
    if (const Setting* st = get(key); st && st->types != std::vector<std::string>{"pawn"})
      refuse(key, *st, "only the pawn type can be a pawn in our variants");
}

// Newer Fairy-Stockfish writes the pawn's ranks as regions per side ("*2", "*7"): accepted when
// they are whole ranks, the same for both sides seen from their own side.
void Converter::read_regions() {
  auto ranks_of = [&](const std::string& key, bool black) -> std::optional<std::set<int>> {
    const Setting* st = get(key);
    if (!st) return std::nullopt;
    std::set<int> out;
    std::istringstream in(st->value);
    for (std::string token; in >> token;) {
      int rank = 0;
      if (token.size() < 2 || token[0] != '*' || token.size() > 3 ||
          !std::all_of(token.begin() + 1, token.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) ||
          (rank = std::stoi(token.substr(1))) < 1 || rank > ranks_) {
        refuse(key, *st, "only regions of whole ranks (*2 *3) are supported");
        return std::nullopt;
      }
      out.insert(black ? ranks_ + 1 - rank : rank);
    }
    return out;
  };
  auto both = [&](const std::string& white_key, const std::string& black_key, const std::set<int>& fallback) {
    const auto white = ranks_of(white_key, false), black = ranks_of(black_key, true);
    if (white && black && *white != *black)
      refuse(white_key, *get(white_key), "different ranks for the two sides are not supported");
    return white ? *white : black ? *black : fallback;
  };
  if (get("doubleStepRegionWhite") || get("doubleStepRegionBlack")) {
    double_step_ranks_ = both("doubleStepRegionWhite", "doubleStepRegionBlack", {2});
    if (double_step_ranks_.empty()) double_step_ = false;
    for (int r : double_step_ranks_)
      if (double_step_ && r >= ranks_ - 1) refuse_section("a double step off the board");
  }
  if (get("promotionRegionWhite") || get("promotionRegionBlack")) {
    const std::set<int> zone = both("promotionRegionWhite", "promotionRegionBlack", {ranks_});
    // From its first rank to the last: a pawn enters it on that rank, where it must (or may) promote.
    if (zone.empty() || *zone.rbegin() != ranks_ || int(zone.size()) != ranks_ + 1 - *zone.begin())
      refuse_section("a promotion region other than the last ranks of the board is not supported");
    else promotion_rank_ = *zone.begin();
  }
}

// Castling as Fairy-Stockfish makes it: the king, where it stands on the castling rank of the
// start position, goes to the kingside or queenside file; the outermost castling rook on that
// side goes next to it, on the inside.
void Converter::read_castling() {
  if (!flag("castling", true)) return;
  const int rank = number("castlingRank", 1, 1, kMaxBoardSide);
  const int kingside = file_number("castlingKingsideFile", 7), queenside = file_number("castlingQueensideFile", 3);
  std::string rook_type = "rook";
  for (const char* key : {"castlingRookPiece", "castlingRookPieces"})
    if (const Setting* st = get(key)) {
      if (st->types.size() != 1 || st->types[0] == "*" || st->types[0] == "-") refuse(key, *st, "castling needs one rook piece");
      else rook_type = st->types[0];
    }
  const IniPiece* king = piece("king");
  const IniPiece* rook = piece(rook_type);
  if (!king || !rook || rank > ranks_ || kingside > files_ || queenside > files_) return;
  const std::vector<char> row = fen_rank(rank);
  const auto king_at = std::find(row.begin(), row.end(), char(std::toupper(static_cast<unsigned char>(king->letter))));
  if (king_at == row.end()) return;
  const int king_file = int(king_at - row.begin());
  const char rook_letter = char(std::toupper(static_cast<unsigned char>(rook->letter)));
  castling_rook_ = rook_type;
  auto square = [&](int file) { return std::string(1, char('a' + file)) + std::to_string(rank); };
  for (int f = files_ - 1; f > king_file; --f)
    if (row[f] == rook_letter) {
      castling_K_ = "{ king = \"" + square(king_file) + "-" + square(kingside - 1) + "\", rook = \"" + square(f) + "-" +
                    square(kingside - 2) + "\" }";
      break;
    }
  for (int f = 0; f < king_file; ++f)
    if (row[f] == rook_letter) {
      castling_Q_ = "{ king = \"" + square(king_file) + "-" + square(queenside - 1) + "\", rook = \"" + square(f) + "-" +
                    square(queenside) + "\" }";
      break;
    }
}

// White's men on a rank of the start position (1-based), one letter or blank per file.
// All blank where the placement does not read: the setup is then refused by the loader.
std::vector<char> Converter::fen_rank(int rank) const {
  std::vector<char> out(std::size_t(files_), ' ');
  const auto fault = read_placement(files_, ranks_, std::string_view(fen_).substr(0, fen_.find(' ')), [&](int file, int r, char ch) {
    if (r == rank - 1) out[std::size_t(file)] = ch;
    return std::optional<std::string>();
  });
  return fault ? std::vector<char>(std::size_t(files_), ' ') : out;
}

void Converter::read_end_rules() {
  if (const Setting* st = get("checking"); st && flag("checking", true) == false)
    refuse("checking", *st, "a game without checks is not supported");
  if (const Setting* st = get("checkmateValue"); st && result_value("checkmateValue", "loss") != "loss")
    refuse("checkmateValue", *st, "checkmate must lose for the mated side");
  const std::string stalemate = result_value("stalemateValue", "draw");
  if (stalemate == "draw" || stalemate == "loss" || stalemate == "win") stalemate_ = stalemate;
  else refuse("stalemateValue", *get("stalemateValue"), "a stalemate that does not draw, lose or win for the stalemated side is not supported");
  const int n_fold = number("nFoldRule", 3, 0, 1000);
  if (const Setting* st = get("nFoldRule"); st && n_fold != 3) refuse("nFoldRule", *st, "only threefold repetition is supported");
  if (const Setting* st = get("nFoldValue"); st && result_value("nFoldValue", "draw") != "draw")
    refuse("nFoldValue", *st, "a repetition that does not draw is not supported");
  const int n_move = number("nMoveRule", 50, 0, 500);
  if (const Setting* st = get("nMoveRule"); st && n_move == 0)
    refuse("nMoveRule", *st, "a game without an n-move rule is not supported");
  fifty_move_plies_ = 2 * std::max(n_move, 1);
  const std::string extinction = result_value("extinctionValue", "none");
  if (extinction == "none") return;
  // Shatranj's bare king: a side left with its king alone loses, unless it bares the other
  // king at once (then a draw), which is our bare_king_loses.
  const Setting* types = get("extinctionPieceTypes");
  const bool bare_king = extinction == "loss" && flag("extinctionClaim", false) && types && types->types == std::vector<std::string>{"*"} &&
                         number("extinctionPieceCount", 0, 0, 1000) == 1 && number("extinctionOpponentPieceCount", 0, 0, 1000) == 2;
  if (bare_king) bare_king_loses_ = true;
  else refuse("extinctionValue", *get("extinctionValue"), "extinction rules other than shatranj's bare king are not supported");
}

}  // namespace arbiter::ini_import
