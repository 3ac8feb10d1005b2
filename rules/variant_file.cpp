#include "rules/variant_file.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "rules/toml_guard.h"
#include "rules/variant_reader.h"
#include "rules/variants/builtin_file.h"

namespace arbiter::rules {

std::string VariantFileError::message() const {
  return (line > 0 ? "line " + std::to_string(line) + ": " : std::string()) + field + ": " + reason;
}

namespace {

bool valid_name(const std::string& name) {
  return !name.empty() && name.size() <= 32 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

std::optional<Variant> builtin(const std::string& name) {
  for (const Variant& v : builtin_variants())
    if (v.name == name) return v;
  return std::nullopt;
}

}  // namespace

VariantFile load_variant_file(std::string_view text, VariantSource source) {
  const bool operator_file = source == VariantSource::Operator;
  VariantFile out;
  if (text.size() > kMaxVariantFileBytes) {
    out.errors.push_back({0, "file", "larger than " + std::to_string(kMaxVariantFileBytes) + " bytes"});
    return out;
  }
  if (auto line = stray_non_ascii_line(text)) {
    out.errors.push_back({*line, "file", "not TOML: a character outside ASCII stands outside a string or comment"});
    return out;
  }
  toml::table root;
  try {
    root = toml::parse(text);
  } catch (const toml::parse_error& e) {
    out.errors.push_back({int(e.source().begin.line), "file", "not TOML: " + std::string(e.description())});
    return out;
  }
  std::vector<std::pair<int, std::string>> names;  // in the order of the file
  for (auto&& [key, node] : root) {
    const std::string name(key.str());
    if (!node.is_table()) out.errors.push_back({line_of(node), name, "must be a table: [" + name + "]"});
    else if (!valid_name(name)) out.errors.push_back({line_of(node), name, "a variant's name is 1-32 of a-z 0-9 _ -"});
    else if (operator_file && builtin(name)) out.errors.push_back({line_of(node), name, "is a built-in variant; give yours another name"});
    else names.emplace_back(int(key.source().begin.line), name);
  }
  if (names.size() > std::size_t(kMaxVariantsPerFile)) {
    out.errors.push_back({0, "file", "more than " + std::to_string(kMaxVariantsPerFile) + " variants"});
    return out;
  }
  std::sort(names.begin(), names.end());

  // Each variant unfinished (its parent's data plus its own), built once, parents first.
  std::map<std::string, std::optional<Variant>> built;
  std::set<std::string> building;  // the chain of children whose parents are being built
  std::function<std::optional<Variant>(const std::string&, int)> build = [&](const std::string& name, int depth) -> std::optional<Variant> {
    if (auto found = built.find(name); found != built.end()) return found->second;
    const toml::table& table = *root[name].as_table();
    std::optional<Variant> base;
    std::string parent;
    if (const toml::node* node = table.get("parent")) {
      if (!node->is_string()) {
        out.errors.push_back({line_of(*node), name + ".parent", "must be a variant's name"});
      } else if (parent = node->as_string()->get(); building.count(parent)) {
        out.errors.push_back({line_of(*node), name + ".parent", "'" + parent + "' is its own ancestor (a cycle)"});
      } else if (depth >= kMaxInheritance) {
        out.errors.push_back({line_of(*node), name + ".parent", "more than " + std::to_string(kMaxInheritance) + " parents deep"});
      } else if (auto b = operator_file ? builtin(parent) : std::nullopt) {
        base = b;
      } else if (std::any_of(names.begin(), names.end(), [&](auto& n) { return n.second == parent; })) {
        building.insert(name);
        base = build(parent, depth + 1);  // its errors are its own
        building.erase(name);
      } else {
        out.errors.push_back({line_of(*node), name + ".parent", "no variant '" + parent + "'"});
      }
      if (!base) return built[name] = std::nullopt;
    } else {
      base = Variant{};
    }
    return built[name] = VariantReader(out.errors, name, table, *base).read();
  };
  for (const auto& [line, name] : names)
    if (auto v = build(name, 0)) {
      v->finish();
      out.variants.push_back(std::move(*v));
    }
  if (!out.errors.empty()) out.variants.clear();
  return out;
}

}  // namespace arbiter::rules
