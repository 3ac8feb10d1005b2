// A converted section written as a variant of our variants file (rules/VARIANTS.md).
#include <algorithm>
#include <cctype>
#include <iterator>
#include <sstream>

#include "ini_import/converter.h"
#include "ini_import/fairy_pieces.h"
#include "rules/variant.h"

namespace arbiter::ini_import {

using rules::kDrawings;

namespace {

std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;  // no control characters in a value
    out += c;
  }
  return out + "\"";
}

std::string rank_list(const std::set<int>& ranks) {
  std::string out = "[";
  for (int r : ranks) out += (out.size() > 1 ? ", " : "") + std::to_string(r);
  return out + "]";
}

std::string id_list(const std::vector<std::string>& ids) {
  std::string out = "[";
  for (std::size_t i = 0; i < ids.size(); ++i) out += (i ? ", " : "") + quoted(ids[i]);
  return out + "]";
}

}  // namespace

// The start position with only the castling rights this variant has rules for: Fairy-Stockfish
// ignores the others (castling = false, or no rook on that side), our loader would refuse them.
std::string Converter::setup() const {
  std::istringstream in(fen_);
  std::vector<std::string> fields;
  for (std::string field; in >> field;) fields.push_back(field);
  if (fields.size() < 3 || fields[2].find_first_not_of("KQkq-") != std::string::npos) return fen_;
  std::string rights;
  for (char c : fields[2])
    if ((std::toupper(c) == 'K' && !castling_K_.empty()) || (std::toupper(c) == 'Q' && !castling_Q_.empty())) rights += c;
  fields[2] = rights.empty() ? "-" : rights;
  std::string out;
  for (const std::string& field : fields) out += (out.empty() ? "" : " ") + field;
  return out;
}

std::string Converter::write() const {
  std::ostringstream out;
  const std::string& name = s_.name;
  out << "# " << s_.header << ", line " << s_.line << " of the variants.ini\n";
  out << "[" << name << "]\n";
  out << "title = " << quoted(name) << "\n";
  out << "description = " << quoted("Imported from Fairy-Stockfish's variants.ini: " + s_.header + ".") << "\n";
  out << "files = " << files_ << "\nranks = " << ranks_ << "\n";
  out << "setup = " << quoted(setup()) << "\n";
  out << "promotion_choices = " << id_list(promotion_choices_) << "\n";
  if (castling_K_.empty() && castling_Q_.empty()) {
    out << "castling = false\n";
  } else {
    out << "castling = { rook = " << quoted(castling_rook_);
    if (!castling_K_.empty()) out << ", K = " << castling_K_;
    if (!castling_Q_.empty()) out << ", Q = " << castling_Q_;
    out << " }\n";
  }
  out << "stalemate = " << quoted(stalemate_) << "\n";
  out << "bare_king_loses = " << (bare_king_loses_ ? "true" : "false") << "\n";
  out << "repetition_draws = true\n";
  out << "fifty_move_plies = " << fifty_move_plies_ << "\n";
  // A lone bishop or knight cannot mate; under the bare-king rule the count decides instead.
  std::vector<std::string> lone_minor;
  for (const char* type : {"bishop", "knight"})
    if (piece(type) && !bare_king_loses_) lone_minor.push_back(type);
  out << "lone_minor = " << id_list(lone_minor) << "\n";
  for (const IniPiece& p : v_.pieces) {
    out << "[[" << name << ".pieces]]\n";
    out << "id = " << quoted(p.type) << "\n";
    out << "letter = " << quoted(std::string(1, char(std::toupper(static_cast<unsigned char>(p.letter))))) << "\n";
    if (std::find(std::begin(kDrawings), std::end(kDrawings), p.type) != std::end(kDrawings))  // the page's drawing of it
      out << "drawing = " << quoted(p.type) << "\n";
    if (p.type == "pawn") {
      out << "betza = " << quoted(double_step_ ? "fmWfceFifmnD" : "fmWfcF") << "\n";
      out << "pawn = true\n";
      if (double_step_) out << "double_step_ranks = " << rank_list(double_step_ranks_) << "\n";
      if (mandatory_promotion_) {
        out << "promotion_rank = " << promotion_rank_ << "\n";
      } else {
        out << "promotion_rank = " << ranks_ << "\n";
        out << "optional_promotion_from = " << promotion_rank_ << "\n";
      }
    } else {
      const std::string& betza = p.type == "king" && !p.custom_betza ? king_betza_ : p.betza;
      out << "betza = " << quoted(betza) << "\n";
      if (first_moves(betza))  // made from the pawns' double-step ranks, as Fairy-Stockfish does
        out << "double_step_ranks = " << rank_list(double_step_ranks_.empty() ? std::set{double_step_rank_} : double_step_ranks_) << "\n";
    }
    if (p.type == "king") out << "royal = true\n";
    if (std::find(lone_minor.begin(), lone_minor.end(), p.type) != lone_minor.end() && colour_bound(p.betza))
      out << "same_colour_pair_draws = true\n";
    if (auto limit = promotion_limits_.find(p.type); limit != promotion_limits_.end())
      out << "promotion_limit = " << limit->second << "\n";
  }
  return out.str();
}

}  // namespace arbiter::ini_import
