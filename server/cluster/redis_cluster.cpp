#include "server/cluster/redis_cluster.h"

#include <algorithm>
#include <charconv>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <iostream>

#include "protocol/lobby_messages.h"
#include "server/lobby/seek_record.h"
#include "server/rooms/security.h"

namespace arbiter {
namespace {

using nlohmann::json;

const std::string kNodes = "arbiter:nodes";
const std::string kLobbyChannel = "arbiter:lobby";
std::string node_key(std::string_view node) { return "arbiter:node:" + std::string(node); }
std::string seeks_key(std::string_view node) { return "arbiter:seeks:" + std::string(node); }
std::string node_channel(std::string_view node) { return "arbiter:to:" + std::string(node); }

// The largest count a node's hash may say (online, games): more is junk.
constexpr unsigned long long kMaxCount = 1'000'000'000;

// A seek's removal is remembered this long against views read before it.
constexpr auto kRemovalRemembered = std::chrono::seconds(10);

// Adds the seek to its node's hash and tells every node.
constexpr const char* kOfferScript = R"lua(
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', KEYS[2], '+' .. ARGV[2])
return 1)lua";

// Takes the seek: read and delete in one step, so that one claim alone gets it.
constexpr const char* kClaimScript = R"lua(
local record = redis.call('HGET', KEYS[1], ARGV[1])
if not record then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('PUBLISH', KEYS[2], '-' .. ARGV[1])
return record)lua";

// This node is alive: its counts and lists, its keys' expiry renewed.
constexpr const char* kBeatScript = R"lua(
redis.call('SADD', KEYS[3], ARGV[1])
redis.call('HSET', KEYS[1], 'online', ARGV[3], 'games', ARGV[4], 'playing', ARGV[5], 'finished', ARGV[6])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1)lua";

// Every live node: name, its hash as field/value pairs, its seeks. A node's key is a hash with an
// expiry (kBeatScript's); any other (no node wrote it) is skipped; a name whose key is gone is
// forgotten.
constexpr const char* kViewScript = R"lua(
local out = {}
for _, name in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = 'arbiter:node:' .. name
  local kind = redis.call('TYPE', key).ok
  if kind == 'none' then
    redis.call('SREM', KEYS[1], name)
  elseif kind == 'hash' and redis.call('PTTL', key) > 0 then
    local seeks = 'arbiter:seeks:' .. name
    out[#out + 1] = name
    out[#out + 1] = redis.call('HGETALL', key)
    out[#out + 1] = redis.call('TYPE', seeks).ok == 'hash' and redis.call('HVALS', seeks) or {}
  end
end
return out)lua";

// A count a node wrote: a whole number up to kMaxCount.
std::optional<std::size_t> parse_count(const std::string& text) {
  std::size_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value > kMaxCount) return std::nullopt;
  return value;
}

}  // namespace

RedisCluster::RedisCluster(boost::asio::io_context& io, std::string node, std::string host, unsigned short port,
                           storage::Store& store, Registry& registry, std::function<std::size_t()> online,
                           AddressLimits& limits, Metrics& metrics)
    : io_(io),
      node_(std::move(node)),
      store_(store),
      registry_(registry),
      online_(std::move(online)),
      limits_(limits),
      metrics_(metrics),
      troubles_(metrics),
      commands_(io, host, port),
      subscriber_(io, host, port),
      strand_(boost::asio::make_strand(io)),
      timer_(strand_) {}

void RedisCluster::start(Lobby& lobby) {
  lobby_ = &lobby;
  subscriber_.subscribe({kLobbyChannel, node_channel(node_)},
                        [this](const std::string& channel, const std::string& payload) { published(channel, payload); });
  subscriber_.start();
  commands_.start([this] { boost::asio::post(strand_, [this] { beat(); }); });
  boost::asio::post(strand_, [this] { beat(); });
}

void RedisCluster::stop() {
  boost::asio::post(strand_, [this] {
    stopped_ = true;
    timer_.cancel();
  });
  commands_.stop();
  subscriber_.stop();
}

bool RedisCluster::failed(const std::optional<RedisReply>& reply, std::string_view what) {
  auto trouble = trouble_of(reply);
  if (trouble) troubles_.report(*trouble, what, reply ? reply->text : "no answer");
  return trouble.has_value();
}

