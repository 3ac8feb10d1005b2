#include "protocol/pgn_reader.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "protocol/pgn.h"
#include "rules/variant.h"

namespace arbiter::protocol {
namespace {

bool same_letters(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y)); });
}

// A variant by its name, its title or its PGN name (`pgn_variant`, as pgn.cpp writes the tag); no
// tag, or lichess's "Standard", is the PGN standard's own game, whichever variant claims it.
const rules::Variant* variant_named(std::string_view name) {
  if (name.empty() || same_letters(name, "standard")) name = kPgnOwnGame;
  for (const rules::Variant* variant : rules::all_variants())
    if (same_letters(variant->name, name) || same_letters(variant->title, name) ||
        (!variant->pgn_variant.empty() && same_letters(variant->pgn_variant, name)))
      return variant;
  return nullptr;
}

// SAN as written by hand or by other programs: without check marks and annotations.
std::string bare(std::string_view san) {
  std::string out(san);
  while (!out.empty() && std::string_view("+#!?").find(out.back()) != std::string_view::npos) out.pop_back();
  return out;
}

bool is_result(std::string_view token) { return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*"; }

struct Parsed {
  std::map<std::string, std::string> tags;
  std::vector<std::string> tokens;  // the moves, one a token (a two-move turn is still one)
  std::string result = "*";
};

rules::Result<Parsed> parse(std::string_view text) {
  Parsed parsed;
  std::size_t i = 0;
  bool in_moves = false;
  auto skip_to = [&](char end) {
    auto found = text.find(end, i);
    i = found == std::string_view::npos ? text.size() : found + 1;
  };
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '[') {
      if (in_moves) break;  // the next game's tags
      auto end = text.find(']', i);
      if (end == std::string_view::npos) return rules::Error{"a tag is not closed"};
      std::string_view tag = text.substr(i + 1, end - i - 1);
      auto space = tag.find(' ');
      auto open = tag.find('"'), close = tag.rfind('"');
      if (space == std::string_view::npos || open == std::string_view::npos || close <= open)
        return rules::Error{"a tag is not [Name \"value\"]: [" + std::string(tag) + "]"};
      std::string value;
      for (std::size_t k = open + 1; k < close; ++k) {
        if (tag[k] == '\\' && k + 1 < close) ++k;
        value += tag[k];
      }
      parsed.tags[std::string(tag.substr(0, space))] = value;
      i = end + 1;
    } else if (c == '{') {
      skip_to('}');
    } else if (c == ';') {
      skip_to('\n');
    } else if (c == '(') {
      int depth = 0;
      for (; i < text.size(); ++i) {
        if (text[i] == '{') skip_to('}'), --i;
        else if (text[i] == '(') ++depth;
        else if (text[i] == ')' && --depth == 0) break;
      }
      ++i;
    } else {
      in_moves = true;
      std::size_t end = i;
      while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != '{' &&
             text[end] != '(' && text[end] != ';')
        ++end;
      std::string_view token = text.substr(i, end - i);
      i = end;
      if (is_result(token)) {
        parsed.result = std::string(token);
        break;
      }
      if (token.front() == '$') continue;  // a NAG
      // "12." and "12..." alone, or glued to the move ("12.e4").
      std::size_t digits = 0;
      while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) ++digits;
      if (digits > 0 && digits < token.size() && token[digits] == '.') {
        token.remove_prefix(digits);
        while (!token.empty() && token.front() == '.') token.remove_prefix(1);
      }
      if (!token.empty()) parsed.tokens.emplace_back(token);
    }
  }
  return parsed;
}

}  // namespace

rules::Result<PgnGame> read_pgn(std::string_view text, std::string_view variant_name) {
  auto parsed = parse(text);
  if (!parsed) return rules::Error{parsed.error()};
  const std::string tag_variant = parsed->tags.contains("Variant") ? parsed->tags.at("Variant") : "";
  const rules::Variant* variant = variant_named(variant_name.empty() ? std::string_view(tag_variant) : variant_name);
  if (!variant) return rules::Error{"unknown variant '" + std::string(variant_name.empty() ? tag_variant : variant_name) + "'"};
  const std::string fen = parsed->tags.contains("FEN") ? parsed->tags.at("FEN") : variant->start_fen;
  auto start = rules::Position::from_fen(*variant, fen);
  if (!start) return rules::Error{"bad FEN: " + start.error()};
  rules::Game game(*start);
  for (const auto& token : parsed->tokens) {
    std::size_t from = 0;
    for (;;) {  // a Centennial turn: "Sd2,Rj2"
      const auto comma = token.find(',', from);
      const std::string san = bare(std::string_view(token).substr(from, comma == std::string::npos ? std::string::npos : comma - from));
      const auto sans = game.position().legal_sans();
      const auto legal = game.position().legal_moves();  // in legal_sans()'s order
      auto found = std::find_if(sans.begin(), sans.end(), [&](const std::string& s) { return bare(s) == san; });
      if (found != sans.end()) {
        game.play(legal[static_cast<std::size_t>(found - sans.begin())]);
      } else if (auto move = game.play(san); !move) {  // UCI, as some programs write
        return rules::Error{"move " + std::to_string(game.moves().size() + 1) + " '" + san + "' is not legal here"};
      }
      if (comma == std::string::npos) break;
      from = comma + 1;
    }
  }
  return PgnGame{std::move(parsed->tags), std::move(game), parsed->result};
}

}  // namespace arbiter::protocol
