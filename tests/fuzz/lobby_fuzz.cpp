// libFuzzer target: the lobby's messages. Each input line is one command from one of four lobby
// sockets (its first byte picks the socket; sockets 0 and 1 are one browser, 0 to 2 one address), parsed by
// parse_lobby_command and carried out by a real Lobby over a real SQLite store, ticking between
// lines. Socket 3 is slow: it holds what it is sent until every other line, so it falls behind.
// "@ID" and "@TOKEN" stand for the last seek opened and its creator's token, so that accepts,
// cancels and reclaims reach real seeks. Every message the lobby sends must be a JSON object with "t", and after the last line every
// socket's list (its snapshot with the updates applied) must be a newcomer's.
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

#include "protocol/lobby_messages.h"
#include "server/limits/address_limits.h"
#include "server/lobby/lobby.h"
#include "server/net/websocket_session.h"
#include "server/rooms/registry.h"
#include "storage/store.h"
#include "tests/fuzz/fuzz_support.h"

using namespace arbiter;
using nlohmann::json;

namespace {

constexpr int kInputsPerWorld = 500;
constexpr int kSockets = 4;
constexpr int kSlow = 3;
constexpr int kTurnsPerLine = 8;  // io_context handlers run between lines: ticks, stored games

using fuzz::fail;

struct LastSeek {
  std::string id, token;
};

// A lobby socket that keeps its list as the page does.
class FakeSocket : public Watcher {
 public:
  FakeSocket(std::string address, bool slow, LastSeek& last) : address_(std::move(address)), slow_(slow), last_(last) {}

  void send(std::shared_ptr<const std::string> text) override {
    held_.push_back(std::move(text));
    if (!slow_) drain();
  }
  const std::string& client() const override { return address_; }
  void close_going_away() override {}

  // Reads what it holds, as a session writes its queue.
  void drain() {
    for (const auto& text : held_) read(*text);
    held_.clear();
  }
  const std::map<std::string, json>& seeks() const { return seeks_; }
  std::int64_t more() const { return more_; }

 private:
  void read(const std::string& text) {
    json message = json::parse(text, nullptr, false);
    if (!message.is_object() || !message.contains("t") || !message["t"].is_string()) fail("not a lobby message: " + text);
    const std::string type = message["t"];
    if (type == "seeking") {
      last_ = {message.at("seek").at("id"), message.at("token")};
      return;
    }
    if (type == "lobby") {
      seeks_.clear();
      for (const auto& seek : message.at("seeks")) seeks_[seek.at("id")] = seek;
    } else if (type == "lobby_update") {
      for (const auto& id : message.at("removed")) seeks_.erase(id.get<std::string>());
      for (const auto& seek : message.at("added")) seeks_[seek.at("id")] = seek;
    } else {
      return;
    }
    more_ = message.at("more");
  }

  const std::string address_;
  const bool slow_;
  LastSeek& last_;
  std::vector<std::shared_ptr<const std::string>> held_;
  std::map<std::string, json> seeks_;
  std::int64_t more_ = 0;
};

LobbySettings fuzz_settings() {
  LobbySettings settings;
  settings.tick = std::chrono::milliseconds(0);  // a tick at every turn of the io_context
  settings.shown_seeks = 4;                      // small enough that seeks fall out of the window
  settings.seek_burst = 1000;                    // the per-socket rate is not what this tests
  return settings;
}

class World {
 public:
  explicit World(const std::filesystem::path& db)
      : store_(storage::Store::open(db.string())),
        registry_(io_, *store_),
        limits_(AddressLimitSettings{}),
        lobby_(io_, registry_, limits_, make_memory_seek_board(), [] { return std::size_t{kSockets}; }, fuzz_settings()) {
    lobby_.start();
    for (int i = 0; i < kSockets; ++i) open(i);
  }

  ~World() {
    lobby_.stop();
    io_.poll();
    registry_.close_all();
    store_->close();
  }

  void line(std::string_view text) {
    if (text.empty()) return;
    const int who = static_cast<unsigned char>(text[0]) % kSockets;
    std::string command(text.substr(1));
    for (auto [name, value] : {std::pair<std::string_view, const std::string&>{"@ID", last_.id}, {"@TOKEN", last_.token}})
      for (auto at = command.find(name); at != std::string::npos; at = command.find(name, at + value.size()))
        command.replace(at, name.size(), value);
    if (command == "close") {  // the socket goes, another comes in its place
      peers_[who]->closed(sockets_[who]);
      open(who);
    } else {
      peers_[who]->received(sockets_[who], command);
    }
    if (++lines_ % 2 == 0) sockets_[kSlow]->drain();
    turn();
  }

  // After the input: everyone caught up has a newcomer's list.
  void check() {
    sockets_[kSlow]->drain();
    turn();
    sockets_[kSlow]->drain();
    auto newcomer = std::make_shared<FakeSocket>("192.0.2.200", false, last_);
    auto peer = lobby_.peer("");
    peer->opened(newcomer);
    for (const auto& socket : sockets_)
      if (socket->seeks() != newcomer->seeks() || socket->more() != newcomer->more())
        fail("a socket's list is not a newcomer's");
    peer->closed(newcomer);
  }

 private:
  void open(int who) {
    // Sockets 0 and 1 are one browser: neither may take the other's seek. Socket 2 shares their
    // address, not their browser: it may.
    sockets_[who] = std::make_shared<FakeSocket>(who <= 2 ? "192.0.2.1" : "192.0.2." + std::to_string(who + 1), who == kSlow, last_);
    peers_[who] = lobby_.peer(who <= 1 ? "browser-of-sockets-0-and-1" : "");
    peers_[who]->opened(sockets_[who]);
  }
  void turn() {
    for (int i = 0; i < kTurnsPerLine; ++i) io_.poll_one();
  }

  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_{io_.get_executor()};
  std::unique_ptr<storage::Store> store_;
  Registry registry_;
  AddressLimits limits_;  // on: the creation budget is in play
  Lobby lobby_;
  LastSeek last_;
  std::shared_ptr<FakeSocket> sockets_[kSockets];
  std::unique_ptr<SocketPeer> peers_[kSockets];
  int lines_ = 0;
};

const std::filesystem::path& dir() {
  static const std::filesystem::path path = fuzz::scratch_dir("lobby-fuzz");
  return path;
}

std::unique_ptr<World>& world() {
  static std::unique_ptr<World> current;
  static int inputs = 0;
  if (!current || ++inputs % kInputsPerWorld == 0) {
    current.reset();
    std::filesystem::remove_all(dir());
    std::filesystem::create_directories(dir());
    current = std::make_unique<World>(dir() / "lobby.sqlite");
  }
  return current;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  (void)arbiter::protocol::parse_lobby_command(input);  // the whole input as one message, too
  auto& current = world();
  std::size_t start = 0;
  while (start < input.size()) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    current->line(input.substr(start, end - start));
    start = end + 1;
  }
  current->check();
  return 0;
}
