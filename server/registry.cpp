#include "server/registry.h"

#include <openssl/rand.h>

#include <boost/asio/post.hpp>
#include <iostream>

#include "server/security.h"
#include "server/wall_clock.h"

namespace arbiter {
namespace {

constexpr std::size_t kGameIdBytes = 9;  // 12 characters; ids are public, tokens are the secrets

std::string creator_color(protocol::ColorChoice choice) {
  if (choice == protocol::ColorChoice::White) return "white";
  if (choice == protocol::ColorChoice::Black) return "black";
  unsigned char coin = 0;
  if (RAND_bytes(&coin, 1) != 1) throw std::runtime_error("RAND_bytes failed");
  return coin & 1 ? "white" : "black";
}

}  // namespace

bool plausible_key(const std::string& text) {
  if (text.empty() || text.size() > 64) return false;
  for (char c : text)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
      return false;
  return true;
}

Registry::Registry(boost::asio::io_context& io, storage::Store& store, match::Waits waits, ComputerPool* computers)
    : io_(io), store_(store), waits_(waits), computers_(computers) {}

std::size_t Registry::restore() {
  std::size_t loaded = 0;
  for (auto& stored : store_.load_unfinished()) {
    std::string id = stored.game.id;
    try {
      add(std::move(stored));
      ++loaded;
    } catch (const std::exception& e) {
      std::cerr << "arbiter: not resuming game " << id << ": " << e.what() << "\n";
    }
  }
  return loaded;
}

std::shared_ptr<Room> Registry::add(storage::StoredGame stored) {
  auto room = std::make_shared<Room>(io_, store_, std::move(stored), waits_, computers_);
  {
    std::lock_guard lock(mutex_);
    auto [it, inserted] = rooms_.emplace(room->id(), room);
    if (!inserted) return it->second;  // another connection loaded it first
  }
  room->start();
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

void Registry::create(const protocol::CreateGameRequest& request, std::function<void(CreateOutcome)> done) {
  const rules::Variant* variant = rules::find_variant(request.variant);
  storage::GameRecord record;
  record.id = security::random_token(kGameIdBytes);
  record.variant = variant->name;
  record.start_fen = variant->start_fen;
  if (request.clock) {
    record.initial_ms = request.clock->initial_ms;
    record.increment_ms = request.clock->increment_ms;
  }
  record.local = request.local;
  record.status = protocol::status_name(request.local ? match::Status::Playing : match::Status::Waiting);
  record.created_at_ms = wall_clock_ms();

  CreateOutcome outcome;
  outcome.id = record.id;
  std::vector<storage::SeatRecord> seats;
  if (request.local) {
    outcome.white_token = security::random_token();
    outcome.black_token = security::random_token();
    seats = {{"white", security::sha256_hex(outcome.white_token)}, {"black", security::sha256_hex(outcome.black_token)}};
  } else {
    outcome.color = creator_color(request.color);
    outcome.token = security::random_token();
    seats = {{outcome.color, security::sha256_hex(outcome.token)}};
    if (request.computer_level) {
      // The computer takes the other seat as the room starts: nobody is invited.
      seats.push_back({outcome.color == "white" ? "black" : "white", computer_seat_mark(*request.computer_level)});
    } else {
      outcome.invite = security::random_token();
      record.invite_hash = security::sha256_hex(outcome.invite);
    }
  }
  storage::StoredGame stored{record, seats, {}};
  store_.create_game(record, seats,
                     [this, stored = std::move(stored), outcome = std::move(outcome), done = std::move(done)](
                         bool ok, const std::string& error) mutable {
                       boost::asio::post(io_, [this, stored = std::move(stored), outcome = std::move(outcome),
                                                done = std::move(done), ok, error]() mutable {
                         if (!ok) {
                           std::cerr << "arbiter: game not stored: " << error << "\n";
                           return done(CreateOutcome{});
                         }
                         add(std::move(stored));
                         outcome.ok = true;
                         done(std::move(outcome));
                       });
                     });
}

bool Registry::join(const std::string& code, std::function<void(JoinOutcome)> done) {
  if (!plausible_key(code)) return false;
  auto id = store_.game_by_invite(security::sha256_hex(code));
  if (!id) return false;
  auto room = find(*id);
  if (!room) return false;
  // A refusal names the game too: the holder of a used invitation may still watch it.
  room->join([id = *id, done = std::move(done)](JoinOutcome outcome) {
    outcome.id = id;
    done(std::move(outcome));
  });
  return true;
}

void Registry::close_all() {
  std::lock_guard lock(mutex_);
  for (auto& [id, room] : rooms_) room->close_watchers();
}

}  // namespace arbiter

namespace arbiter {

void Registry::evict_idle() {
  std::lock_guard lock(mutex_);
  std::erase_if(rooms_, [](const auto& entry) { return entry.second->idle(); });
}

}  // namespace arbiter
