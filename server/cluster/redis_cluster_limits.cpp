// RedisCluster's part in the per-address limits (SharedLimits): the scripts that keep each
// address's creation bucket and the nodes' computer games in play.
#include <chrono>

#include "server/cluster/redis_cluster.h"

namespace arbiter {
namespace {

const std::string kNodes = "arbiter:nodes";
std::string computer_key(std::string_view node) { return "arbiter:computer:" + std::string(node); }
std::string creates_key(std::string_view address) { return "arbiter:creates:" + std::string(address); }

// This node's computer games in play by address (ARGV[2..]: address, count, ...), in place of
// what it said before.
constexpr const char* kComputerGamesScript = R"lua(
redis.call('DEL', KEYS[1])
if #ARGV > 1 then
  redis.call('HSET', KEYS[1], unpack(ARGV, 2))
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return 1)lua";

// ARGV: node, address, held here, cap, expiry. Sums the address's computer games on the other
// live nodes; within the cap with `held` here, records it: 1, else 0.
constexpr const char* kHoldComputerScript = R"lua(
local total = tonumber(ARGV[3])
for _, name in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = 'arbiter:computer:' .. name
  if name ~= ARGV[1] and redis.call('TYPE', key).ok == 'hash' then
    total = total + math.max(0, tonumber(redis.call('HGET', key, ARGV[2])) or 0)
  end
end
if total > tonumber(ARGV[4]) then return 0 end
local own = 'arbiter:computer:' .. ARGV[1]
redis.call('HSET', own, ARGV[2], ARGV[3])
redis.call('PEXPIRE', own, ARGV[5])
return 1)lua";

// A token bucket in a hash (tokens, at: Redis's clock in ms), as TokenBucket does it. ARGV: tokens
// per ms, burst. Returns 0 if one was taken, else the ms to wait; the key expires once full again.
constexpr const char* kTakeCreateScript = R"lua(
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens, at = tonumber(state[1]) or burst, tonumber(state[2]) or now
if now > at then
  tokens = math.min(burst, tokens + (now - at) * rate)
  at = now
end
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
elseif rate > 0 then
  wait = math.ceil((1 - tokens) / rate)
else
  wait = 3600000
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', at)
local full_in = rate > 0 and math.ceil((burst - tokens) / rate) or 3600000
redis.call('PEXPIRE', KEYS[1], full_in + 1000)
return wait)lua";

}  // namespace

void RedisCluster::publish_computer_games() {
  std::vector<std::string> arguments{std::to_string(kExpiry.count())};
  for (auto& [address, count] : limits_.computer_games_held()) {
    arguments.push_back(address);
    arguments.push_back(std::to_string(count));
  }
  commands_.command(eval(kComputerGamesScript, {computer_key(node_)}, std::move(arguments)),
                    [this](std::optional<RedisReply> reply) { failed(reply, "the computer games in play were not stored"); });
}

void RedisCluster::take_create(const std::string& address, double per_second, double burst,
                               std::function<void(std::optional<Take>)> done) {
  commands_.command(eval(kTakeCreateScript, {creates_key(address)}, {std::to_string(per_second / 1000), std::to_string(burst)}),
                    [this, done = std::move(done)](std::optional<RedisReply> reply) {
                      if (failed(reply, "a game creation was not counted")) return done(std::nullopt);
                      if (reply->kind != RedisReply::Kind::Integer) return done(std::nullopt);
                      if (reply->integer <= 0) return done(Take{});
                      done(Take{std::chrono::milliseconds(reply->integer)});
                    });
}

void RedisCluster::hold_computer_games(const std::string& address, std::size_t held, std::size_t cap,
                                       std::function<void(std::optional<bool>)> done) {
  commands_.command(eval(kHoldComputerScript, {kNodes},
                         {node_, address, std::to_string(held), std::to_string(cap), std::to_string(kExpiry.count())}),
                    [this, done = std::move(done)](std::optional<RedisReply> reply) {
                      if (failed(reply, "a computer game was not counted")) return done(std::nullopt);
                      if (reply->kind != RedisReply::Kind::Integer) return done(std::nullopt);
                      done(reply->integer == 1);
                    });
}

std::size_t RedisCluster::nodes() const {
  std::lock_guard lock(mutex_);
  return std::max<std::size_t>(1, nodes_.size());
}

}  // namespace arbiter
