#pragma once
// The rooms of this server by game id. Its mutex guards lookup and creation only; everything
// about a game happens in its room.
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include <boost/asio/io_context.hpp>

#include "protocol/messages.h"
#include "server/room.h"
#include "storage/store.h"

namespace arbiter {

struct CreateOutcome {
  bool ok = false;
  std::string id, color;      // color: the creator's seat ("" for a local game)
  std::string token, invite;  // invite: the code, not the path (none against the computer)
  std::string white_token, black_token;  // local games
};

class Registry {
 public:
  // `computers`: where computer seats think (none: computer games cannot be created).
  Registry(boost::asio::io_context& io, storage::Store& store, match::Waits waits = {}, ComputerPool* computers = nullptr);

  // Loads every unfinished game (clocks resume where they stood); returns how many.
  std::size_t restore();
  // The room of a game, loading a finished one from the store on demand; nullptr if unknown.
  std::shared_ptr<Room> find(const std::string& id);
  // `done` runs once the game is stored.
  void create(const protocol::CreateGameRequest& request, std::function<void(CreateOutcome)> done);
  // false: no game has that invite (the answer is 404); otherwise `done` runs later.
  bool join(const std::string& code, std::function<void(JoinOutcome)> done);
  void close_all();
  // Drops finished rooms nobody watches; they load again from the store when asked for.
  void evict_idle();

 private:
  std::shared_ptr<Room> add(storage::StoredGame stored);

  boost::asio::io_context& io_;
  storage::Store& store_;
  match::Waits waits_;
  ComputerPool* computers_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
};

// Ids, tokens and invite codes are base64url; anything else is not worth a database lookup.
bool plausible_key(const std::string& text);

}  // namespace arbiter
