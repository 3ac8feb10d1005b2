#include "server/cluster/redis_client.h"

#include <hiredis/async.h>
#include <hiredis/hiredis.h>

#include <atomic>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <deque>
#include <iostream>

namespace arbiter {
namespace {

constexpr auto kReconnectEvery = std::chrono::milliseconds(500);

RedisReply convert(const redisReply* reply) {
  RedisReply out;
  switch (reply->type) {
    case REDIS_REPLY_INTEGER:
      out.kind = RedisReply::Kind::Integer;
      out.integer = reply->integer;
      break;
    case REDIS_REPLY_STRING:
    case REDIS_REPLY_STATUS:
    case REDIS_REPLY_ERROR:
      out.kind = reply->type == REDIS_REPLY_STRING   ? RedisReply::Kind::String
                 : reply->type == REDIS_REPLY_STATUS ? RedisReply::Kind::Status
                                                     : RedisReply::Kind::Error;
      out.text.assign(reply->str, reply->len);
      break;
    case REDIS_REPLY_ARRAY:
      out.kind = RedisReply::Kind::Array;
      for (std::size_t i = 0; i < reply->elements; ++i) out.elements.push_back(convert(reply->element[i]));
      break;
    default:
      break;
  }
  return out;
}

}  // namespace

using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

// One hiredis connection and its socket, as Asio sees it. hiredis asks for reading and writing
// through the ev hooks (the adapter: what hiredis's adapters/ do for libuv or libev), and owns
// the descriptor: it closes it when it frees the context, after calling `cleanup`.
struct Link : std::enable_shared_from_this<Link> {
  Link(Strand& strand, std::weak_ptr<RedisClient::Impl> owner) : socket(strand), owner(std::move(owner)) {}
  boost::asio::posix::stream_descriptor socket;
  std::weak_ptr<RedisClient::Impl> owner;
  redisAsyncContext* context = nullptr;  // null once hiredis has freed it
  bool want_read = false, want_write = false, read_armed = false, write_armed = false;

  using Wait = boost::asio::posix::stream_descriptor::wait_type;
  void arm(Wait wait);
};

// A command sent: its callback, until Redis answers or the connection is lost.
struct Pending {
  RedisClient::Answer done;
  std::chrono::steady_clock::time_point sent;
  bool answered = false;
};

struct RedisClient::Impl : std::enable_shared_from_this<RedisClient::Impl> {
  Impl(boost::asio::io_context& io, std::string host, unsigned short port)
      : strand(boost::asio::make_strand(io)), retry(strand), watchdog(strand), host(std::move(host)), port(port) {}

  Strand strand;
  boost::asio::steady_timer retry;
  boost::asio::steady_timer watchdog;  // set for the oldest pending command's deadline
  bool watching = false;
  std::deque<std::shared_ptr<Pending>> in_flight;  // in the order sent: Redis answers in that order
  std::atomic<std::size_t> pending_count{0};
  std::atomic<std::uint64_t> timeout_count{0};
  std::string host;
  unsigned short port;
  std::function<void()> on_connected;
  std::vector<std::string> channels;
  Message on_message;
  std::shared_ptr<Link> link;  // the connection, or the one being made
  std::atomic<bool> up{false};
  bool stopped = false;
  bool dying = false;  // the client is being destroyed: answers are dropped, never called

  void connect();
  void reconnect_later() {
    up = false;
    link.reset();
    if (stopped) return;
    retry.expires_after(kReconnectEvery);
    retry.async_wait(boost::asio::bind_executor(strand, [self = shared_from_this()](boost::system::error_code ec) {
      if (!ec && !self->stopped) self->connect();
    }));
  }
  void send_subscribe();

