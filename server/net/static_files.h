#pragma once
// The web page's files: the app's routes (/, /game/<id>, /join/<code>) get index.html, other
// paths the file of that name under the web directory, never anything outside it.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter {

struct StaticFile {
  std::string content_type;
  std::string body;
};

class StaticFiles {
 public:
  explicit StaticFiles(std::filesystem::path root);
  std::optional<StaticFile> get(std::string_view target) const;
  const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path root_;
};

// The Content-Type of a kind of file the page is made of; nullopt for any other kind (not served).
std::optional<std::string_view> content_type_for(std::string_view extension);

}  // namespace arbiter
