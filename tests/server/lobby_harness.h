#pragma once
// For the Lobby tests: a Lobby over a real Registry and store, its clock in the test's hand, and
// people connected through the lobby's own peers (what a socket would call) to sockets that keep
// what they are sent.
#include <doctest/doctest.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "served_harness.h"
#include "server/lobby/lobby.h"
#include "server/rooms/socket_peer.h"

namespace arbiter::lobby_test {

using nlohmann::json;
using served_test::HandClock;

// A lobby socket: keeps every message it is sent (parsed), from one address.
class RecordingSocket : public Watcher {
 public:
  explicit RecordingSocket(std::string address) : address_(std::move(address)) {}
  void send(std::shared_ptr<const std::string> text) override {
    std::lock_guard lock(mutex_);
    sent_.push_back(json::parse(*text));
  }
  const std::string& client() const override { return address_; }
  void close_going_away() override {}

  // The messages of type `t` it was sent.
  std::vector<json> of_type(const std::string& t) const {
    std::lock_guard lock(mutex_);
    std::vector<json> found;
    for (const auto& message : sent_)
      if (message.value("t", "") == t) found.push_back(message);
    return found;
  }
  // The error codes it was sent, in order.
  std::vector<std::string> errors() const {
    std::vector<std::string> codes;
    for (const auto& message : of_type("error")) codes.push_back(message.value("code", ""));
    return codes;
  }

 private:
  std::string address_;
  mutable std::mutex mutex_;
  std::vector<json> sent_;
};

// One person on the lobby: the lobby's peer for their connection, and their socket.
struct Person {
  std::unique_ptr<SocketPeer> peer;
  std::shared_ptr<RecordingSocket> socket;

  void say(const json& command) const { peer->received(socket, command.dump()); }
  void leave() const { peer->closed(socket); }
  // Seeks a game as White; returns the seek's id.
  std::string seek(const std::string& name = "Ann") const {
    const auto before = socket->of_type("seeking").size();
    say({{"t", "seek"}, {"variant", "chess"}, {"color", "white"}, {"name", name}});
    const auto seeking = socket->of_type("seeking");
    REQUIRE(seeking.size() == before + 1);
    return seeking.back()["seek"]["id"];
  }
  void accept(const std::string& id, const std::string& secret, const std::string& name = "Bob") const {
    say({{"t", "accept"}, {"id", id}, {"name", name}, {"token", secret}});
  }
};

// A taker's own seat secret, as the page makes one (22 to 64 base64url characters).
inline std::string secret(char fill) { return std::string(32, fill); }

inline LobbySettings quick_sweeps() {
  LobbySettings settings;
  settings.sweep_every = std::chrono::milliseconds(0);  // every tick sweeps: the hand clock decides
  return settings;
}

class LobbyHarness {
 public:
  explicit LobbyHarness(AddressLimitSettings limits = {}, LobbySettings settings = quick_sweeps())
      : limits_(limits),
        lobby_(served_.io(), served_.registry(), limits_, make_memory_seek_board(), [] { return std::size_t{0}; }, settings,
               clock_.reader()) {}

  Lobby& lobby() { return lobby_; }
  HandClock& clock() { return clock_; }
  served_test::RegistryHarness& served() { return served_; }

  Person connect(const std::string& browser = "", const std::string& address = "198.51.100.7") {
    Person person{lobby_.peer(browser), std::make_shared<RecordingSocket>(address)};
    person.peer->opened(person.socket);
    return person;
  }

  // The seek ids of the last list `person` was sent (its snapshot, then each update), in order.
  static std::vector<std::string> listed(const Person& person) {
    std::vector<std::string> ids;
    for (const auto& seek : person.socket->of_type("lobby").back()["seeks"]) ids.push_back(seek["id"]);
    for (const auto& update : person.socket->of_type("lobby_update")) {
      for (const auto& gone : update["removed"]) std::erase(ids, gone.get<std::string>());
      std::vector<std::string> added;
      for (const auto& seek : update["added"]) added.push_back(seek["id"]);
      ids.insert(ids.begin(), added.begin(), added.end());
    }
    return ids;
  }

 private:
  HandClock clock_;
  served_test::RegistryHarness served_;
  AddressLimits limits_;
  Lobby lobby_;
};

}  // namespace arbiter::lobby_test