  void forget_answered() {
    while (!in_flight.empty() && in_flight.front()->answered) in_flight.pop_front();
    pending_count = in_flight.size();
  }
  void watch();
  void drop_hung();
};

// Wakes at the oldest pending command's deadline: still unanswered, Redis hangs.
void RedisClient::Impl::watch() {
  if (watching || in_flight.empty()) return;
  watching = true;
  watchdog.expires_at(in_flight.front()->sent + kCommandTimeout);
  watchdog.async_wait(boost::asio::bind_executor(strand, [self = shared_from_this()](boost::system::error_code ec) {
    self->watching = false;
    if (ec || self->dying) return;
    self->forget_answered();
    if (!self->in_flight.empty() && std::chrono::steady_clock::now() - self->in_flight.front()->sent >= kCommandTimeout)
      self->drop_hung();
    self->watch();
  }));
}

// Frees the connection: hiredis answers every pending command (nullopt), then on_disconnect
// reconnects.
void RedisClient::Impl::drop_hung() {
  ++timeout_count;
  std::cerr << "arbiter: Redis at " << host << ":" << port << " did not answer within "
            << std::chrono::duration_cast<std::chrono::milliseconds>(kCommandTimeout).count() << " ms; reconnecting\n";
  auto held = link;  // hiredis's hooks use it until the context is freed
  if (held && held->context) redisAsyncFree(held->context);
  forget_answered();
}

// Waits for the socket to be readable (or writable) while hiredis wants it, then lets hiredis read
// (or write), and waits again.
void Link::arm(Wait wait) {
  const bool reading = wait == Wait::wait_read;
  bool& armed = reading ? read_armed : write_armed;
  if (!context || !(reading ? want_read : want_write) || armed) return;
  armed = true;
  socket.async_wait(wait, [self = shared_from_this(), wait, reading](boost::system::error_code ec) {
    (reading ? self->read_armed : self->write_armed) = false;
    if (ec || !self->context) return;
    if (reading) redisAsyncHandleRead(self->context);  // may free the context (cleanup clears it)
    else redisAsyncHandleWrite(self->context);
    self->arm(wait);
  });
}

namespace {

Link* link_of(const redisAsyncContext* context) { return static_cast<Link*>(context->data); }

// The ev hooks: idempotent, called by hiredis on the strand (inside a call we made there).
void add_read(void* data) {
  auto* link = static_cast<Link*>(data);
  link->want_read = true;
  link->arm(Link::Wait::wait_read);
}
void del_read(void* data) { static_cast<Link*>(data)->want_read = false; }
void add_write(void* data) {
  auto* link = static_cast<Link*>(data);
  link->want_write = true;
  link->arm(Link::Wait::wait_write);
}
void del_write(void* data) { static_cast<Link*>(data)->want_write = false; }
void cleanup(void* data) {
  auto* link = static_cast<Link*>(data);
  link->context = nullptr;
  link->want_read = link->want_write = false;
  boost::system::error_code ignored;
  link->socket.cancel(ignored);
  if (link->socket.is_open()) link->socket.release();  // hiredis closes the descriptor itself
}

void on_connect(const redisAsyncContext* context, int status) {
  auto owner = link_of(context)->owner.lock();
  if (!owner) return;
  if (status != REDIS_OK) return owner->reconnect_later();  // hiredis frees the context next
  owner->up = true;
  if (!owner->channels.empty()) owner->send_subscribe();
  if (owner->on_connected) owner->on_connected();
}

void on_disconnect(const redisAsyncContext* context, int) {
  if (auto owner = link_of(context)->owner.lock(); owner && !owner->stopped) {
    std::cerr << "arbiter: lost Redis at " << owner->host << ":" << owner->port << "; reconnecting\n";
    owner->reconnect_later();
  }
}

// A command's answer (null: the connection is gone): its Pending, owned here from now on.
void on_reply(redisAsyncContext* context, void* reply, void* privdata) {
  std::unique_ptr<std::shared_ptr<Pending>> pending(static_cast<std::shared_ptr<Pending>*>(privdata));
  auto owner = link_of(context)->owner.lock();
  if (!owner || owner->dying || (*pending)->answered) return;
  (*pending)->answered = true;
  owner->forget_answered();
  auto done = std::move((*pending)->done);
  done(reply ? std::optional(convert(static_cast<redisReply*>(reply))) : std::nullopt);
}

// A subscriber's every reply: ["subscribe", channel, n] once, then ["message", channel, payload].
void on_published(redisAsyncContext* context, void* reply, void*) {
  auto owner = link_of(context)->owner.lock();
  if (!owner || owner->dying || !reply) return;
  const auto* r = static_cast<redisReply*>(reply);
  if (r->type != REDIS_REPLY_ARRAY || r->elements != 3 || r->element[0]->type != REDIS_REPLY_STRING) return;
  if (std::string_view(r->element[0]->str, r->element[0]->len) != "message") return;
  owner->on_message(std::string(r->element[1]->str, r->element[1]->len), std::string(r->element[2]->str, r->element[2]->len));
}

}  // namespace

void RedisClient::Impl::connect() {
  redisAsyncContext* context = redisAsyncConnect(host.c_str(), port);
  if (!context) return reconnect_later();
  if (context->err) {
    redisAsyncFree(context);
    return reconnect_later();
  }
  link = std::make_shared<Link>(strand, weak_from_this());
  link->context = context;
  context->data = link.get();
  boost::system::error_code ec;
  link->socket.assign(context->c.fd, ec);
  if (ec) {
    link->context = nullptr;
    redisAsyncFree(context);
    return reconnect_later();
  }
  context->ev.data = link.get();
  context->ev.addRead = add_read;
  context->ev.delRead = del_read;
  context->ev.addWrite = add_write;
  context->ev.delWrite = del_write;
  context->ev.cleanup = cleanup;
  redisAsyncSetConnectCallback(context, on_connect);
  redisAsyncSetDisconnectCallback(context, on_disconnect);
  add_write(link.get());  // the connection completes when the socket becomes writable
}

void RedisClient::Impl::send_subscribe() {
  std::vector<const char*> argv{"SUBSCRIBE"};
  std::vector<std::size_t> lengths{9};
  for (const auto& channel : channels) {
    argv.push_back(channel.c_str());
    lengths.push_back(channel.size());
  }
  redisAsyncCommandArgv(link->context, on_published, nullptr, static_cast<int>(argv.size()), argv.data(), lengths.data());
}

RedisClient::RedisClient(boost::asio::io_context& io, std::string host, unsigned short port)
    : impl_(std::make_shared<Impl>(io, std::move(host), port)) {}

RedisClient::~RedisClient() {
  // The io threads have stopped: nothing else runs on the strand now.
  impl_->dying = true;
  impl_->stopped = true;
  if (impl_->link && impl_->link->context) redisAsyncFree(impl_->link->context);
}

void RedisClient::start(std::function<void()> connected) {
  boost::asio::post(impl_->strand, [impl = impl_, connected = std::move(connected)]() mutable {
    impl->on_connected = std::move(connected);
    impl->connect();
  });
}

void RedisClient::stop() {
  boost::asio::post(impl_->strand, [impl = impl_] {
    impl->stopped = true;
    impl->retry.cancel();
    auto link = impl->link;  // hiredis's hooks use it until the context is freed
    if (link && link->context) redisAsyncDisconnect(link->context);
  });
}

void RedisClient::command(std::vector<std::string> arguments, Answer done) {
  boost::asio::post(impl_->strand, [impl = impl_, arguments = std::move(arguments), done = std::move(done)]() mutable {
    if (!impl->up || !impl->link || !impl->link->context || impl->in_flight.size() >= kMaxPending) return done(std::nullopt);
    std::vector<const char*> argv;
    std::vector<std::size_t> lengths;
    for (const auto& argument : arguments) {
      argv.push_back(argument.data());
      lengths.push_back(argument.size());
    }
    auto pending = std::make_shared<Pending>(Pending{std::move(done), std::chrono::steady_clock::now()});
    auto owned = std::make_unique<std::shared_ptr<Pending>>(pending);
    if (redisAsyncCommandArgv(impl->link->context, on_reply, owned.get(), static_cast<int>(argv.size()), argv.data(),
                              lengths.data()) != REDIS_OK)
      return pending->done(std::nullopt);
    owned.release();  // on_reply owns it now
    impl->in_flight.push_back(std::move(pending));
    impl->pending_count = impl->in_flight.size();
    impl->watch();
  });
}

void RedisClient::subscribe(std::vector<std::string> channels, Message on_message) {
  boost::asio::post(impl_->strand, [impl = impl_, channels = std::move(channels), on_message = std::move(on_message)]() mutable {
    impl->channels = std::move(channels);
    impl->on_message = std::move(on_message);
    if (impl->up) impl->send_subscribe();
  });
}

bool RedisClient::connected() const { return impl_->up; }

std::size_t RedisClient::pending() const { return impl_->pending_count; }

std::uint64_t RedisClient::timeouts() const { return impl_->timeout_count; }

std::vector<std::string> eval(const char* script, std::vector<std::string> keys, std::vector<std::string> arguments) {
  std::vector<std::string> command{"EVAL", script, std::to_string(keys.size())};
  command.insert(command.end(), keys.begin(), keys.end());
  command.insert(command.end(), arguments.begin(), arguments.end());
  return command;
}

}  // namespace arbiter
