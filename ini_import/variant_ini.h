#pragma once
// Fairy-Stockfish's variants.ini turned into our variants file (rules/VARIANTS.md, "Importing a
// Fairy-Stockfish variants.ini"). Pure: the caller reads the file and hands over its text.
//
// Each section is converted whole (every field stated, no parent): a parent that is a
// Fairy-Stockfish built-in is resolved from this import's own description of that built-in, as
// Fairy-Stockfish would (its rules copied, then the section's keys applied). A section that uses
// a rule our model cannot express is refused, naming the key, its line and the rule; the others
// are still converted.
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::ini_import {

struct IniRefusal {
  int line;              // 1-based line of the key (or of the section's header)
  std::string variant;   // the section's name
  std::string message;   // "line 40: [shogi] pieceDrops = true: drops are not supported"
};

struct IniImport {
  std::string toml;                    // a variants file of the converted sections, in the ini's order
  std::vector<std::string> converted;  // their names
  std::vector<IniRefusal> refusals;    // every reason a section was refused (a section may have several)
};

// Converts every section, or only those named in `only` (a name that is no section is refused).
IniImport import_variants_ini(std::string_view text, const std::vector<std::string>& only = {});

// The Fairy-Stockfish built-ins a section may name as its parent, as this import describes them.
std::vector<std::string> ini_builtin_parents();

}  // namespace arbiter::ini_import
