#include "server/lobby.h"

#include <algorithm>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "server/rate_limiter.h"
#include "server/security.h"
#include "server/wall_clock.h"
#include "server/websocket_session.h"

namespace arbiter {
namespace {

using nlohmann::json;

constexpr auto kMatchRemembered = std::chrono::seconds(60);

std::string error(std::string_view code, std::string_view message) { return protocol::error_message(code, message); }

class MemorySeekBoard : public SeekBoard {
 public:
  void add(OpenSeek seek) override {
    std::lock_guard lock(mutex_);
    seeks_.push_back(std::move(seek));
  }

  std::optional<OpenSeek> take(const std::string& id, std::optional<std::uint64_t> owner) override {
    std::lock_guard lock(mutex_);
    auto it = std::find_if(seeks_.begin(), seeks_.end(), [&](const OpenSeek& s) {
      return s.seek.id == id && (!owner || s.owner == *owner);
    });
    if (it == seeks_.end()) return std::nullopt;
    OpenSeek taken = std::move(*it);
    seeks_.erase(it);
    return taken;
  }

  std::vector<protocol::Seek> list() const override {
    std::lock_guard lock(mutex_);
    std::vector<protocol::Seek> out;
    for (const auto& s : seeks_) out.push_back(s.seek);
    return out;
  }

  std::size_t count_of(std::uint64_t owner) const override {
    std::lock_guard lock(mutex_);
    return static_cast<std::size_t>(std::count_if(seeks_.begin(), seeks_.end(), [&](const OpenSeek& s) { return s.owner == owner; }));
  }

  void owner_gone(std::uint64_t owner, LobbyClock::time_point now) override {
    std::lock_guard lock(mutex_);
    for (auto& s : seeks_)
      if (s.owner == owner) s.owner_gone_since = now;
  }

  bool reclaim(const std::string& id, const std::string& creator_hash, std::uint64_t owner) override {
    std::lock_guard lock(mutex_);
    for (auto& s : seeks_) {
      if (s.seek.id != id || !security::same_secret(s.creator_hash, creator_hash)) continue;
      s.owner = owner;
      s.owner_gone_since.reset();
      return true;
    }
    return false;
  }

  std::vector<std::string> expire(LobbyClock::time_point cutoff) override {
    std::lock_guard lock(mutex_);
    std::vector<std::string> gone;
    std::erase_if(seeks_, [&](const OpenSeek& s) {
      if (!s.owner_gone_since || *s.owner_gone_since > cutoff) return false;
      gone.push_back(s.seek.id);
      return true;
    });
    return gone;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<OpenSeek> seeks_;  // oldest first
};

// One lobby connection: its own seek rate, and the commands it sends.
class LobbyPeer : public SocketPeer {
 public:
  LobbyPeer(Lobby& lobby, std::uint64_t member)
      : lobby_(lobby),
        member_(member),
        seek_limiter_(lobby.settings().seeks_per_second, lobby.settings().seek_burst, 1 << 30) {}

  void opened(const std::shared_ptr<Watcher>& connection) override { lobby_.opened(member_, connection); }
  void closed(const std::shared_ptr<Watcher>&) override { lobby_.closed(member_); }

  void received(const std::shared_ptr<Watcher>& connection, const std::string& text) override {
    auto parsed = protocol::parse_lobby_command(text);
    if (auto* bad = std::get_if<protocol::BadInput>(&parsed))
      return connection->send(std::make_shared<const std::string>(error(bad->code, bad->message)));
    std::visit(
        [&](auto& command) {
          using T = std::decay_t<decltype(command)>;
          if constexpr (std::is_same_v<T, protocol::PingCommand>) lobby_.send_to(member_, protocol::pong_message());
          else if constexpr (std::is_same_v<T, protocol::SeekCommand>) {
            if (seek_limiter_.check(RateLimiter::Clock::now()) != RateLimiter::Verdict::Allow)
              return lobby_.send_to(member_, error("rate_limited", "one new seek every two seconds"));
            lobby_.seek(member_, std::move(command.game));
          } else if constexpr (std::is_same_v<T, protocol::CancelSeekCommand>) lobby_.cancel(member_, command.id);
          else if constexpr (std::is_same_v<T, protocol::AcceptSeekCommand>) lobby_.accept(member_, command);
          else lobby_.reclaim(member_, command);
        },
        std::get<protocol::LobbyCommand>(parsed));
  }

