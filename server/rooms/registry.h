#pragma once
// The rooms of this server by game id. Its mutex guards lookup and creation only; everything
// about a game happens in its room.
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>

#include <boost/asio/io_context.hpp>

#include "protocol/messages.h"
#include "server/rooms/room.h"
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
  // `computers`: where computer seats think (none: computer games wait, unthought); `limits`:
  // what rematches and computer games count against (none: nothing); `clock`: every room's, and
  // the registry's own wall clock (downtimes, records, sweeps); it outlives the registry.
  Registry(boost::asio::io_context& io, storage::Store& store, match::Waits waits = {}, ComputerPool* computers = nullptr,
           AddressLimits* limits = nullptr, RoomClock& clock = real_room_clock());

  // Records this restart's downtime (from the store's alive mark to now) and loads the games in
  // play, the side to move charged its thinking time while the server was up, never a downtime;
  // returns how many games are in play. Call it first, once. Waiting and finished games load on
  // demand, and so do games in play with nothing pending in time (Room::unattended_since_ms):
  // those are only noted.
  std::size_t restore();
  // The room of a game, loading a finished one from the store on demand; nullptr if unknown.
  std::shared_ptr<Room> find(const std::string& id);
  // A new computer game's admission for `address` (see computer_admission.h).
  std::variant<ComputerAdmission, ComputerRefusal> admit_computer(const std::string& address, int level);
  // The same for an address whose lease is already held (AddressLimits::computer_game_shared).
  std::variant<ComputerAdmission, ComputerRefusal> admit_computer(AddressLimits::Lease lease, int level);
  // `done` runs once the game is stored. `admission`: a computer game's, which its room holds.
  void create(const protocol::CreateGameRequest& request, std::optional<ComputerAdmission> admission,
              std::function<void(CreateOutcome)> done);
  // A game whose two seats are already given (from the lobby): `done` gets its id once stored
  // and playing (its join committed), nullopt if it could not be stored.
  void create_paired(const protocol::CreateGameRequest& request, std::vector<storage::SeatRecord> seats,
                     std::function<void(std::optional<std::string>)> done);
  // false: no game has that invite (the answer is 404); otherwise `done` runs later.
  // `secret`: the joiner's own token for the seat (see Room::join).
  bool join(const std::string& code, std::string name, std::optional<std::string> secret,
            std::function<void(JoinOutcome)> done);
  // The room of the game an invitation code opens; nullptr if none.
  std::shared_ptr<Room> find_invitation(const std::string& code);
  // The game link as the invitation: false if there is no such game.
  bool join_game(const std::string& id, std::string name, std::optional<std::string> secret,
                 std::function<void(JoinOutcome)> done);
  // The room of a game if it is open now (never loads one): for live figures beside the store's.
  std::shared_ptr<Room> open_room(const std::string& id);
  // How many games are under way now between two people, loaded or not.
  std::size_t games_in_play();
  // How many rooms are in memory.
  std::size_t rooms_resident();
  void close_all();
  // Drops the idle rooms nobody uses (Room::idle: finished, waiting, or in play and unattended);
  // they load again from the store when asked for. Loads a few games whose invitation expired,
  // or that were deserted (match/desertion.h), while not loaded, so that their match ends them
  // with a recorded `end` event. Returns how many rooms it dropped.
  std::size_t evict_idle();

 private:
  // `started`: see Room::start.
  std::optional<std::string> game_of_invitation(const std::string& code);
  std::shared_ptr<Room> add(storage::StoredGame stored, std::function<void()> started = {});
  std::shared_ptr<Room> make_room(storage::StoredGame stored);
  // Puts the room in the map and starts it, or gives the one another connection loaded first.
  std::shared_ptr<Room> start(std::shared_ptr<Room> room, std::function<void()> started = {});
  // Keeps a new computer game's admission until add() gives it to the game's room (or the game
  // could not be stored): the store stands between them.
  void hold_admission(const std::string& id, std::optional<ComputerAdmission> admission);
  std::optional<ComputerAdmission> take_admission(const std::string& id);
  // nullopt: a variant this server does not serve (a seek from another node, say).
  std::optional<storage::GameRecord> new_record(const protocol::CreateGameRequest& request) const;
  // Stores a new game and opens its room; `done(ok)` runs on the io_context, once the room has
  // committed the join of a game created with both seats.
  void store_and_open(storage::GameRecord record, std::vector<storage::SeatRecord> seats, std::function<void(bool)> done);

  boost::asio::io_context& io_;
  storage::Store& store_;
  match::Waits waits_;
  ComputerPool* computers_;
  AddressLimits* limits_;
  RoomClock& clock_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  std::unordered_map<std::string, ComputerAdmission> admissions_;  // by game id, until its room opens
  // The games in play not in memory (none of them with anything pending in time), by id: what
  // their count and their desertion need, a few bytes rather than a room each.
  struct Unloaded {
    std::int64_t unattended_since_ms;
    bool between_people;  // counted in games_in_play (not a game on one device)
  };
  std::unordered_map<std::string, Unloaded> unloaded_;
  // Loads a few unloaded games deserted by `now_ms` to end them.
  void end_deserted(std::int64_t now_ms);
  // Every span the server was down, this restart's last: set by restore(), read-only after.
  std::vector<match::Downtime> downtimes_;
};

// The colour a game's creator gets: their choice, or a fair coin.
std::string creator_color(protocol::ColorChoice choice);

// Ids, tokens and invite codes are base64url; anything else is not worth a database lookup.
bool plausible_key(const std::string& text);

}  // namespace arbiter
