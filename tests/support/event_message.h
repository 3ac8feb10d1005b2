#pragma once
// An event as `viewer` is told about it, read back from the texts a room broadcasts
// (protocol::event_texts): the tests look at what is sent, not at a second way of building it.
#include <cstddef>

#include <nlohmann/json.hpp>

#include "protocol/views.h"

namespace arbiter::testing {

inline nlohmann::json event_message(const protocol::Event& event, const match::Match& match, match::Time now,
                                    match::Viewer viewer) {
  return nlohmann::json::parse(*protocol::event_texts(event, match, now)[static_cast<std::size_t>(viewer)]);
}

}  // namespace arbiter::testing
