#pragma once
// One resolved section turned into a variant of our file, or refused with every reason: the
// section's keys read into our model (converter.cpp), then written as our variants file
// (variant_writer.cpp).
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ini_import/fairy_variant.h"
#include "ini_import/ini_sections.h"
#include "ini_import/variant_ini.h"
#include "rules/betza.h"

namespace arbiter::ini_import {

class Converter {
 public:
  Converter(const Section& section, const IniVariant& v, std::vector<IniRefusal>& refusals)
      : s_(section), v_(v), refusals_(refusals), refusals_before_(refusals.size()) {}

  std::optional<std::string> convert();

 private:
  // Refusals, each naming the key, its line and the section it was written in.
  void refuse_at(const Place& place, const std::string& text);
  void refuse(const std::string& key, const Setting& st, const std::string& reason);
  void refuse_section(const std::string& reason);

  // A key's value read as a flag, a number, a file or a result; a bad value is refused.
  const Setting* get(const std::string& key) const;
  bool flag(const std::string& key, bool fallback);
  int number(const std::string& key, int fallback, int low, int high);
  int file_number(const std::string& key, int fallback);
  std::string result_value(const std::string& key, const std::string& fallback);

  // The section read into our model, one part of the rules at a time.
  void check_known(const std::string& key, const Setting& st);
  void read_board();
  const IniPiece* piece(const std::string& type) const;
  void read_pieces();
  bool immobility_illegal();
  bool stuck_somewhere(const std::vector<rules::Leg>& legs) const;
  void read_pawn();
  void read_regions();
  void read_castling();
  std::vector<char> fen_rank(int rank) const;
  void read_end_rules();

  // Our variants file's text of it.
  std::string setup() const;
  std::string write() const;

  const Section& s_;
  const IniVariant& v_;
  std::vector<IniRefusal>& refusals_;
  const std::size_t refusals_before_;
  int files_ = 8, ranks_ = 8;
  std::string fen_;
  std::string king_betza_ = "K";
  bool immobility_ = false, immobility_read_ = false;
  bool double_step_ = true, first_rank_double_steps_ = false, mandatory_promotion_ = true;
  int double_step_rank_ = 2, promotion_rank_ = 8;
  std::set<int> double_step_ranks_;
  std::vector<std::string> promotion_choices_;
  std::map<std::string, int> promotion_limits_;
  std::string castling_rook_, castling_K_, castling_Q_;
  std::string stalemate_ = "draw";
  bool bare_king_loses_ = false;
  int fifty_move_plies_ = 100;
};

}  // namespace arbiter::ini_import
