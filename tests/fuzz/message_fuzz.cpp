// libFuzzer target: what clients send and what the store gives back. The first byte picks the
// parser: a WebSocket command, a POST /api/games body, or a stored event (its type, a newline,
// its payload). A stored event that parses must write back as the same event.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "protocol/messages.h"
#include "storage/event_codec.h"

using namespace arbiter::protocol;
using arbiter::storage::decode_event;
using arbiter::storage::encode_event;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 3) {
    case 0:
      (void)parse_client_command(text);
      break;
    case 1:
      (void)parse_create_game(text);
      break;
    case 2: {
      const auto newline = text.find('\n');
      if (newline == std::string_view::npos) break;
      auto event = decode_event(text.substr(0, newline), text.substr(newline + 1));
      if (!event) break;
      const auto encoded = encode_event(*event);
      auto again = decode_event(encoded.type, encoded.payload);
      if (!again || !(*again == *event)) {
        std::fprintf(stderr, "an event does not read back as itself: %s\n", encoded.payload.c_str());
        std::abort();
      }
      break;
    }
  }
  return 0;
}