 private:
  Lobby& lobby_;
  std::uint64_t member_;
  RateLimiter seek_limiter_;
};

}  // namespace

std::unique_ptr<SeekBoard> make_memory_seek_board() { return std::make_unique<MemorySeekBoard>(); }

Lobby::Lobby(boost::asio::io_context& io, Registry& registry, std::unique_ptr<SeekBoard> board,
             std::function<std::size_t()> online, LobbySettings settings)
    : io_(io),
      registry_(registry),
      board_(std::move(board)),
      online_(std::move(online)),
      settings_(settings),
      strand_(boost::asio::make_strand(io)),
      timer_(strand_) {}

void Lobby::start() {
  timer_.expires_after(settings_.sweep_every);
  timer_.async_wait(boost::asio::bind_executor(strand_, [this](boost::system::error_code ec) {
    if (ec) return;
    sweep();
    start();
  }));
}

void Lobby::stop() {
  boost::asio::post(strand_, [this] { timer_.cancel(); });
}

std::unique_ptr<SocketPeer> Lobby::peer() { return std::make_unique<LobbyPeer>(*this, next_member_++); }

std::string Lobby::counts_message() {
  return protocol::dump(json{{"t", "counts"}, {"online", online_()}, {"games", registry_.games_in_play()}});
}

// The list and the membership change together (under the lock broadcasts take), so a seek
// added or removed meanwhile is either in the list or announced after it; clients treat a
// repeated announcement as a no-op.
void Lobby::opened(std::uint64_t member, std::shared_ptr<Watcher> connection) {
  const auto games = registry_.games_in_play();
  std::lock_guard lock(mutex_);
  json seeks = json::array();
  for (const auto& seek : board_->list()) seeks.push_back(protocol::seek_json(seek));
  json hello{{"t", "lobby"}, {"seeks", seeks}, {"online", online_()}, {"games", games}};
  connection->send(std::make_shared<const std::string>(protocol::dump(hello)));
  members_[member] = std::move(connection);
}

void Lobby::closed(std::uint64_t member) {
  board_->owner_gone(member, LobbyClock::now());
  std::lock_guard lock(mutex_);
  members_.erase(member);
}

void Lobby::send_to(std::uint64_t member, std::string text) {
  std::shared_ptr<Watcher> connection;
  {
    std::lock_guard lock(mutex_);
    auto it = members_.find(member);
    if (it == members_.end()) return;
    connection = it->second;
  }
  connection->send(std::make_shared<const std::string>(std::move(text)));
}

void Lobby::broadcast(const std::string& text) {
  auto message = std::make_shared<const std::string>(text);
  std::lock_guard lock(mutex_);
  for (const auto& [member, connection] : members_) connection->send(message);
}

void Lobby::seek(std::uint64_t member, protocol::CreateGameRequest game) {
  if (board_->count_of(member) >= settings_.max_seeks_per_connection)
    return send_to(member, error("too_many_seeks", "cancel one of your open games first"));
  std::string token = security::random_token();
  OpenSeek open{{security::random_token(9), std::move(game), wall_clock_ms()}, security::sha256_hex(token), member, {}};
  json seek = protocol::seek_json(open.seek);
  board_->add(std::move(open));
  // The creator's seat token comes now: the creator keeps it to reclaim the seek after a drop.
  send_to(member, protocol::dump(json{{"t", "seeking"}, {"seek", seek}, {"token", token}}));
  broadcast(protocol::dump(json{{"t", "seek_added"}, {"seek", seek}}));
}

void Lobby::cancel(std::uint64_t member, const std::string& id) {
  if (!board_->take(id, member)) return send_to(member, error("no_seek", "you have no open game with that id"));
  broadcast(protocol::dump(json{{"t", "seek_removed"}, {"id", id}, {"why", "cancelled"}}));
}

std::string Lobby::matched_message(const Match& match, const std::string& seek, const std::string& taker_secret) {
  if (taker_secret.empty())
    return protocol::dump(json{{"t", "matched"}, {"game", match.game}, {"color", match.color}, {"seek", seek}});
  return protocol::dump(json{{"t", "matched"}, {"game", match.game}, {"color", match.taker_color}, {"token", taker_secret}});
}

void Lobby::accept(std::uint64_t member, const protocol::AcceptSeekCommand& accept) {
  const std::string token = accept.token.value_or(security::random_token());
  const std::string hash = security::sha256_hex(token);
  std::optional<OpenSeek> taken;
  std::optional<std::string> answer;
  std::vector<storage::SeatRecord> seats;
  {
    // Taking the seek and recording who took it are one step: a repeat of this accept (the
    // taker's "matched" lost with its connection) finds either the seek or the taker.
    std::lock_guard lock(mutex_);
    taken = board_->take(accept.id);
    if (!taken && accept.token) {
      auto it = matched_.find(accept.id);
      if (it != matched_.end() && security::same_secret(it->second.taker_hash, hash)) {
        if (it->second.game.empty()) {  // the game is still being stored: this waits for it too
          it->second.waiting.emplace_back(member, token);
          return;
        }
        answer = matched_message(it->second, accept.id, token);
      }
    } else if (taken && taken->owner != member) {
      const std::string creator = creator_color(taken->seek.game.color);
      const std::string joiner = creator == "white" ? "black" : "white";
      matched_[accept.id] = {"", creator, taken->creator_hash, LobbyClock::now(), joiner, hash, {}};
      seats = {{creator, taken->creator_hash, taken->seek.game.name}, {joiner, hash, accept.name}};
    }
  }
  if (answer) return send_to(member, std::move(*answer));
  if (!taken) return send_to(member, error("seek_gone", "that game has been taken or withdrawn"));
  if (taken->owner == member) {
    board_->add(std::move(*taken));
    return send_to(member, error("own_seek", "this is your own open game"));
  }
  broadcast(protocol::dump(json{{"t", "seek_removed"}, {"id", accept.id}, {"why", "taken"}}));

  const protocol::CreateGameRequest game = taken->seek.game;  // the seek itself moves into the callback
  registry_.create_paired(
      game, std::move(seats),
      [this, member, seek = std::move(*taken), token](std::optional<std::string> game) mutable {
        const std::string id = seek.seek.id;
        Match match;
        {
          std::lock_guard lock(mutex_);
          auto it = matched_.find(id);
          match = std::move(it->second);
          if (game) it->second = {*game, match.color, match.creator_hash, LobbyClock::now(), match.taker_color, match.taker_hash, {}};
          else matched_.erase(it);
        }
        if (!game) {
          send_to(member, error("storage", "the game could not be stored; try again"));
          for (const auto& [waiter, secret] : match.waiting) send_to(waiter, error("storage", "the game could not be stored; try again"));
          json again = protocol::seek_json(seek.seek);
          board_->add(std::move(seek));
          return broadcast(protocol::dump(json{{"t", "seek_added"}, {"seek", again}}));
        }
        match.game = *game;
        send_to(member, matched_message(match, id, token));
        send_to(seek.owner, matched_message(match, id, ""));
        for (const auto& [waiter, secret] : match.waiting) send_to(waiter, matched_message(match, id, secret));
      });
}

void Lobby::reclaim(std::uint64_t member, const protocol::ReclaimSeekCommand& reclaim) {
  const std::string hash = security::sha256_hex(reclaim.token);
  if (board_->reclaim(reclaim.id, hash, member))
    return send_to(member, protocol::dump(json{{"t", "reclaimed"}, {"id", reclaim.id}}));
  std::optional<std::string> answer;
  {
    std::lock_guard lock(mutex_);
    auto it = matched_.find(reclaim.id);
    if (it != matched_.end() && security::same_secret(it->second.creator_hash, hash)) {
      if (it->second.game.empty()) {
        it->second.waiting.emplace_back(member, "");
        return;
      }
      answer = matched_message(it->second, reclaim.id, "");
    }
  }
  if (!answer) return send_to(member, error("seek_gone", "that game has been withdrawn"));
  send_to(member, std::move(*answer));
}

void Lobby::sweep() {
  const auto now = LobbyClock::now();
  for (const auto& id : board_->expire(now - settings_.owner_grace))
    broadcast(protocol::dump(json{{"t", "seek_removed"}, {"id", id}, {"why", "expired"}}));
  std::string counts = counts_message();
  {
    std::lock_guard lock(mutex_);
    std::erase_if(matched_, [&](const auto& entry) {  // a game still being stored is kept
      return !entry.second.game.empty() && now - entry.second.at > kMatchRemembered;
    });
    if (counts == last_counts_) return;
    last_counts_ = counts;
  }
  broadcast(counts);
}

}  // namespace arbiter
