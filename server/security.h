#pragma once
// Secrets: seat tokens and invite codes come from the OS CSPRNG (OpenSSL RAND_bytes), are
// stored only as SHA-256 hex, and are compared in constant time.
#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter::security {

// `bytes` random bytes as unpadded base64url; throws if the CSPRNG fails.
std::string random_token(std::size_t bytes = 18);
// A new game's public id: 12 characters (ids are public; tokens are the secrets).
inline std::string new_game_id() { return random_token(9); }
std::string sha256_hex(std::string_view text);
// Constant-time for equal lengths (hex digests always are).
bool same_secret(std::string_view a, std::string_view b);

}  // namespace arbiter::security
