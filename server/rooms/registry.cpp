#include "server/rooms/registry.h"

#include <openssl/rand.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <iostream>
#include <limits>

#include "protocol/names.h"
#include "server/rooms/security.h"
#include "storage/game_variant.h"

namespace arbiter {
namespace {
// Games not in memory whose invitation expired, loaded per sweep to be ended by their match.
constexpr std::size_t kExpiredLoadedPerSweep = 64;
}  // namespace

std::string creator_color(protocol::ColorChoice choice) {
  if (choice == protocol::ColorChoice::White) return "white";
  if (choice == protocol::ColorChoice::Black) return "black";
  unsigned char coin = 0;
  if (RAND_bytes(&coin, 1) != 1) throw std::runtime_error("RAND_bytes failed");
  return coin & 1 ? "white" : "black";
}

bool plausible_key(const std::string& text) {
  if (text.empty() || text.size() > 64) return false;
  for (char c : text)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
      return false;
  return true;
}

Registry::Registry(boost::asio::io_context& io, storage::Store& store, match::Waits waits, ComputerPool* computers,
                   AddressLimits* limits, RoomClock& clock)
    : io_(io), store_(store), waits_(waits), computers_(computers), limits_(limits), clock_(clock) {}

std::size_t Registry::restore() {
  for (const auto& down : store_.downtimes()) downtimes_.push_back({down.from_ms, down.to_ms});
  // Without a mark (a new store, or one from before marks) nothing before now is known to have
  // been up: nothing before is charged. Queued before any heartbeat moves the mark.
  const match::Downtime current{store_.alive_until().value_or(std::numeric_limits<std::int64_t>::min()), clock_.wall_ms()};
  downtimes_.push_back(current);
  store_.add_downtime({current.from_ms, current.to_ms}, [](bool ok, const std::string& error) {
    if (!ok) std::cerr << "arbiter: the downtime was not recorded: " << error << "\n";
  });
  std::size_t resumed = 0;
  for (auto& stored : store_.load_in_play()) {
    std::string id = stored.game.id;
    try {
      const bool between_people = !stored.game.local;
      auto room = make_room(std::move(stored));
      if (auto since = room->unattended_since_ms()) {
        // Nobody knows who was connected until the server stopped: as if someone was.
        std::lock_guard lock(mutex_);
        unloaded_.insert_or_assign(id, Unloaded{std::max(*since, current.from_ms), between_people});
      } else {
        start(std::move(room));
      }
      ++resumed;
    } catch (const std::exception& e) {
      std::cerr << "arbiter: not resuming game " << id << ": " << e.what() << "\n";
    }
  }
  return resumed;
}

std::shared_ptr<Room> Registry::add(storage::StoredGame stored, std::function<void()> started) {
  return start(make_room(std::move(stored)), std::move(started));
}

std::shared_ptr<Room> Registry::make_room(storage::StoredGame stored) {
  auto make_game = [this](storage::GameRecord record, std::vector<storage::SeatRecord> seats,
                          std::optional<ComputerAdmission> admission, std::function<void(bool)> done) {
    hold_admission(record.id, std::move(admission));
    std::string id = record.id;
    store_and_open(std::move(record), std::move(seats), [this, id, done = std::move(done)](bool ok) {
      if (!ok) take_admission(id);  // no room will hold it
      done(ok);
    });
  };
  auto admission = take_admission(stored.game.id);
  return std::make_shared<Room>(io_, store_, std::move(stored), waits_, computers_, limits_, std::move(make_game),
                                downtimes_, std::move(admission), clock_);
}

std::shared_ptr<Room> Registry::start(std::shared_ptr<Room> room, std::function<void()> started) {
  std::shared_ptr<Room> loaded;
  {
    std::lock_guard lock(mutex_);
    auto [it, inserted] = rooms_.emplace(room->id(), room);
    if (!inserted) {
      loaded = it->second;
    } else if (auto unloaded = unloaded_.find(room->id()); unloaded != unloaded_.end()) {
      room->seen_at(unloaded->second.unattended_since_ms);  // before start(): not yet on its strand
      unloaded_.erase(unloaded);
    }
  }
  if (loaded) {  // another connection loaded it first, and starts it
    if (started) started();
    return loaded;
  }
  room->start(std::move(started));
  return room;
}

std::shared_ptr<Room> Registry::find(const std::string& id) {
  if (!plausible_key(id)) return nullptr;
  {
    std::lock_guard lock(mutex_);
    if (auto it = rooms_.find(id); it != rooms_.end()) return it->second;
  }
  auto stored = store_.load_game(id);
  if (!stored) return nullptr;
  try {
    return add(std::move(*stored));
  } catch (const std::exception& e) {
    std::cerr << "arbiter: cannot load game " << id << ": " << e.what() << "\n";
    return nullptr;
  }
}

std::optional<storage::GameRecord> Registry::new_record(const protocol::CreateGameRequest& request) const {
  const rules::Variant* variant = rules::find_variant(request.variant);
  if (!variant) return std::nullopt;
  storage::GameRecord record;
  record.id = security::new_game_id();
  storage::name_rules(record, *variant);
  record.start_fen = variant->start_fen;
  if (request.clock) {
    record.initial_ms = request.clock->initial_ms;
    record.increment_ms = request.clock->increment_ms;
  }
  record.local = request.local;
  record.status = protocol::status_name(request.local ? match::Status::Playing : match::Status::Waiting);
  record.created_at_ms = clock_.wall_ms();
  return record;
}

void Registry::store_and_open(storage::GameRecord record, std::vector<storage::SeatRecord> seats,
                              std::function<void(bool)> done) {
  storage::StoredGame stored{record, seats, {}, {}};
  store_.create_game(std::move(record), std::move(seats),
                     [this, stored = std::move(stored), done = std::move(done)](bool ok, const std::string& error) mutable {
                       boost::asio::post(io_, [this, stored = std::move(stored), done = std::move(done), ok, error]() mutable {
                         if (!ok) {
                           std::cerr << "arbiter: game not stored: " << error << "\n";
                           return done(false);
                         }
                         // Told once the room has committed its opening join: a game from the
                         // lobby is playing before either player hears of it.
                         add(std::move(stored), [done = std::move(done)] { done(true); });
                       });
                     });
}

void Registry::hold_admission(const std::string& id, std::optional<ComputerAdmission> admission) {
  if (!admission) return;
  std::lock_guard lock(mutex_);
  admissions_.insert_or_assign(id, std::move(*admission));
}

std::optional<ComputerAdmission> Registry::take_admission(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = admissions_.find(id);
  if (it == admissions_.end()) return std::nullopt;
  ComputerAdmission admission = std::move(it->second);
  admissions_.erase(it);
  return admission;
}

std::variant<ComputerAdmission, ComputerRefusal> Registry::admit_computer(const std::string& address, int level) {
  return arbiter::admit_computer(limits_, computers_, address, level);
}

std::variant<ComputerAdmission, ComputerRefusal> Registry::admit_computer(AddressLimits::Lease lease, int level) {
  return admit_computer_leased(std::move(lease), computers_, level);
}

void Registry::create(const protocol::CreateGameRequest& request, std::optional<ComputerAdmission> admission,
                      std::function<void(CreateOutcome)> done) {
  auto made = new_record(request);
  if (!made) return done(CreateOutcome{});
  storage::GameRecord& record = *made;
  hold_admission(record.id, std::move(admission));
  CreateOutcome outcome;
  outcome.id = record.id;
  std::vector<storage::SeatRecord> seats;
  if (request.local) {
    outcome.white_token = security::random_token();
    outcome.black_token = security::random_token();
    seats = {{"white", security::sha256_hex(outcome.white_token), ""}, {"black", security::sha256_hex(outcome.black_token), ""}};
  } else {
    outcome.color = creator_color(request.color);
    outcome.token = security::random_token();
    seats = {{outcome.color, security::sha256_hex(outcome.token), request.name}};
    if (request.computer_level) {
      // The computer takes the other seat as the room starts: nobody is invited.
      const int level = *request.computer_level;
      seats.push_back({std::string(protocol::other_color_name(outcome.color)), computer_seat_mark(level),
                       "Arbiter level " + std::to_string(level)});
    } else {
      outcome.invite = security::new_invite_code();
      record.invite_hash = security::sha256_hex(outcome.invite);
    }
  }
  store_and_open(std::move(record), std::move(seats), [this, outcome = std::move(outcome), done = std::move(done)](bool ok) mutable {
    if (!ok) take_admission(outcome.id);  // no room will hold it
    outcome.ok = ok;
    done(ok ? std::move(outcome) : CreateOutcome{});
  });
}

void Registry::create_paired(const protocol::CreateGameRequest& request, std::vector<storage::SeatRecord> seats,
                             std::function<void(std::optional<std::string>)> done) {
  auto record = new_record(request);
  if (!record) return done(std::nullopt);
  std::string id = record->id;
  store_and_open(std::move(*record), std::move(seats), [id, done = std::move(done)](bool ok) {
    done(ok ? std::optional(id) : std::nullopt);
  });
}

bool Registry::join(const std::string& code, std::string name, std::optional<std::string> secret,
                    std::function<void(JoinOutcome)> done) {
  auto id = game_of_invitation(code);
  if (!id) return false;
  return join_game(*id, std::move(name), std::move(secret), std::move(done));
}

std::optional<std::string> Registry::game_of_invitation(const std::string& code) {
  if (!plausible_key(code)) return std::nullopt;
  return store_.game_by_invite(security::sha256_hex(code));
}

std::shared_ptr<Room> Registry::find_invitation(const std::string& code) {
  auto id = game_of_invitation(code);
  return id ? find(*id) : nullptr;
}

bool Registry::join_game(const std::string& id, std::string name, std::optional<std::string> secret,
                         std::function<void(JoinOutcome)> done) {
  auto room = find(id);
  if (!room) return false;
  // A refusal names the game too: the holder of a used invitation may still watch it.
  room->join(std::move(name), std::move(secret), [id, done = std::move(done)](JoinOutcome outcome) {
    outcome.id = id;
    done(std::move(outcome));
  });
  return true;
}

std::shared_ptr<Room> Registry::open_room(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

std::size_t Registry::games_in_play() {
  std::lock_guard lock(mutex_);
  return static_cast<std::size_t>(
      std::count_if(rooms_.begin(), rooms_.end(), [](const auto& entry) { return entry.second->in_play(); }) +
      std::count_if(unloaded_.begin(), unloaded_.end(), [](const auto& entry) { return entry.second.between_people; }));
}

std::size_t Registry::rooms_resident() {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

void Registry::close_all() {
  std::lock_guard lock(mutex_);
  for (auto& [id, room] : rooms_) room->close_watchers();
}

std::size_t Registry::evict_idle() {
  std::size_t evicted = 0;
  {
    // A room someone holds (a request being answered, a socket, a pending task) stays: only
    // the map's own reference may remain. The mutex keeps find() from taking one meanwhile.
    std::lock_guard lock(mutex_);
    evicted = std::erase_if(rooms_, [this](const auto& entry) {
      const auto& room = entry.second;
      if (room.use_count() != 1 || !room->idle()) return false;
      if (auto since = room->unattended_since_ms()) unloaded_.insert_or_assign(entry.first, Unloaded{*since, room->in_play()});
      return true;
    });
  }
  // Loaded rooms end their own invitations (their match's deadline); the others are loaded to
  // end theirs the same way: one rule (Match::invitation_deadline) and one recorded `end` event.
  // A few per sweep, oldest first; each room, idle once ended, goes at a later sweep.
  const std::int64_t now_ms = clock_.wall_ms();
  const auto invitation = std::chrono::duration_cast<std::chrono::milliseconds>(waits_.invitation).count();
  try {
    for (const auto& id : store_.expired_waiting(now_ms - invitation, kExpiredLoadedPerSweep)) find(id);
  } catch (const std::exception& e) {
    std::cerr << "arbiter: finding expired invitations failed: " << e.what() << "\n";
  }
  end_deserted(now_ms);
  return evicted;
}

void Registry::end_deserted(std::int64_t now_ms) {
  // Only games with nothing pending in time are unloaded: no room in memory can be deserted
  // without first being dropped as unattended.
  const std::int64_t quiet_since_ms = now_ms - waits_.deserted_after.count();
  std::vector<std::string> due;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, unloaded] : unloaded_) {
      if (due.size() == kExpiredLoadedPerSweep) break;
      if (unloaded.unattended_since_ms <= quiet_since_ms) due.push_back(id);
    }
  }
  for (const auto& id : due) {
    if (auto room = find(id)) {
      room->end_if_deserted();
    } else {  // gone from the store, or unreadable (said why): not tried again at every sweep
      std::lock_guard lock(mutex_);
      unloaded_.erase(id);
    }
  }
}

}  // namespace arbiter
