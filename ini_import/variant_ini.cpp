#include "ini_import/variant_ini.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "ini_import/converter.h"
#include "ini_import/fairy_variant.h"
#include "ini_import/ini_sections.h"
#include "rules/variant_file.h"

namespace arbiter::ini_import {

using rules::kMaxVariantFileBytes;
using rules::kMaxVariantsPerFile;
using rules::load_variant_file;
using rules::VariantFile;
using rules::VariantFileError;

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

}  // namespace arbiter::ini_import
