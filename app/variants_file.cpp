#include "app/variants_file.h"

#include <fstream>

namespace arbiter {

std::string LoadedVariants::error(std::size_t i) const {
  const rules::VariantFileError& e = file.errors[i];
  std::string text = path;
  if (e.line > 0) {
    text += ':';
    text += std::to_string(e.line);
  }
  text += ": ";
  text += e.field;
  text += ": ";
  text += e.reason;
  return text;
}

std::string LoadedVariants::first_error() const {
  std::string text = error(0);
  if (file.errors.size() > 1)
    text += " (and " + std::to_string(file.errors.size() - 1) + " more: arbiter check-variants shows all)";
  return text;
}

LoadedVariants read_variants_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {path, {{}, {{0, "file", "cannot be read"}}}};
  std::string text(rules::kMaxVariantFileBytes + 1, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(std::size_t(in.gcount()));
  return {path, rules::load_variant_file(text)};
}

}  // namespace arbiter
