#include "rules/variant_ini.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <variant>

#include "rules/betza.h"
#include "rules/placement.h"
#include "rules/variant_file.h"

namespace arbiter::rules {

namespace {

// ---- The ini text: sections of `key = value` lines, as Fairy-Stockfish reads them. ----

struct KeyLine {
  std::string key, value;
  int line;
};

struct Section {
  std::string name, parent, header;  // header: "[gothic2:capablanca]"
  int line = 0;
  std::vector<KeyLine> keys;
  std::vector<KeyLine> malformed;  // lines that are no `key = value`
};

std::string trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return std::string(s.substr(first, s.find_last_not_of(" \t\r") - first + 1));
}

// Lines before the first section are ignored, as Fairy-Stockfish does; so are blank lines and
// comments (# or ;).
std::vector<Section> parse_sections(std::string_view text) {
  std::vector<Section> sections;
  int number = 0;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string line = trimmed(text.substr(at, end - at));
    at = end + 1;
    ++number;
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line[0] == '[') {
      Section s;
      s.line = number;
      const std::string inside = line.substr(1, line.find(']') == std::string::npos ? std::string::npos : line.find(']') - 1);
      s.header = "[" + inside + "]";
      const auto colon = inside.find(':');
      s.name = trimmed(inside.substr(0, colon));
      if (colon != std::string::npos) s.parent = trimmed(inside.substr(colon + 1));
      if (line.find(']') == std::string::npos) s.malformed.push_back({line, "", number});
      sections.push_back(std::move(s));
      continue;
    }
    if (sections.empty()) continue;
    const auto equals = line.find('=');
    if (equals == std::string::npos) sections.back().malformed.push_back({line, "", number});
    else sections.back().keys.push_back({trimmed(line.substr(0, equals)), trimmed(line.substr(equals + 1)), number});
  }
  return sections;
}

// ---- A variant as Fairy-Stockfish holds it: pieces by type, and its other keys. ----

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

// Fairy-Stockfish's named piece types and how they move (its Betza); the pawn's moves are its
// variant's pawn rules.
constexpr std::pair<std::string_view, std::string_view> kNamedPieces[] = {
    {"pawn", ""},           {"knight", "N"},         {"bishop", "B"},          {"rook", "R"},
    {"queen", "Q"},         {"fers", "F"},           {"alfil", "A"},           {"fersAlfil", "FA"},
    {"silver", "FfW"},      {"aiwok", "RNF"},        {"bers", "RF"},           {"archbishop", "BN"},
    {"chancellor", "RN"},   {"amazon", "QN"},        {"knibis", "mNcB"},       {"biskni", "mBcN"},
    {"kniroo", "mNcR"},     {"rookni", "mRcN"},      {"shogiPawn", "fW"},      {"lance", "fR"},
    {"shogiKnight", "fN"},  {"euroshogiKnight", "fNsW"}, {"gold", "WfF"},      {"dragonHorse", "BW"},
    {"clobber", "cW"},      {"breakthrough", "fmWfF"}, {"immobile", ""},       {"cannon", "mRcpR"},
    {"janggiCannon", "pR"}, {"soldier", "fsW"},      {"horse", "nN"},          {"elephant", "nA"},
    {"janggiElephant", "nZ"}, {"banner", "RcpRnN"},  {"wazir", "W"},           {"commoner", "K"},
    {"centaur", "KN"},      {"king", "K"},
};

std::optional<std::string_view> named_betza(std::string_view type) {
  for (const auto& [name, betza] : kNamedPieces)
    if (name == type) return betza;
  return std::nullopt;
}

