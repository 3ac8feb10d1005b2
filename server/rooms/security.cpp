#include "server/rooms/security.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace arbiter::security {

std::string random_token(std::size_t bytes) {
  std::vector<unsigned char> raw(bytes);
  if (RAND_bytes(raw.data(), static_cast<int>(raw.size())) != 1) throw std::runtime_error("RAND_bytes failed");
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (unsigned char byte : raw) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += kAlphabet[(buffer >> bits) & 63];
    }
  }
  if (bits > 0) out += kAlphabet[(buffer << (6 - bits)) & 63];
  return out;
}

std::string sha256_hex(std::string_view text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(text.data(), text.size(), digest, &length, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed");
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned i = 0; i < length; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 15];
  }
  return out;
}

namespace {
std::string node_name;
constexpr std::size_t kIdBytes = 9, kInviteBytes = 18;  // 12 and 24 base64url characters
std::string with_node(std::string random) { return node_name.empty() ? random : node_name + "_" + random; }
}  // namespace

void set_node(std::string name) { node_name = std::move(name); }
const std::string& node() { return node_name; }

bool valid_node(std::string_view name) {
  return !name.empty() && name.size() <= 8 &&
         std::all_of(name.begin(), name.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
}

// A random part is exactly 12 or 24 characters: an id without a node part is one of those
// lengths alone, so that "ab_" inside an old id is never read as a node.
std::string_view node_of(std::string_view id) {
  auto underscore = id.find('_');
  if (underscore == std::string_view::npos) return {};
  std::string_view node = id.substr(0, underscore);
  const std::size_t random = id.size() - underscore - 1;
  if (!valid_node(node) || (random != 4 * kIdBytes / 3 && random != 4 * kInviteBytes / 3)) return {};
  return node;
}

std::string new_game_id() { return with_node(random_token(kIdBytes)); }
std::string new_invite_code() { return with_node(random_token(kInviteBytes)); }

bool same_secret(std::string_view a, std::string_view b) {
  return a.size() == b.size() && !a.empty() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace arbiter::security
