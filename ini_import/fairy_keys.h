#pragma once
// Which of Fairy-Stockfish's keys this import reads, which it ignores, and which name a rule our
// variants cannot express.
#include <optional>
#include <string>

namespace arbiter::ini_import {

// Why a section with this key and value is refused ("drops are not supported"), or nothing for a
// key this import reads (its value is checked where it is read), ignores, or holds at a value
// that means "not used".
std::optional<std::string> key_refusal(const std::string& key, const std::string& value);

}  // namespace arbiter::ini_import
