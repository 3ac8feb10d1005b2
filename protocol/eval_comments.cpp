#include "protocol/eval_comments.h"

#include <cstdio>

namespace arbiter::protocol {

using nlohmann::json;

std::string eval_comment(const json& eval) {
  if (eval.contains("mate")) {
    const int mate = eval["mate"].get<int>();
    return mate == 0 ? "" : "[%eval #" + std::to_string(mate) + "]";
  }
  char pawns[32];
  std::snprintf(pawns, sizeof pawns, "%.2f", eval.value("cp", 0) / 100.0);
  return "[%eval " + std::string(pawns) + "]";
}

std::vector<std::string> eval_comments(const json& analysis) {
  std::vector<std::string> comments;
  for (const auto& entry : analysis.at("positions")) comments.push_back(eval_comment(entry.at("eval")));
  return comments;
}

}  // namespace arbiter::protocol