// On the strand: publishes this node, reads all, and comes back in kBeat. While the last beat is
// unanswered (Redis hangs; RedisClient's timeout ends that) nothing more is sent.
void RedisCluster::beat() {
  if (stopped_) return;
  timer_.cancel();  // a reconnection beats at once; the next beat is timed from here
  timer_.expires_after(kBeat);
  timer_.async_wait(boost::asio::bind_executor(strand_, [this](boost::system::error_code ec) {
    if (!ec) beat();
  }));
  metrics_.redis_pending(commands_.pending());
  const auto timeouts = commands_.timeouts();
  metrics_.redis_timeouts(timeouts - std::exchange(timeouts_seen_, timeouts));
  if (!commands_.connected()) return;  // said once by the client; its reconnection beats at once
  if (beat_unanswered_.exchange(true)) return metrics_.redis_beat_skipped();
  auto list = [this](const char* status) {
    storage::GameQuery query;
    query.status = status;
    query.limit = kPublishedGames;
    return protocol::dump(list_items(store_, registry_, query));
  };
  try {
    commands_.command(eval(kBeatScript, {node_key(node_), seeks_key(node_), kNodes},
                           {node_, std::to_string(kExpiry.count()), std::to_string(online_()),
                            std::to_string(registry_.games_in_play()), list("playing"), list("finished")}),
                      [this](std::optional<RedisReply> reply) {
                        if (failed(reply, "the heartbeat was not stored")) return;
                        std::lock_guard lock(mutex_);
                        written_at_ = std::chrono::steady_clock::now();
                      });
  } catch (const std::exception& e) {  // the store could not be read: the others see this node's last lists
    std::cerr << "arbiter: the lists were not published: " << e.what() << "\n";
  }
  publish_computer_games();
  read_view();  // its answer, the last of this beat's, ends the beat
}

std::vector<json> RedisCluster::read_items(const std::string& node, const std::string& text, bool playing) {
  json items = json::parse(text, nullptr, false);
  std::vector<json> out;
  std::size_t junk = items.is_array() ? 0 : 1;
  if (items.is_array())
    for (auto& item : items) {
      if (valid_list_item(item, playing)) out.push_back(std::move(item));
      else ++junk;
    }
  if (junk)
    troubles_.report(RedisTrouble::Junk, "node " + node + "'s list of games",
                     std::to_string(junk) + " item(s) that no node wrote, skipped");
  return out;
}

void RedisCluster::read_view() {
  const auto asked = std::chrono::steady_clock::now();
  commands_.command(eval(kViewScript, {kNodes}, {}), [this, asked](std::optional<RedisReply> reply) {
    beat_unanswered_ = false;
    if (failed(reply, "the nodes could not be read")) return;
    if (reply->kind != RedisReply::Kind::Array) return troubles_.report(RedisTrouble::Junk, "the nodes", "not a list");
    std::map<std::string, NodeView> nodes;
    std::map<std::string, SharedSeek> seeks;
    const auto& parts = reply->elements;
    for (std::size_t i = 0; i + 2 < parts.size(); i += 3) {
      NodeView view;
      const std::string& node = parts[i].text;
      const auto& fields = parts[i + 1].elements;
      for (std::size_t f = 0; f + 1 < fields.size(); f += 2) {
        const std::string& name = fields[f].text;
        const std::string& value = fields[f + 1].text;
        if (name == "online" || name == "games") {
          auto count = parse_count(value);
          if (!count) troubles_.report(RedisTrouble::Junk, "node " + node + "'s " + name, "not a count, taken as 0");
          (name == "online" ? view.online : view.games) = count.value_or(0);
        } else if (name == "playing" || name == "finished") {
          (name == "playing" ? view.playing : view.finished) = read_items(node, value, name == "playing");
        }
      }
      nodes[node] = std::move(view);
      for (const auto& record : parts[i + 2].elements)
        if (auto seek = parse_seek_record(record.text)) seeks.emplace(seek->seek.id, std::move(*seek));
    }
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    std::erase_if(removed_, [&](const auto& entry) { return now - entry.second > kRemovalRemembered; });
    // A seek removed while this view was on its way stays removed.
    std::erase_if(seeks, [&](const auto& entry) {
      auto it = removed_.find(entry.first);
      return it != removed_.end() && it->second >= asked;
    });
    nodes_ = std::move(nodes);
    seeks_ = std::move(seeks);
    viewed_at_ = now;
  });
}

