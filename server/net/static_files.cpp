#include "server/net/static_files.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "server/api/url.h"

namespace arbiter {
namespace {

constexpr std::uintmax_t kMaxFileBytes = 16 * 1024 * 1024;

bool app_route(std::string_view path) {
  return path == "/" || path == "/index.html" || path.starts_with("/game/") || path.starts_with("/join/");
}

// Relative, without "..", ".", empty or hidden segments, NULs or backslashes.
std::optional<std::filesystem::path> safe_relative(std::string_view path) {
  std::filesystem::path out;
  std::size_t start = 1;
  while (start <= path.size()) {
    auto end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    std::string_view segment = path.substr(start, end - start);
    if (segment.empty() || segment.front() == '.' || segment.find('\\') != std::string_view::npos ||
        segment.find('\0') != std::string_view::npos)
      return std::nullopt;
    out /= std::string(segment);
    start = end + 1;
  }
  return out;
}

}  // namespace

std::optional<std::string_view> content_type_for(std::string_view extension) {
  if (extension == ".html") return "text/html; charset=utf-8";
  if (extension == ".js" || extension == ".mjs") return "text/javascript; charset=utf-8";
  if (extension == ".css") return "text/css; charset=utf-8";
  if (extension == ".json") return "application/json";
  if (extension == ".svg") return "image/svg+xml";
  if (extension == ".png") return "image/png";
  if (extension == ".ico") return "image/x-icon";
  if (extension == ".webp") return "image/webp";
  if (extension == ".woff2") return "font/woff2";
  if (extension == ".txt") return "text/plain; charset=utf-8";
  if (extension == ".pgn") return "application/x-chess-pgn";
  return std::nullopt;  // not a kind of file the page is made of (a README, a backup): not served
}

StaticFiles::StaticFiles(std::filesystem::path root) : root_(std::filesystem::weakly_canonical(root)) {}

std::optional<StaticFile> StaticFiles::get(std::string_view target) const {
  auto decoded = url::decode(url::path_of(target));
  if (!decoded || decoded->empty() || decoded->front() != '/') return std::nullopt;
  auto relative = app_route(*decoded) ? std::optional(std::filesystem::path("index.html")) : safe_relative(*decoded);
  if (!relative) return std::nullopt;

  std::error_code ec;
  auto file = std::filesystem::weakly_canonical(root_ / *relative, ec);
  auto content_type = content_type_for(file.extension().string());
  if (ec || !content_type) return std::nullopt;
  // A symlink out of the web directory is outside it too.
  auto [root_end, file_it] = std::mismatch(root_.begin(), root_.end(), file.begin(), file.end());
  if (root_end != root_.end()) return std::nullopt;
  if (!std::filesystem::is_regular_file(file, ec) || std::filesystem::file_size(file, ec) > kMaxFileBytes)
    return std::nullopt;

  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream body;
  body << in.rdbuf();
  return StaticFile{std::string(*content_type), body.str()};
}

}  // namespace arbiter
