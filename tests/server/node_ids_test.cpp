// Node names in ids (arbiter serve --node): what a front routes by.
#include <doctest/doctest.h>

#include "server/rooms/registry.h"
#include "server/rooms/security.h"

using namespace arbiter;

namespace {
// Sets the node for one test case and puts back the default (none) after it.
struct NodeNamed {
  explicit NodeNamed(std::string name) { security::set_node(std::move(name)); }
  ~NodeNamed() { security::set_node(""); }
};
}  // namespace

TEST_CASE("without a node, ids and codes are random base64url alone, and name no node") {
  const std::string id = security::new_game_id(), code = security::new_invite_code();
  CHECK(id.size() == 12);
  CHECK(code.size() == 24);
  CHECK(plausible_key(id));
  CHECK(security::node_of(id).empty());
  CHECK(security::node_of(code).empty());
}

TEST_CASE("a node's ids and codes start with its name and name it") {
  NodeNamed node("b7");
  const std::string id = security::new_game_id(), code = security::new_invite_code();
  CHECK(id.starts_with("b7_"));
  CHECK(id.size() == 3 + 12);
  CHECK(code.size() == 3 + 24);
  CHECK(plausible_key(id));
  CHECK(plausible_key(code));
  CHECK(security::node_of(id) == "b7");
  CHECK(security::node_of(code) == "b7");
}

TEST_CASE("an old id with a '_' in it names no node: the random part has another length") {
  CHECK(security::node_of("ab_cdefghijk").empty());              // 12 characters: an old id
  CHECK(security::node_of("abcdefgh_ijklmnopqrstuvw").empty());  // 24: an old code
  CHECK(security::node_of("A_bcdefghijklm").empty());            // a node name is lower case
  CHECK(security::node_of("abcdefghi_bcdefghijklm").empty());    // at most 8 characters
  CHECK(security::node_of("a_bc_efghijklm") == "a");             // the random part may hold '_'
}

TEST_CASE("node names") {
  CHECK(security::valid_node("a"));
  CHECK(security::valid_node("node12"));
  CHECK_FALSE(security::valid_node(""));
  CHECK_FALSE(security::valid_node("toolongname"));
  CHECK_FALSE(security::valid_node("a_b"));
  CHECK_FALSE(security::valid_node("a-b"));
  CHECK_FALSE(security::valid_node("A"));
}
