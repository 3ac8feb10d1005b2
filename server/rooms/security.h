#pragma once
// Secrets: seat tokens and invite codes come from the OS CSPRNG (OpenSSL RAND_bytes), are
// stored only as SHA-256 hex, and are compared in constant time.
#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter::security {

// `bytes` random bytes as unpadded base64url; throws if the CSPRNG fails.
std::string random_token(std::size_t bytes = 18);
// This process's node name (`arbiter serve --node`): every new game id, invitation code and seek
// id starts with it and "_", so that a front can route by it. Empty (the default): no prefix.
// Set once at start-up, before any id is made.
void set_node(std::string name);
const std::string& node();
// A valid node name: 1 to 8 of a-z and 0-9 (no "_" or "-": the first "_" ends it).
bool valid_node(std::string_view name);
// The node an id, invitation code or seek id names; empty for one made without --node.
std::string_view node_of(std::string_view id);
// A new game's public id: 12 random characters (ids are public; tokens are the secrets), after
// the node's name. Seek ids look alike.
std::string new_game_id();
// A new invitation code: 24 random characters (a secret, 144 bits), after the node's name.
std::string new_invite_code();
std::string sha256_hex(std::string_view text);
// Constant-time for equal lengths (hex digests always are).
bool same_secret(std::string_view a, std::string_view b);

}  // namespace arbiter::security
