#pragma once
// A Redis connection (Debian's hiredis, its asynchronous API) driven by Asio: the socket is
// waited on with async_wait on a strand, so no io thread ever blocks on Redis. It connects in the
// background and reconnects every half second while Redis is away; a command sent while it is
// down, or whose answer the connection lost, is answered nullopt at once. A command unanswered
// for kCommandTimeout means Redis hangs: the connection is dropped (every pending command is
// answered nullopt) and made again, so that nothing waits longer and nothing piles up.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <chrono>

#include <boost/asio/io_context.hpp>

namespace arbiter {

struct RedisReply {
  enum class Kind { Nil, Integer, String, Status, Error, Array };
  Kind kind = Kind::Nil;
  long long integer = 0;
  std::string text;  // String, Status and Error
  std::vector<RedisReply> elements;
};

class RedisClient {
 public:
  using Answer = std::function<void(std::optional<RedisReply>)>;
  using Message = std::function<void(const std::string& channel, const std::string& payload)>;
  static constexpr auto kCommandTimeout = std::chrono::milliseconds(2000);
  // Commands sent and not yet answered, at most: past that a command is answered nullopt at once.
  static constexpr std::size_t kMaxPending = 1000;

  RedisClient(boost::asio::io_context& io, std::string host, unsigned short port);
  ~RedisClient();
  RedisClient(const RedisClient&) = delete;
  RedisClient& operator=(const RedisClient&) = delete;

  // `connected` runs on each connection (the first and every reconnection), before any answer.
  void start(std::function<void()> connected = {});
  // Closes the connection; pending commands are answered nullopt.
  void stop();
  // Runs `done` once, on the client's strand.
  void command(std::vector<std::string> arguments, Answer done);
  // Makes this a subscriber's connection: after each (re)connection it subscribes to `channels`
  // and hands over every message. Such a client sends no other command.
  void subscribe(std::vector<std::string> channels, Message on_message);
  bool connected() const;
  std::size_t pending() const;              // commands sent, not yet answered
  std::uint64_t timeouts() const;           // connections dropped for a command unanswered in time

  struct Impl;  // redis_client.cpp's: the strand, the connection and the reconnect timer

 private:
  std::shared_ptr<Impl> impl_;
};

// An EVAL command: the script, its keys and its arguments.
std::vector<std::string> eval(const char* script, std::vector<std::string> keys, std::vector<std::string> arguments);

}  // namespace arbiter
