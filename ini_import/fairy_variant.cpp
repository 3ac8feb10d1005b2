#include "ini_import/fairy_variant.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "ini_import/fairy_pieces.h"

namespace arbiter::ini_import {

namespace {

// Keys whose value names piece types by their letters, read against the pieces of the section
// that writes them (a child that changes a letter does not change what its parent meant).
const std::set<std::string> kTypeListKeys{"promotionPieceTypes", "extinctionPieceTypes", "pawnTypes",
                                          "promotionPawnTypes", "enPassantTypes", "nMoveRuleTypes"};
const std::set<std::string> kTypeKeys{"castlingRookPiece", "castlingRookPieces", "castlingKingPiece", "kingType",
                                      "flagPiece", "mustDropType"};

class SectionReader {
 public:
  SectionReader(const Section& section, bool builtin, IniVariant v) : s_(section), builtin_(builtin), v_(std::move(v)) {}

  IniVariant read() {
    for (const KeyLine& bad : s_.malformed) problem(bad.line, "'" + bad.key + "': not a key = value line");
    for (const KeyLine& kl : s_.keys)
      if (piece_key(kl.key)) read_piece(kl);
    for (const KeyLine& kl : s_.keys)
      if (!piece_key(kl.key)) read_setting(kl);
    return std::move(v_);
  }

 private:
  Place place(int line) const { return {line, s_.name, builtin_}; }
  void problem(int line, std::string text) { v_.problems.push_back({place(line), std::move(text)}); }

  // `knight = n` adds the type with that letter (or changes its letter), `knight = -` removes it;
  // a value that is neither leaves the pieces as they were.
  void read_piece(const KeyLine& kl) {
    auto remove = [&] { std::erase_if(v_.pieces, [&](const IniPiece& p) { return p.type == kl.key; }); };
    if (kl.value.empty() || kl.value[0] == '-') return remove();
    IniPiece piece{kl.key, char(std::tolower(static_cast<unsigned char>(kl.value[0]))), "", false, kl.key, kl.value,
                   place(kl.line)};
    const bool takes_betza = custom_piece_key(kl.key) || kl.key == "king";
    if (!std::isalpha(static_cast<unsigned char>(kl.value[0])))
      return problem(kl.line, kl.key + " = " + kl.value + ": must be a letter, or - to remove the piece");
    if (kl.value.size() > 1) {
      if (kl.value[1] != ':' || !takes_betza)
        return problem(kl.line, kl.key + " = " + kl.value +
                                    (takes_betza ? ": must be letter:Betza (a:BN)" : ": must be one letter (only king and customPieceN take a Betza)"));
      piece.betza = kl.value.substr(2);
      piece.custom_betza = true;
    } else if (custom_piece_key(kl.key)) {
      return problem(kl.line, kl.key + " = " + kl.value + ": must be letter:Betza (a:BN)");
    } else {
      piece.betza = std::string(*named_betza(kl.key));
    }
    for (IniPiece& p : v_.pieces)
      if (p.type == kl.key) return void(p = std::move(piece));
    v_.pieces.push_back(std::move(piece));
  }

  std::optional<std::string> type_of(char letter) const {
    for (const IniPiece& p : v_.pieces)
      if (p.letter == std::tolower(static_cast<unsigned char>(letter))) return p.type;
    return std::nullopt;
  }

  void read_setting(const KeyLine& kl) {
    Setting st{kl.value, place(kl.line), {}, {}};
    auto unknown_letter = [&](char c) { problem(kl.line, kl.key + " = " + kl.value + ": no piece has the letter '" + std::string(1, c) + "'"); };
    if (kTypeListKeys.count(kl.key)) {
      for (char c : kl.value) {
        if (c == ' ' || c == '-') continue;
        if (c == '*') st.types.push_back("*");
        else if (auto type = type_of(c)) st.types.push_back(*type);
        else unknown_letter(c);
      }
    } else if (kTypeKeys.count(kl.key)) {
      const char c = kl.value.empty() ? '-' : kl.value[0];
      if (c == '*' || c == '-') st.types.push_back(std::string(1, c));
      else if (auto type = type_of(c)) st.types.push_back(*type);
      else unknown_letter(c);
    } else if (kl.key == "promotionLimit") {  // "q:1 r:2", onto the parent's limits
      if (auto parent = v_.settings.find(kl.key); parent != v_.settings.end()) {
        st.types = parent->second.types;
        st.counts = parent->second.counts;
      }
      std::istringstream in(kl.value);
      std::string item;
      while (in >> item) {
        auto type = item.size() >= 3 && item[1] == ':' ? type_of(item[0]) : std::nullopt;
        int count = 0;
        try {
          count = type ? std::stoi(item.substr(2)) : -1;
        } catch (const std::exception&) {
          count = -1;
        }
        if (!type || count < 0 || std::to_string(count) != item.substr(2)) {
          problem(kl.line, kl.key + " = " + kl.value + ": '" + item + "' is not letter:count of a piece");
          continue;
        }
        const auto known = std::find(st.types.begin(), st.types.end(), *type);
        if (known != st.types.end()) {
          st.counts[std::size_t(known - st.types.begin())] = count;
        } else {
          st.types.push_back(*type);
          st.counts.push_back(count);
        }
      }
    }
    v_.settings[kl.key] = std::move(st);
  }

  const Section& s_;
  bool builtin_;
  IniVariant v_;
};

}  // namespace

std::map<std::string, IniVariant> resolve(const std::vector<Section>& sections, bool builtin,
                                          const std::map<std::string, IniVariant>& parents,
                                          std::map<std::string, std::string>* faults) {
  std::map<std::string, IniVariant> done;
  for (const Section& s : sections) {
    if (done.count(s.name) || (!builtin && parents.count(s.name))) {
      if (faults) (*faults)[s.name] = done.count(s.name) ? "a second section of this name" : "is a Fairy-Stockfish built-in: give it another name";
      continue;
    }
    IniVariant base;
    if (!s.parent.empty()) {
      if (auto it = done.find(s.parent); it != done.end()) base = it->second;
      else if (auto b = parents.find(s.parent); b != parents.end()) base = b->second;
      else {
        if (faults) (*faults)[s.name] = "no parent '" + s.parent + "' before this section (the Fairy-Stockfish built-ins this import knows: " + [&] {
          std::string names;
          for (const auto& [name, v] : parents) names += (names.empty() ? "" : ", ") + name;
          return names;
        }() + ")";
        continue;
      }
    }
    done[s.name] = SectionReader(s, builtin, std::move(base)).read();
  }
  return done;
}

}  // namespace arbiter::ini_import