bool custom_piece_key(const std::string& key) {
  if (key.rfind("customPiece", 0) != 0 || key.size() < 12 || key.size() > 13) return false;
  const std::string number = key.substr(11);
  if (!std::all_of(number.begin(), number.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return false;
  const int n = std::stoi(number);
  return n >= 1 && n <= 25 && number[0] != '0';
}

bool piece_key(const std::string& key) { return named_betza(key) || custom_piece_key(key); }

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

// ---- Fairy-Stockfish's built-ins that a section may inherit from, as this import describes them
// (Fairy-Stockfish's variant.cpp, version 11; each one Fairy-Stockfish's default template, which
// holds chess's men, plus what differs). ----

constexpr std::string_view kBuiltinParents = R"ini(
[chess]
pawn = p
knight = n
bishop = b
rook = r
queen = q
king = k
promotionPieceTypes = qrbn

[nocastle:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
castling = false

[fairy:chess]
silver = s
fers = f

[capablanca:chess]
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = c
archbishop = a
chancellor = c
startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
promotionPieceTypes = acqrbn

[gothic:capablanca]
startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1

[embassy:capablanca]
castlingKingsideFile = h
castlingQueensideFile = b
startFen = rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1

[janus:chess]
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = b
archbishop = j
startFen = rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1
promotionPieceTypes = jqrbn

[modern:chess]
maxRank = 9
maxFile = 9
promotionRank = 9
archbishop = m
startFen = rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1
promotionPieceTypes = mqrbn

[chancellor:chess]
maxRank = 9
maxFile = 9
promotionRank = 9
chancellor = c
startFen = rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1
promotionPieceTypes = cqrbn

[centaur:chess]
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = c
centaur = c
startFen = rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1
promotionPieceTypes = cqrbn

[almost:chess]
queen = -
chancellor = c
startFen = rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1
promotionPieceTypes = crbn

[amazon:chess]
queen = -
amazon = a
startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1
promotionPieceTypes = arbn

[chigorin:chess]
chancellor = c
startFen = rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1
promotionPieceTypes = qcrbn

[hoppelpoppel:chess]
knight = -
bishop = -
knibis = n
biskni = b
promotionPieceTypes = qrbn

[newzealand:chess]
rook = -
knight = -
rookni = r
kniroo = n
castlingRookPiece = r
promotionPieceTypes = qrbn

[losalamos:chess]
maxRank = 6
maxFile = 6
bishop = -
startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1
promotionRank = 6
promotionPieceTypes = qrn
doubleStep = false
castling = false

[gardner:chess]
maxRank = 5
maxFile = 5
startFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1
promotionRank = 5
doubleStep = false
castling = false

[shatranj:chess]
bishop = -
queen = -
alfil = b
fers = q
startFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
promotionPieceTypes = q
doubleStep = false
castling = false
extinctionValue = loss
extinctionClaim = true
extinctionPieceTypes = *
extinctionPieceCount = 1
extinctionOpponentPieceCount = 2
stalemateValue = loss
nMoveRule = 70

[courier:chess]
maxFile = 12
queen = -
alfil = e
fers = f
commoner = m
wazir = w
startFen = rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1
promotionPieceTypes = f
doubleStep = false
castling = false
extinctionValue = loss
extinctionClaim = true
extinctionPieceTypes = *
extinctionPieceCount = 1
extinctionOpponentPieceCount = 2
stalemateValue = loss

[grand:chess]
maxRank = 10
maxFile = 10
archbishop = a
chancellor = c
startFen = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1
promotionPieceTypes = acqrbn
promotionRank = 8
promotionLimit = a:1 c:1 q:1 r:2 b:2 n:2
mandatoryPawnPromotion = false
immobilityIllegal = true
doubleStepRank = 3
castling = false

[shako:chess]
maxRank = 10
maxFile = 10
fersAlfil = e
cannon = c
startFen = c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1
promotionPieceTypes = qrbnce
promotionRank = 10
castlingKingsideFile = h
castlingQueensideFile = d
castlingRank = 2
doubleStepRank = 3

[makruk:chess]
bishop = -
queen = -
silver = s
fers = m
startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1
promotionRank = 6
promotionPieceTypes = m
doubleStep = false
castling = false
nMoveRule = 0
countingRule = makruk
)ini";

// Keys that change nothing our rules hold: how a GUI draws or an engine values the pieces, and
// options that act only on drops (which are refused).
const std::set<std::string> kIgnoredKeys{
    "variantTemplate", "pieceToCharTable", "pocketSize", "endgameEval", "pieceValueMg", "pieceValueEg",
    "dropChecks", "shogiDoubledPawn", "whiteDropRegion", "blackDropRegion", "dropRegionWhite", "dropRegionBlack",
    "mustDropType", "dropNoDoubled", "dropNoDoubledCount", "castlingDroppedPiece", "firstRankPawnDrops",
    "promotionZonePawnDrops", "dropLoop", "dropPromoted", "dropOppositeColoredBishop", "sittuyinRookDrop",
    "dropOnTop", "enclosingDropStart", "shogiPawnDropMateIllegal"};

// Keys this import reads into our model (their values are checked where they are read).
const std::set<std::string> kReadKeys{
    "maxRank", "maxFile", "startFen", "promotionRank", "promotionPieceTypes", "promotionLimit",
    "mandatoryPawnPromotion", "immobilityIllegal", "doubleStep", "doubleStepRank", "firstRankDoubleSteps",
    "castling", "castlingKingsideFile", "castlingQueensideFile", "castlingRank", "castlingRookPiece",
    "castlingRookPieces", "castlingKingPiece", "kingType", "checking", "nMoveRule", "nFoldRule", "nFoldValue",
    "stalemateValue", "checkmateValue", "extinctionValue", "extinctionClaim", "extinctionPieceTypes",
    "extinctionPieceCount", "extinctionOpponentPieceCount", "doubleStepRegionWhite", "doubleStepRegionBlack",
    "promotionRegionWhite", "promotionRegionBlack", "pawnTypes", "promotionPawnTypes", "enPassantTypes", "nMoveRuleTypes"};

// Rules our model has no place for: the key, the values that mean "not used", and the rule named.
struct Unsupported {
  std::string_view key;
  std::vector<std::string_view> harmless;
  std::string_view rule;
};
const std::vector<Unsupported> kUnsupported{
    {"chess960", {"false"}, "Chess960 castling is not supported"},
    {"twoBoards", {"false"}, "two boards (bughouse) are not supported"},
    {"pieceDrops", {"false"}, "drops are not supported"},
    {"mustDrop", {"false"}, "drops are not supported"},
    {"capturesToHand", {"false"}, "captured men going to a hand are not supported"},
    {"mustCapture", {"false"}, "compulsory captures are not supported"},
    {"gating", {"false"}, "gating is not supported"},
    {"seirawanGating", {"false"}, "gating is not supported"},
    {"cambodianMoves", {"false"}, "Cambodian first moves are not supported"},
    {"kingPass", {"false"}, "passing is not supported"},
    {"kingPassOnStalemate", {"false"}, "passing is not supported"},
    {"pass", {"false"}, "passing is not supported"},
    {"passOnStalemate", {"false"}, "passing is not supported"},
    {"makpongRule", {"false"}, "the makpong rule (no king moves out of check) is not supported"},
    {"flyingGeneral", {"false"}, "the flying general is not supported"},
    {"perpetualCheckIllegal", {"false"}, "a ban on perpetual check is not supported"},
    {"moveRepetitionIllegal", {"false"}, "a ban on repeated moves is not supported"},
    {"shatarMateRule", {"false"}, "shatar's mating rules are not supported"},
    {"bikjangRule", {"false"}, "bikjang (facing kings) is not supported"},
    {"checkCounting", {"false"}, "winning by a count of checks is not supported"},
    {"sittuyinPromotion", {"false"}, "Sittuyin's promotion is not supported"},
    {"promotedPieceType", {"", "-"}, "promotion of men other than pawns is not supported"},
    {"piecePromotionOnCapture", {"false"}, "promotion of men other than pawns is not supported"},
    {"mandatoryPiecePromotion", {"false"}, "promotion of men other than pawns is not supported"},
    {"pieceDemotion", {"false"}, "demotion is not supported"},
    {"nFoldValueAbsolute", {"false"}, "a repetition result other than a draw is not supported"},
    {"extinctionPseudoRoyal", {"false"}, "pseudo-royal men are not supported"},
    {"dupleCheck", {"false"}, "pseudo-royal men are not supported"},
    {"blastOnCapture", {"false"}, "explosions (atomic) are not supported"},
    {"connectN", {"0"}, "winning by connecting men is not supported"},
    {"connectNxN", {"0"}, "winning by connecting men is not supported"},
    {"collinearN", {"0"}, "winning by connecting men is not supported"},
    {"materialCounting", {"none"}, "adjudication by counting material is not supported"},
    {"countingRule", {"none"}, "counting rules (makruk, ASEAN) are not supported"},
    {"chasingRule", {"none"}, "chasing rules are not supported"},
    {"flagPiece", {"-", "*", ""}, "capture-the-flag wins are not supported"},
    {"flagPieceWhite", {"-", "*", ""}, "capture-the-flag wins are not supported"},
    {"flagPieceBlack", {"-", "*", ""}, "capture-the-flag wins are not supported"},
    {"whiteFlag", {""}, "capture-the-flag wins are not supported"},
    {"blackFlag", {""}, "capture-the-flag wins are not supported"},
    {"flagRegion", {""}, "capture-the-flag wins are not supported"},
    {"flagRegionWhite", {""}, "capture-the-flag wins are not supported"},
    {"flagRegionBlack", {""}, "capture-the-flag wins are not supported"},
    {"flagMove", {"false"}, "capture-the-flag wins are not supported"},
    {"diagonalLines", {""}, "Janggi's palace diagonals are not supported"},
    {"soldierPromotionRank", {"1"}, "soldiers that change their moves are not supported"},
    {"stalematePieceCount", {"false"}, "a stalemate decided by counting men is not supported"},
    {"wallingRule", {"none"}, "walls are not supported"},
    {"wallOrMove", {"false"}, "walls are not supported"},
    {"enclosingDrop", {"none"}, "drops are not supported"},
    {"flipEnclosedPieces", {"none"}, "men changing colour are not supported"},
    {"castlingWins", {"", "-"}, "castling as a win condition is not supported"},
    {"oppositeCastling", {"false"}, "castling restricted by the opponent's castling is not supported"},
    {"adjudicateFullBoard", {"false"}, "adjudication by counting material is not supported"},
};

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

// A man whose every move keeps to squares of one colour (the bishop): a king and one such man
// each, both on one colour, cannot mate, as the built-ins' bishops say with same_colour_pair_draws.
bool colour_bound(const std::string& betza) {
  const BetzaResult parsed = parse_betza(betza);
  const auto* moves = std::get_if<BetzaMoves>(&parsed);
  return moves && !moves->legs.empty() && !moves->double_step &&
         std::all_of(moves->legs.begin(), moves->legs.end(), [](const Leg& l) { return (l.df + l.dr) % 2 == 0; });
}

// Whether a piece has first-move-only moves (Betza i), which Fairy-Stockfish lets a man make from
// the variant's double-step region.
bool first_moves(const std::string& betza) {
  const BetzaResult parsed = parse_betza(betza);
  const auto* moves = std::get_if<BetzaMoves>(&parsed);
  return moves && (moves->double_step ||
                   std::any_of(moves->legs.begin(), moves->legs.end(), [](const Leg& l) { return l.initial; }));
}

bool valid_name(const std::string& name) {
  return !name.empty() && name.size() <= 32 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

// One resolved section turned into a variant of our file, or refused with every reason.
class Converter {
 public:
  Converter(const Section& section, const IniVariant& v, std::vector<IniRefusal>& refusals)
      : s_(section), v_(v), refusals_(refusals), refusals_before_(refusals.size()) {}

  std::optional<std::string> convert() {
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

 private:
  // "line 12: [gothic2:capablanca] castling = maybe (from [base]): must be true or false"
  void refuse_at(const Place& place, const std::string& text) {
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
  void refuse(const std::string& key, const Setting& st, const std::string& reason) {
    refuse_at(st.place, key + " = " + st.value + ": " + reason);
  }
  void refuse_section(const std::string& reason) {
    refusals_.push_back({s_.line, s_.name, "line " + std::to_string(s_.line) + ": " + s_.header + ": " + reason});
  }

  const Setting* get(const std::string& key) const {
    auto it = v_.settings.find(key);
    return it == v_.settings.end() ? nullptr : &it->second;
  }
  bool flag(const std::string& key, bool fallback) {
    const Setting* st = get(key);
    if (!st) return fallback;
    if (st->value != "true" && st->value != "false") return refuse(key, *st, "must be true or false"), fallback;
    return st->value == "true";
  }
  int number(const std::string& key, int fallback, int low, int high) {
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
  int file_number(const std::string& key, int fallback) {
    const Setting* st = get(key);
    if (st && st->value.size() == 1 && std::islower(static_cast<unsigned char>(st->value[0]))) {
      const int n = st->value[0] - 'a' + 1;
      if (n <= kMaxBoardSide) return n;
    }
    return number(key, fallback, 1, kMaxBoardSide);
  }
  std::string result_value(const std::string& key, const std::string& fallback) {
    const Setting* st = get(key);
    if (!st) return fallback;
    if (st->value != "win" && st->value != "loss" && st->value != "draw" && st->value != "none")
      return refuse(key, *st, "must be win, loss, draw or none"), fallback;
    return st->value;
  }

  void check_known(const std::string& key, const Setting& st) {
    if (kIgnoredKeys.count(key) || kReadKeys.count(key)) return;
    if (key.rfind("mobilityRegion", 0) == 0) {
      if (!st.value.empty()) refuse(key, st, "men confined to a region of the board are not supported");
      return;
    }
    for (const Unsupported& u : kUnsupported)
      if (u.key == key) {
        if (std::find(u.harmless.begin(), u.harmless.end(), st.value) == u.harmless.end()) refuse(key, st, std::string(u.rule));
        return;
      }
    refuse(key, st, "not a Fairy-Stockfish option this import converts");
  }

  void read_board() {
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

  const IniPiece* piece(const std::string& type) const {
    for (const IniPiece& p : v_.pieces)
      if (p.type == type) return &p;
    return nullptr;
  }

  void read_pieces() {
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
  bool immobility_illegal() {
    if (!immobility_read_) immobility_ = flag("immobilityIllegal", false), immobility_read_ = true;
    return immobility_;
  }
  // Whether a man with these legs could stand on a square from which it has no move to an empty
  // square, which is what Fairy-Stockfish's immobilityIllegal asks (as White; Black's squares are
  // the same turned round).
  bool stuck_somewhere(const std::vector<Leg>& legs) const {
    if (legs.empty()) return false;  // it never moves at all, so never onto such a square
    for (int f = 0; f < files_; ++f)
      for (int r = 0; r < ranks_; ++r)
        if (std::none_of(legs.begin(), legs.end(), [&](const Leg& l) {
              return l.mode != Mode::CaptureOnly && f + l.df >= 0 && f + l.df < files_ && r + l.dr >= 0 && r + l.dr < ranks_;
            }))
          return true;
    return false;
  }

  void read_pawn() {
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
  void read_regions() {
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
  void read_castling() {
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
  std::vector<char> fen_rank(int rank) const {
    std::vector<char> out(std::size_t(files_), ' ');
    const auto fault = read_placement(files_, ranks_, std::string_view(fen_).substr(0, fen_.find(' ')), [&](int file, int r, char ch) {
      if (r == rank - 1) out[std::size_t(file)] = ch;
      return std::optional<std::string>();
    });
    return fault ? std::vector<char>(std::size_t(files_), ' ') : out;
  }

  void read_end_rules() {
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

  // The start position with only the castling rights this variant has rules for: Fairy-Stockfish
  // ignores the others (castling = false, or no rook on that side), our loader would refuse them.
  std::string setup() const {
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

  std::string write() const {
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

// Every section resolved onto its parent, as Fairy-Stockfish does: a parent must be a built-in
// or a section before it.
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

const std::map<std::string, IniVariant>& builtin_parents() {
  static const std::map<std::string, IniVariant> parents = resolve(parse_sections(kBuiltinParents), true, {}, nullptr);
  return parents;
}

}  // namespace

std::vector<std::string> ini_builtin_parents() {
  std::vector<std::string> names;
  for (const auto& [name, v] : builtin_parents()) names.push_back(name);
  return names;
}

IniImport import_variants_ini(std::string_view text, const std::vector<std::string>& only) {
  IniImport out;
  if (text.size() > kMaxVariantFileBytes) {
    out.refusals.push_back({0, "", "the file is larger than " + std::to_string(kMaxVariantFileBytes) + " bytes"});
    return out;
  }
  const std::vector<Section> sections = parse_sections(text);
  std::map<std::string, std::string> faults;
  std::set<std::string> seen;
  const std::map<std::string, IniVariant> resolved = resolve(sections, false, builtin_parents(), &faults);
  for (const std::string& name : only)
    if (std::none_of(sections.begin(), sections.end(), [&](const Section& s) { return s.name == name; }))
      out.refusals.push_back({0, name, "no section [" + name + "] in the file"});
  for (const Section& s : sections) {
    if (!only.empty() && std::find(only.begin(), only.end(), s.name) == only.end()) continue;
    if (!seen.insert(s.name).second) {
      out.refusals.push_back({s.line, s.name, "line " + std::to_string(s.line) + ": " + s.header + ": a second section of this name"});
      continue;
    }
    if (auto fault = faults.find(s.name); fault != faults.end() && !resolved.count(s.name)) {
      out.refusals.push_back({s.line, s.name, "line " + std::to_string(s.line) + ": " + s.header + ": " + fault->second});
      continue;
    }
    std::optional<std::string> toml = Converter(s, resolved.at(s.name), out.refusals).convert();
    if (!toml) continue;
    // Our loader has the last word (the start position, letters, limits): its errors refuse the section.
    const VariantFile check = load_variant_file(*toml);
    if (!check.errors.empty()) {
      int line = s.line;
      for (const KeyLine& kl : s.keys)
        if (kl.key == "startFen") line = kl.line;
      for (const VariantFileError& e : check.errors) {
        const bool setup = e.field.size() >= 6 && e.field.compare(e.field.size() - 6, 6, ".setup") == 0;
        const int at = setup ? line : s.line;
        const std::string field = setup ? "startFen" : e.field.substr(std::min(e.field.size(), s.name.size() + 1));
        out.refusals.push_back({at, s.name, "line " + std::to_string(at) + ": " + s.header + (field.empty() ? "" : " " + field) + ": " + e.reason});
      }
      continue;
    }
    if (out.converted.size() >= std::size_t(kMaxVariantsPerFile)) {
      out.refusals.push_back({s.line, s.name, "line " + std::to_string(s.line) + ": " + s.header + ": more than " +
                                                  std::to_string(kMaxVariantsPerFile) + " variants in one file"});
      continue;
    }
    out.toml += (out.toml.empty() ? "" : "\n") + *toml;
    out.converted.push_back(s.name);
  }
  std::stable_sort(out.refusals.begin(), out.refusals.end(), [](const IniRefusal& a, const IniRefusal& b) { return a.line < b.line; });
  return out;
}

}  // namespace arbiter::rules
