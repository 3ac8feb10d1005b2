#include "server/lobby/lobby.h"

#include <unordered_set>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "server/limits/rate_limiter.h"
#include "server/rooms/security.h"
#include "server/rooms/socket_peer.h"
#include "storage/wall_clock.h"

namespace arbiter {
namespace {

using nlohmann::json;

constexpr auto kMatchRemembered = std::chrono::seconds(60);

std::string error(std::string_view code, std::string_view message) { return protocol::error_message(code, message); }

// One lobby connection: its own seek rate, and the commands it sends.
class LobbyPeer : public SocketPeer {
 public:
  LobbyPeer(Lobby& lobby, std::uint64_t member, std::string browser)
      : lobby_(lobby),
        member_(member),
        browser_(std::move(browser)),
        seek_limiter_(lobby.settings().seeks_per_second, lobby.settings().seek_burst, 1 << 30) {}

  void opened(const std::shared_ptr<Watcher>& connection) override { lobby_.opened(member_, connection, browser_); }
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
            if (seek_limiter_.check(lobby_.now()) != RateLimiter::Verdict::Allow)
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
  std::string browser_;
  RateLimiter seek_limiter_;
};

}  // namespace

Lobby::Lobby(boost::asio::io_context& io, Registry& registry, AddressLimits& limits, std::unique_ptr<SeekBoard> board,
             std::function<std::size_t()> online, LobbySettings settings, LobbyNow now)
    : io_(io),
      registry_(registry),
      board_(std::move(board)),
      online_(std::move(online)),
      settings_(settings),
      now_(std::move(now)),
      limits_(limits),
      strand_(boost::asio::make_strand(io)),
      timer_(strand_),
      snapshot_(std::make_shared<const std::string>(snapshot_message({}, 0, 0))) {}

void Lobby::start() {
  timer_.expires_after(settings_.tick);
  timer_.async_wait(boost::asio::bind_executor(strand_, [this](boost::system::error_code ec) {
    if (ec || stopped_) return;  // a completion already queued when stop() ran does not re-arm
    tick();
    start();
  }));
}

void Lobby::stop() {
  boost::asio::post(strand_, [this] {
    stopped_ = true;
    timer_.cancel();
  });
}

std::unique_ptr<SocketPeer> Lobby::peer(std::string browser) {
  return std::make_unique<LobbyPeer>(*this, next_member_++, std::move(browser));
}

std::string Lobby::snapshot_message(const std::vector<protocol::Seek>& window, std::size_t online, std::size_t games) const {
  json seeks = json::array();
  for (const auto& seek : window) seeks.push_back(protocol::seek_json(seek));
  return protocol::dump(json{{"t", "lobby"}, {"seeks", seeks}, {"more", total_shown_ - window.size()}, {"online", online}, {"games", games}});
}

void Lobby::deliver(Member& member, const std::shared_ptr<const std::string>& text) {
  // The socket's own handle shares a control block with `unsent`: it expires once the session
  // has written the message (or dropped it), whoever else holds the text.
  auto holder = std::make_shared<std::shared_ptr<const std::string>>(text);
  std::shared_ptr<const std::string> mine(holder, holder->get());
  member.unsent = mine;
  member.connection->send(std::move(mine));
}

// A newcomer gets the list as of the last tick, under the lock the tick takes: the next
// update is the difference from exactly that list.
void Lobby::opened(std::uint64_t member, std::shared_ptr<Watcher> connection, std::string browser) {
  std::lock_guard lock(mutex_);
  Member& joined = members_[member];
  joined.connection = std::move(connection);
  joined.browser = std::move(browser);
  deliver(joined, snapshot_);
}

void Lobby::closed(std::uint64_t member) {
  board_->owner_gone(member, now_());
  std::lock_guard lock(mutex_);
  members_.erase(member);
}

void Lobby::send_to(std::uint64_t member, std::string text) {
  std::shared_ptr<Watcher> connection;
  {
    std::lock_guard lock(mutex_);
    auto it = members_.find(member);
    if (it == members_.end()) return;
    connection = it->second.connection;
  }
  connection->send(std::make_shared<const std::string>(std::move(text)));
}

// Linear in members plus the window: the window and the counts are compared with the last
// tick's once, and each member gets one shared message (or is marked behind).
void Lobby::tick() {
  const auto now = now_();
  std::optional<std::pair<std::size_t, std::size_t>> counts;
  if (now >= next_sweep_) {
    sweep(now);
    next_sweep_ = now + settings_.sweep_every;
    auto shared_counts = shared_ ? shared_->counts() : std::nullopt;
    counts = shared_counts ? *shared_counts : std::pair{online_(), registry_.games_in_play()};
  }
  std::lock_guard lock(mutex_);
  std::vector<protocol::Seek> window = shared_ ? shared_->newest(settings_.shown_seeks) : board_->newest(settings_.shown_seeks);
  const std::size_t total = shared_ ? shared_->size() : board_->size();
  std::unordered_set<std::string_view> before, after;
  for (const auto& seek : window_) before.insert(seek.id);
  json added = json::array(), removed = json::array();
  for (const auto& seek : window) {
    after.insert(seek.id);
    if (!before.contains(seek.id)) added.push_back(protocol::seek_json(seek));
  }
  for (const auto& seek : window_)
    if (!after.contains(seek.id)) removed.push_back(seek.id);
  const auto [online, games] = counts.value_or(std::pair{online_shown_, games_shown_});
  std::shared_ptr<const std::string> update;
  if (!added.empty() || !removed.empty() || total != total_shown_ || online != online_shown_ || games != games_shown_) {
    update = std::make_shared<const std::string>(protocol::dump(json{
        {"t", "lobby_update"}, {"added", added}, {"removed", removed}, {"more", total - window.size()}, {"online", online}, {"games", games}}));
    window_ = std::move(window);
    total_shown_ = total;
    online_shown_ = online;
    games_shown_ = games;
    snapshot_ = std::make_shared<const std::string>(snapshot_message(window_, online, games));
  }
  for (auto& [id, member] : members_) {
    if (!member.unsent.expired()) {  // its last message is still queued: no backlog, a snapshot later
      if (update) member.missed = true;
      continue;
    }
    if (member.missed) {
      member.missed = false;
      deliver(member, snapshot_);
    } else if (update) {
      deliver(member, update);
    }
  }
}

void Lobby::seek(std::uint64_t member, protocol::CreateGameRequest game) {
  if (board_->count_of(member) >= settings_.max_seeks_per_connection)
    return send_to(member, error("too_many_seeks", "cancel one of your open games first"));
  std::string browser;
  {
    std::lock_guard lock(mutex_);
    auto it = members_.find(member);
    if (it == members_.end()) return;
    browser = it->second.browser;
  }
  std::string token = security::random_token();
  OpenSeek open{{security::new_game_id(), std::move(game), wall_clock_ms()}, security::sha256_hex(token), member, browser, {}, 0};
  json seek = protocol::seek_json(open.seek);
  // The creator's seat token comes now: the creator keeps it to reclaim the seek after a drop.
  // Everyone (the creator too) sees the seek in the next tick's update.
  std::string seeking = protocol::dump(json{{"t", "seeking"}, {"seek", seek}, {"token", token}});
  if (!shared_) {
    board_->add(std::move(open));
    return send_to(member, std::move(seeking));
  }
  SharedSeek offered{open.seek, open.creator_hash, browser};
  board_->add(std::move(open));
  shared_->offer(offered, [this, member, id = offered.seek.id, seeking = std::move(seeking)](bool ok) mutable {
    if (ok) return send_to(member, std::move(seeking));
    board_->take(id);
    send_to(member, error("lobby_unavailable", "the shared lobby cannot be reached now; try again"));
  });
}

void Lobby::cancel(std::uint64_t member, const std::string& id) {
  if (!shared_) {
    if (!board_->take(id, member)) send_to(member, error("no_seek", "you have no open game with that id"));
    return;
  }
  auto mine = board_->find(id);
  if (!mine || mine->owner != member) return send_to(member, error("no_seek", "you have no open game with that id"));
  // Withdrawn from every node first: a taker on another node may have claimed it already.
  shared_->claim(id, [this, member, id](SharedLobby::Claim claim, std::optional<SharedSeek>) {
    if (claim == SharedLobby::Claim::Won) {
      board_->take(id);
      return;
    }
    send_to(member, claim == SharedLobby::Claim::Gone ? error("seek_gone", "that game has been taken")
                                                      : error("lobby_unavailable", "the shared lobby cannot be reached now; try again"));
  });
}

void Lobby::reclaim(std::uint64_t member, const protocol::ReclaimSeekCommand& reclaim) {
  const std::string hash = security::sha256_hex(reclaim.token);
  std::string browser;
  {
    std::lock_guard lock(mutex_);
    auto it = members_.find(member);
    if (it == members_.end()) return;
    browser = it->second.browser;
  }
  if (board_->reclaim(reclaim.id, hash, member, browser))
    return send_to(member, protocol::dump(json{{"t", "reclaimed"}, {"id", reclaim.id}}));
  Matches::Repeat repeat;
  {
    std::lock_guard lock(mutex_);
    repeat = matches_.creator_repeat(reclaim.id, hash, member);
  }
  if (repeat.kind == Matches::Repeat::Kind::Waiting) return;  // told once its game is stored
  if (repeat.kind == Matches::Repeat::Kind::NotFound) return send_to(member, error("seek_gone", "that game has been withdrawn"));
  send_to(member, std::move(repeat.message));
}

void Lobby::matched_elsewhere(const std::string& seek_id, const std::string& game, const std::string& color) {
  auto taken = board_->take(seek_id);
  if (!taken) return;  // its creator's wait ran out here meanwhile
  Match match{game, color, taken->creator_hash, now_(), "", "", {}};
  std::string message = matched_message(match, seek_id, "");
  {
    std::lock_guard lock(mutex_);
    matches_.record(seek_id, std::move(match));  // for the creator's reclaim
  }
  send_to(taken->owner, std::move(message));
}

void Lobby::sweep(LobbyClock::time_point now) {
  for (const auto& id : board_->expire(now - settings_.owner_grace))
    if (shared_) shared_->claim(id, [](SharedLobby::Claim, std::optional<SharedSeek>) {});
  std::lock_guard lock(mutex_);
  matches_.forget_older(now, kMatchRemembered);
}

}  // namespace arbiter
