#include "rules/betza.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <utility>

namespace arbiter::rules {

namespace {

struct Atom {
  int a, b;  // a steps along the main axis (forward for W), b across, as Fairy-Stockfish writes them
};

std::vector<Atom> leaper_atoms(char c) {
  switch (c) {
    case 'W': return {{1, 0}};
    case 'F': return {{1, 1}};
    case 'D': return {{2, 0}};
    case 'N': return {{2, 1}};
    case 'A': return {{2, 2}};
    case 'H': return {{3, 0}};
    case 'C': case 'L': return {{3, 1}};
    case 'Z': case 'J': return {{3, 2}};
    case 'G': return {{3, 3}};
    case 'K': return {{1, 0}, {1, 1}};
    default: return {};
  }
}

std::vector<Atom> rider_atoms(char c) {
  switch (c) {
    case 'R': return {{1, 0}};
    case 'B': return {{1, 1}};
    case 'Q': return {{1, 0}, {1, 1}};
    default: return {};
  }
}

constexpr std::string_view kVerticals = "fbvh", kHorizontals = "rlsh";
bool vertical(char c) { return kVerticals.find(c) != std::string_view::npos; }
bool horizontal(char c) { return kHorizontals.find(c) != std::string_view::npos; }

// The eight images of an atom (a, b) as (dr, df), each with the direction words that select it:
// Fairy-Stockfish's table, word for word, so that its quirks (fN is only the two narrow forward
// moves; "fr" of a knight is its wide one, "rf" its narrow one) are ours too.
struct Image {
  int dr_a, dr_b, df_a, df_b;  // dr = dr_a * a + dr_b * b, df likewise
  std::array<std::string_view, 7> words;
};
constexpr std::array<Image, 8> kImages{{
    {1, 0, 0, 1, {"ff", "vv", "rf", "rv", "fh", "rh", "hr"}},
    {-1, 0, 0, -1, {"bb", "vv", "lb", "lv", "bh", "lh", "hr"}},
    {0, -1, 1, 0, {"rr", "ss", "br", "bs", "bh", "rh", "hr"}},
    {0, 1, -1, 0, {"ll", "ss", "fl", "fs", "fh", "lh", "hr"}},
    {0, 1, 1, 0, {"rr", "ss", "fr", "fs", "fh", "rh", "hl"}},
    {0, -1, -1, 0, {"ll", "ss", "bl", "bs", "bh", "lh", "hl"}},
    {-1, 0, 0, 1, {"bb", "vv", "rb", "rv", "bh", "rh", "hl"}},
    {1, 0, 0, -1, {"ff", "vv", "lf", "lv", "fh", "lh", "hl"}},
}};

// What the modifiers before an atom said.
struct Modifiers {
  bool quiet = false, capture = false, en_passant = false, initial = false;
  std::optional<std::size_t> hopper, lame;  // where they were written
  std::vector<std::string> directions;
  std::size_t start = 0;  // where this group began
  bool any() const { return quiet || capture || en_passant || initial || hopper || lame || !directions.empty(); }
};

void add_leg(std::vector<Leg>& legs, Leg leg) {
  for (Leg& old : legs)
    if (old.df == leg.df && old.dr == leg.dr && old.slide == leg.slide && old.range == leg.range &&
        old.hop == leg.hop && old.lame == leg.lame && old.initial == leg.initial) {
      if (old.mode != leg.mode) old.mode = Mode::Both;
      return;
    }
  legs.push_back(leg);
}

std::vector<Leg> expand(const std::vector<Atom>& atoms, const Modifiers& mods, bool slide, int range = 0,
                        Hop hop = Hop::None, bool lame = false) {
  const bool quiet = mods.quiet || !mods.capture, capture = mods.capture || !mods.quiet;
  const Mode mode = quiet && capture ? Mode::Both : quiet ? Mode::MoveOnly : Mode::CaptureOnly;
  std::vector<Leg> legs;
  for (const Atom& atom : atoms) {
    std::vector<std::string> words;
    for (const std::string& s : mods.directions)
      if (atoms.size() == 1 && atom.b == 0 && s[0] != s[1]) {  // fsW: forward and sideways
        words.push_back(std::string(2, s[0]));
        words.push_back(std::string(2, s[1]));
      } else {
        words.push_back(s);
      }
    for (const Image& image : kImages) {
      const bool chosen = words.empty() || std::any_of(words.begin(), words.end(), [&](const std::string& w) {
                            return std::find(image.words.begin(), image.words.end(), w) != image.words.end();
                          });
      if (!chosen) continue;
      add_leg(legs, {image.df_a * atom.a + image.df_b * atom.b, image.dr_a * atom.a + image.dr_b * atom.b, slide, mode,
                     range, hop, lame, mods.initial});
    }
  }
  return legs;
}

BetzaError at(std::size_t index, std::string reason) { return {index + 1, std::move(reason)}; }

// The pawn's double step, the first-move-only move the generator makes from its tables: forward
// two to an empty square over an empty one, written nD (lame) or W2/R2 (a rider of range 2).
bool is_double_step(const std::vector<Leg>& legs) {
  for (const Leg& leg : legs)
    if (leg.mode != Mode::MoveOnly || leg.df != 0 || leg.dr < 1 || leg.dr > 2) return false;
  return std::any_of(legs.begin(), legs.end(), [](const Leg& l) { return l.dr == 2; });
}

}  // namespace

std::string BetzaError::message() const { return "at character " + std::to_string(column) + ": " + reason; }

BetzaResult parse_betza(std::string_view text) {
  if (text.size() > kMaxBetzaLength)
    return at(kMaxBetzaLength, "longer than " + std::to_string(kMaxBetzaLength) + " characters");
  BetzaMoves out;
  Modifiers mods;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (!mods.any()) mods.start = i;
    if (c == 'm') {
      mods.quiet = true;
    } else if (c == 'c') {
      mods.capture = true;
    } else if (c == 'e') {
      mods.en_passant = true;
    } else if (c == 'p' || c == 'g') {
      mods.hopper = i;
    } else if (c == 'n') {
      mods.lame = i;
    } else if (c == 'i') {
      mods.initial = true;
    } else if (vertical(c) || horizontal(c)) {
      const char next = i + 1 < text.size() ? text[i + 1] : '\0';
      if (next == c || (vertical(c) && horizontal(next)) || (horizontal(c) && vertical(next))) {
        mods.directions.push_back({c, next});
        ++i;
      } else {
        mods.directions.push_back(std::string(2, c));
      }
    } else if (std::vector<Atom> atoms = leaper_atoms(c), riders = rider_atoms(c); !atoms.empty() || !riders.empty() || c == '(') {
      bool rider = !riders.empty();
      if (rider) atoms = riders;
      if (c == '(') {  // (a,b): a leaper of any step
        std::size_t close = text.find(')', i);
        std::string inner(text.substr(i + 1, close == std::string_view::npos ? 0 : close - i - 1));
        if (close == std::string_view::npos || inner.size() != 3 || !std::isdigit(static_cast<unsigned char>(inner[0])) ||
            !std::isdigit(static_cast<unsigned char>(inner[2])) || inner[1] != ',')
          return at(i, "expected (a,b) with two digits");
        const int a = inner[0] - '0', b = inner[2] - '0';
        if (a == 0 && b == 0) return at(i, "(0,0) is no move");
        atoms = {{std::max(a, b), std::min(a, b)}};
        i = close;
      }
      int range = 0;  // 0: unlimited
      if (i + 1 < text.size() && (std::isdigit(static_cast<unsigned char>(text[i + 1])) || (c != '(' && text[i + 1] == c))) {
        rider = true;
        if (std::isdigit(static_cast<unsigned char>(text[i + 1]))) range = text[i + 1] - '0';
        ++i;
      }
      if (mods.hopper && (mods.lame || !rider || range != 0))
        return at(*mods.hopper, "not supported: a hopper ('" + std::string(1, text[*mods.hopper]) +
                                    "') other than an unlimited rider (pR, gQ)");
      if (mods.initial) {
        // Fairy-Stockfish's lame D, or a range-2 rider, forward and to an empty square only: the
        // double step. Any other first-move-only move is a leg of its own, marked initial.
        const bool lame_d = mods.lame && !rider && c == 'D';
        const bool short_rider = rider && range == 2 && atoms.size() == 1 && atoms[0].a == 1 && atoms[0].b == 0;
        if ((lame_d || short_rider) && is_double_step(expand(lame_d ? atoms : std::vector<Atom>{{1, 0}, {2, 0}}, mods, false))) {
          out.double_step = true;
          mods = {};
          continue;
        }
        if (mods.en_passant) return at(mods.start, "not supported: e (en passant) on a first-move-only move");
      }
      if (rider && range == 1) rider = false, range = 0;
      if (mods.lame && (rider || std::any_of(atoms.begin(), atoms.end(), [](const Atom& a) { return a.a != 2; })))
        return at(*mods.lame, "not supported: a lame ('n') move other than a leap of two steps with one square between "
                              "(nD, nN, nA)");
      if (mods.en_passant) {
        if (!mods.capture || mods.quiet) return at(mods.start, "e (en passant) only on a capture-only move (ce)");
        out.en_passant = true;
      }
      const Hop hop = !mods.hopper ? Hop::None : text[*mods.hopper] == 'p' ? Hop::Cannon : Hop::Grasshopper;
      for (const Leg& leg : expand(atoms, mods, rider, range, hop, mods.lame.has_value())) add_leg(out.legs, leg);
      mods = {};
    } else {
      return at(i, std::string("unexpected '") + c + "'");
    }
  }
  if (mods.any()) return at(mods.start, "modifiers without a move letter after them");
  return out;
}

bool left_right_symmetric(const std::vector<Leg>& legs) {
  auto has = [&](const Leg& leg) {
    return std::any_of(legs.begin(), legs.end(), [&](const Leg& l) {
      return l.df == leg.df && l.dr == leg.dr && l.slide == leg.slide && l.mode == leg.mode && l.range == leg.range &&
             l.hop == leg.hop && l.lame == leg.lame && l.initial == leg.initial;
    });
  };
  return std::all_of(legs.begin(), legs.end(),
                     [&](const Leg& l) { return has({-l.df, l.dr, l.slide, l.mode, l.range, l.hop, l.lame, l.initial}); });
}

}  // namespace arbiter::rules
