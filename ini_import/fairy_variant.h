#pragma once
// A variant as Fairy-Stockfish holds it: pieces by type, and its other keys, each section read onto
// its parent's.
#include <map>
#include <string>
#include <vector>

#include "ini_import/ini_sections.h"

namespace arbiter::ini_import {

// Where a key was written: in which section (of the file, or of the built-ins), on which line.
struct Place {
  int line = 0;
  std::string section;
  bool builtin = false;
};

struct Setting {
  std::string value;
  Place place;
  std::vector<std::string> types;  // the piece types a key names by letter, read when it was written
  std::vector<int> counts;         // promotionLimit: a count per type
};

struct IniPiece {
  std::string type;  // "knight", "customPiece1"
  char letter;       // lower case
  std::string betza;
  bool custom_betza = false;
  std::string key, value;
  Place place;
};

struct Problem {
  Place place;
  std::string text;  // "key = value: reason"
};

struct IniVariant {
  std::vector<IniPiece> pieces;
  std::map<std::string, Setting> settings;
  std::vector<Problem> problems;  // faults in how keys were written, inherited by children
};

// Every section resolved onto its parent, as Fairy-Stockfish does: a parent must be a built-in
// or a section before it.
std::map<std::string, IniVariant> resolve(const std::vector<Section>& sections, bool builtin,
                                          const std::map<std::string, IniVariant>& parents,
                                          std::map<std::string, std::string>* faults);

// Fairy-Stockfish's built-ins that a section may inherit from, as this import describes them.
const std::map<std::string, IniVariant>& builtin_parents();

}  // namespace arbiter::ini_import
