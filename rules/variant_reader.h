#pragma once
// One variant's table of a variants file read onto a copy of its parent, every fault collected with
// its place (variant_file.cpp reads the file and its parents): the variant's own fields and what
// only the whole variant can tell (variant_reader.cpp), its pieces (piece_reader.cpp).
#define TOML_HEADER_ONLY 1
#define TOML_ENABLE_FORMATTERS 0
#include <toml++/toml.h>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/variant.h"
#include "rules/variant_file.h"

namespace arbiter::rules {

inline int line_of(const toml::node& node) { return int(node.source().begin.line); }

// Reads one variant's table onto a copy of its parent, collecting every fault with its place.
class VariantReader {
 public:
  VariantReader(std::vector<VariantFileError>& errors, std::string name, const toml::table& table, Variant base)
      : errors_(errors), name_(std::move(name)), table_(table), v_(std::move(base)) {}

  // The variant's data, unfinished (a child builds on it), once it has been checked whole.
  std::optional<Variant> read();

 private:
  // In functions, not static members: the built-ins may be read while other files' statics are
  // initialised (an engine constant taken from a built-in's ratings).
  static bool variant_field(const std::string& key);
  static bool piece_field(const std::string& key);

  void fail(const toml::node& node, const std::string& field, std::string reason);
  void fail_variant(const std::string& field, std::string reason);

  // Typed getters on a table: absent leaves the value as it was (the parent's); the wrong type is an error.
  bool get_string(const toml::table& t, const std::string& path, const std::string& key, std::string& out);
  bool get_bool(const toml::table& t, const std::string& path, const std::string& key, bool& out);
  bool get_int(const toml::table& t, const std::string& path, const std::string& key, int& out, int low, int high);
  void read_string(const std::string& key, std::string& out) { get_string(table_, key, key, out); }
  void read_bool(const std::string& key, bool& out) { get_bool(table_, key, key, out); }
  void read_int(const std::string& key, int& out, int low, int high) { get_int(table_, key, key, out, low, high); }

  // The variant's fields (variant_reader.cpp).
  int kind_index(const std::string& id) const;
  std::optional<std::vector<int>> kinds_of(const toml::node& node, const std::string& path);
  void read_kind_list(const std::string& key, std::vector<int>& out);
  void read_geometry();
  void remove_kind(int k);
  void read_removals();
  void read_castling();
  std::optional<std::pair<Square, Square>> move_squares(const std::string& text) const;
  void read_end_rules();
  void read_level_ratings();
  void read_visibility();
  std::optional<Variant> validate();

  // Its pieces (piece_reader.cpp).
  void read_pieces();
  void read_piece(const toml::table& t, const std::string& path);
  void read_moves(const toml::table& t, const std::string& path, PieceKind& kind);
  static std::string drawing_names();

  std::vector<VariantFileError>& errors_;
  const std::size_t errors_before_ = errors_.size();
  std::string name_;
  const toml::table& table_;
  Variant v_;
  std::map<int, std::pair<const toml::node*, std::string>> facings_;  // read once every kind is known
};

}  // namespace arbiter::rules
