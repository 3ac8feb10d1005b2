// `arbiter import-variants`: Fairy-Stockfish's variants.ini converted to our variants file
// (ini_import/variant_ini.h). No server code here.
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "app/commands.h"
#include "ini_import/variant_ini.h"
#include "rules/variant_file.h"

namespace arbiter {

std::string import_variants_usage() {
  std::string parents;
  for (const std::string& name : ini_import::ini_builtin_parents()) parents += (parents.empty() ? "" : " ") + name;
  return "usage: arbiter import-variants FILE.ini [--variant NAME ...]\n"
         "Converts Fairy-Stockfish's variants.ini to a variants file (rules/VARIANTS.md) on standard output,\n"
         "each variant whole. A section that uses a rule our variants cannot express is refused on standard\n"
         "error, naming the key, its line and the rule; the others are still printed. Exit code 2 if any was refused.\n"
         "  --variant NAME   only this section (repeatable); its parents are still read\n"
         "Fairy-Stockfish built-ins a section may inherit from: " + parents + "\n";
}

int import_variants_command(const Args& args) {
  std::string path;
  std::vector<std::string> only;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--variant") {
      if (i + 1 >= args.size()) return std::cerr << "arbiter: --variant needs a name\n", 2;
      only.push_back(args[++i]);
    } else if (args[i].rfind("--", 0) == 0 || !path.empty()) {
      return std::cerr << "arbiter: import-variants takes one file and --variant NAME\n", 2;
    } else {
      path = args[i];
    }
  }
  if (path.empty()) return std::cerr << "arbiter: import-variants needs a variants.ini\n", 2;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::cerr << "arbiter: " << path << ": cannot be read\n", 2;
  std::string text(rules::kMaxVariantFileBytes + 1, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(std::size_t(in.gcount()));

  const ini_import::IniImport imported = ini_import::import_variants_ini(text, only);
  if (!imported.converted.empty())
    std::cout << "# Converted by arbiter import-variants from " << path << " (Fairy-Stockfish's variants.ini).\n\n"
              << imported.toml;
  for (const ini_import::IniRefusal& refusal : imported.refusals) std::cerr << "arbiter: " << path << ": " << refusal.message << "\n";
  return imported.refusals.empty() ? 0 : 2;
}

}  // namespace arbiter