// On the subscriber's strand.
void RedisCluster::published(const std::string& channel, const std::string& payload) {
  if (channel == kLobbyChannel && !payload.empty()) {
    std::lock_guard lock(mutex_);
    if (payload[0] == '+') {
      // Redis keeps a channel's order: a seek offered again (its game not stored) is back.
      if (auto seek = parse_seek_record(payload.substr(1))) {
        removed_.erase(seek->seek.id);
        seeks_.insert_or_assign(seek->seek.id, std::move(*seek));
      }
    } else if (payload[0] == '-') {
      const std::string id = payload.substr(1);
      seeks_.erase(id);
      removed_[id] = std::chrono::steady_clock::now();
    }
    return;
  }
  if (auto notice = parse_matched_notice(payload)) lobby_->matched_elsewhere(notice->seek, notice->game, notice->color);
}

bool RedisCluster::fresh() const {
  const auto now = std::chrono::steady_clock::now();
  return viewed_at_ && now - *viewed_at_ < kExpiry && written_at_ && now - *written_at_ < kExpiry;
}

std::optional<std::vector<json>> RedisCluster::games(bool playing) const {
  std::lock_guard lock(mutex_);
  if (!fresh()) return std::nullopt;
  std::vector<json> out;
  for (const auto& [name, view] : nodes_) {
    const auto& items = playing ? view.playing : view.finished;
    out.insert(out.end(), items.begin(), items.end());
  }
  return out;
}

std::optional<std::pair<std::size_t, std::size_t>> RedisCluster::counts() const {
  std::lock_guard lock(mutex_);
  if (!fresh()) return std::nullopt;
  std::pair<std::size_t, std::size_t> total{0, 0};
  for (const auto& [name, view] : nodes_) {
    total.first += view.online;
    total.second += view.games;
  }
  return total;
}

void RedisCluster::offer(const SharedSeek& seek, std::function<void(bool)> done) {
  commands_.command(eval(kOfferScript, {seeks_key(node_), kLobbyChannel}, {seek.seek.id, seek_record(seek), std::to_string(kExpiry.count())}),
                    [this, done = std::move(done)](std::optional<RedisReply> reply) {
                      failed(reply, "a seek was not stored");
                      done(reply && reply->kind == RedisReply::Kind::Integer);
                    });
}

void RedisCluster::claim(const std::string& id, std::function<void(Claim, std::optional<SharedSeek>)> done) {
  const std::string_view node = security::node_of(id);
  if (node.empty()) return done(Claim::Gone, std::nullopt);
  commands_.command(eval(kClaimScript, {seeks_key(node), kLobbyChannel}, {id}), [this, done = std::move(done)](std::optional<RedisReply> reply) {
    if (failed(reply, "a seek could not be claimed")) return done(Claim::Unavailable, std::nullopt);
    if (reply->kind != RedisReply::Kind::String) return done(Claim::Gone, std::nullopt);
    auto seek = parse_seek_record(reply->text);
    done(seek ? Claim::Won : Claim::Gone, std::move(seek));
  });
}

void RedisCluster::tell_matched(const std::string& seek_id, const std::string& game, const std::string& color) {
  commands_.command({"PUBLISH", node_channel(security::node_of(seek_id)), matched_notice({seek_id, game, color})},
                    [this](std::optional<RedisReply> reply) { failed(reply, "a seek's node was not told of its game"); });
}

std::vector<protocol::Seek> RedisCluster::newest(std::size_t n) const {
  std::lock_guard lock(mutex_);
  std::vector<protocol::Seek> all;
  for (const auto& [id, seek] : seeks_) all.push_back(seek.seek);
  auto later = [](const protocol::Seek& a, const protocol::Seek& b) {
    return std::tie(a.created_at_ms, a.id) > std::tie(b.created_at_ms, b.id);
  };
  const std::size_t shown = std::min(n, all.size());
  std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(shown), all.end(), later);
  all.resize(shown);
  return all;
}

std::size_t RedisCluster::size() const {
  std::lock_guard lock(mutex_);
  return seeks_.size();
}

std::optional<SharedSeek> RedisCluster::find(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = seeks_.find(id);
  if (it == seeks_.end()) return std::nullopt;
  return it->second;
}

}  // namespace arbiter
