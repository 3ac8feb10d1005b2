#pragma once
// The commonest client message, a move, read without building a JSON tree: a flat object of a few
// plain members ({"t":"move","move":"e2e4","ply":12}). Only what the general parser
// (client_json.h) would read to exactly the same members is taken; anything else (escapes,
// nesting, signs, fractions, repeated keys, more members) is left to it, so this path decides
// nothing the general one would decide differently.
#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>

namespace arbiter::protocol {

struct FlatMember {
  std::string_view key;
  std::variant<std::string_view, std::uint64_t> value;  // a string without escapes, or a whole number
};

struct FlatObject {
  static constexpr std::size_t kMaxMembers = 4;
  FlatMember members[kMaxMembers];
  std::size_t size = 0;

  const FlatMember* find(std::string_view key) const;
};

// The object, or nullopt when the text is not of that simple shape (it may still be valid JSON).
std::optional<FlatObject> read_flat_object(std::string_view text);

}  // namespace arbiter::protocol
