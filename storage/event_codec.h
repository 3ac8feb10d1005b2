#pragma once
// The stored form of a game's events: storage's own, not the wire's (storage/README.md lists its
// names). A type per event kind and a JSON object of that kind's fields; renaming anything here
// is a schema migration, renaming a wire field is not.
#include <optional>
#include <string>
#include <string_view>

#include "match/event.h"

namespace arbiter::storage {

struct EncodedEvent {
  std::string type;     // "moved", "ended", ...: the events table's `type`
  std::string payload;  // JSON object text: the events table's `payload`
};

EncodedEvent encode_event(const match::Event& event);
// nullopt for an unknown type, or a payload that is not exactly what encode_event writes for it.
std::optional<match::Event> decode_event(std::string_view type, std::string_view payload);

}  // namespace arbiter::storage
