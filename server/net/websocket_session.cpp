#include "server/net/websocket_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "protocol/messages.h"
#include "server/limits/rate_limiter.h"
#include "server/metrics/move_observer.h"
#include "server/net/metered_stream.h"
#include "server/rooms/fifo.h"

namespace arbiter {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

// A socket closed for abuse gets this long to finish the close handshake before it is cut.
constexpr auto kCloseGrace = std::chrono::seconds(2);
// A message is read into the session's buffer this much at a time: a whole-message read would
// reserve Beast's frame size (1,536 bytes) for every socket, kept for its life, where a client's
// messages are nearly all under a hundred bytes. A longer one takes a few reads.
constexpr std::size_t kReadChunk = 256;

std::shared_ptr<const std::string> shared(std::string text) { return std::make_shared<const std::string>(std::move(text)); }

class GamePeer : public SocketPeer {
 public:
  GamePeer(std::shared_ptr<Room> room, std::string token, std::optional<std::int64_t> since)
      : room_(std::move(room)), token_(std::move(token)), since_(since) {}

  void opened(const std::shared_ptr<Watcher>& connection) override { room_->attach(connection, token_, since_); }
  void closed(const std::shared_ptr<Watcher>& connection) override { room_->detach(connection); }

  void received(const std::shared_ptr<Watcher>& connection, const std::string& text) override {
    auto parsed = protocol::parse_client_command(text);
    if (auto* bad = std::get_if<protocol::BadInput>(&parsed))
      return connection->send(shared(protocol::error_message(bad->code, bad->message)));
    std::visit(
        [&](auto& command) {
          using T = std::decay_t<decltype(command)>;
          if constexpr (std::is_same_v<T, protocol::PingCommand>) connection->send(shared(protocol::pong_message()));
          else if constexpr (std::is_same_v<T, protocol::PremoveCommand>) room_->premove(connection, std::move(command.move));
          else if constexpr (std::is_same_v<T, protocol::ChatCommand>)
            room_->chat(connection, std::move(command.text), std::move(command.name));
          else room_->command(connection, std::move(command));
        },
        std::get<protocol::ClientCommand>(parsed));
  }

 private:
  std::shared_ptr<Room> room_;
  std::string token_;
  std::optional<std::int64_t> since_;
};

// One WebSocket connection: reads messages for its peer, writes what it is sent, in order, from
// a bounded queue. Everything runs on the connection's strand (its socket's executor).
// Messages and frames count against this connection's rate, its address's and its seat's: a
// message once, and every frame that does not end a message (fragments, pings, pongs) once
// more. A message must be complete within message_timeout of its first byte.
class WebSocketSession : public Watcher,
                         public MeteredStream::Observer,
                         public std::enable_shared_from_this<WebSocketSession> {
 public:
  WebSocketSession(beast::tcp_stream stream, std::unique_ptr<SocketPeer> peer, Services& services, ConnectionSlot slot,
                   WebSocketAdmission admission)
      : ws_(std::move(stream)),
        peer_(std::move(peer)),
        services_(services),
        slot_(std::move(slot)),
        websocket_slot_(services.websockets),
        admission_(std::move(admission)),
        limiter_(services.limits.messages_per_second, services.limits.message_burst,
                 services.limits.refusals_before_disconnect),
        idle_timer_(ws_.get_executor()),
        deadline_(ws_.get_executor()) {}

  void run(http::request<http::string_body> upgrade) {
    websocket::stream_base::timeout timeout{};
    timeout.handshake_timeout = std::chrono::seconds(10);
    timeout.idle_timeout = services_.limits.websocket_idle_timeout;
    timeout.keep_alive_pings = true;
    ws_.set_option(timeout);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& response) { response.set(http::field::server, "arbiter"); }));
    ws_.read_message_max(services_.limits.max_frame_bytes);
    // A server's frames are not masked, so unfragmented they go out straight from the message:
    // no write buffer per socket (Beast's default keeps 4 KB for each).
    ws_.auto_fragment(false);
    ws_.write_buffer_bytes(8);
    // Beast answers pings itself; the frame meter counts them against the rate.
    ws_.control_callback([weak = weak_from_this()](websocket::frame_type kind, beast::string_view) {
      auto self = weak.lock();
      if (self && kind == websocket::frame_type::ping) self->services_.metrics.ping();
    });
    ws_.next_layer().observe(this);
    ws_.async_accept(upgrade, [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
  }

  void send(std::shared_ptr<const std::string> text) override { send_move(std::move(text), {}); }

  void send_move(std::shared_ptr<const std::string> text, std::chrono::steady_clock::time_point committed) override {
    boost::asio::post(ws_.get_executor(), [self = shared_from_this(), text = std::move(text), committed]() mutable {
      if (self->closing_) return;
      if (self->queue_.size() >= self->services_.limits.max_queued_messages) return self->drop();
      self->queue_.push_back({std::move(text), committed});
      if (!self->writing_) self->write_next();
    });
  }

  const std::string& client() const override { return admission_.client; }

  void close_going_away() override {
    boost::asio::post(ws_.get_executor(), [self = shared_from_this()] {
      if (self->closing_) return;
      self->closing_ = true;
      self->ws_.async_close(websocket::close_code::going_away, [self](beast::error_code) { self->on_closed(); });
    });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return;
    attached_ = true;
    peer_->opened(shared_from_this());
    last_message_ = std::chrono::steady_clock::now();
    if (admission_.seat.empty()) watch_idle(services_.limits.spectator_idle_timeout);
    read_next();
  }

  // A spectator closed after spectator_idle_timeout without a message of its own. Players are
  // never closed for silence: thinking is not idling.
  void watch_idle(std::chrono::steady_clock::duration wait) {
    idle_timer_.expires_after(wait);
    idle_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->closing_) return;
      auto silent = std::chrono::steady_clock::now() - self->last_message_;
      auto limit = self->services_.limits.spectator_idle_timeout;
      if (silent < limit) return self->watch_idle(limit - silent);
      self->services_.metrics.refused(Refusal::IdleSpectator);
      self->close(websocket::close_code::policy_error);
    });
  }

  // This connection's rate first, then the ones it shares with its address and its seat.
  RateLimiter::Verdict admit_message() {
    auto now = RateLimiter::Clock::now();
    auto verdict = limiter_.check(now);
    if (verdict == RateLimiter::Verdict::Allow && !services_.address_limits.message(admission_.client, admission_.seat, now))
      verdict = limiter_.refuse();
    if (verdict != RateLimiter::Verdict::Allow) services_.metrics.refused(Refusal::MessageRate);
    return verdict;
  }

  // Called inside a read of the stream, which may not start operations on it: closes are posted.
  void frame_began(FrameParser::Frame frame) override {
    if (closing_ || (frame.fin && !frame.control())) return;  // a message's last frame counts as the message
    if (admit_message() == RateLimiter::Verdict::Disconnect)
      boost::asio::post(ws_.get_executor(), [self = shared_from_this()] { self->close(websocket::close_code::policy_error); });
  }

  void message_began() override {
    if (!closing_ && !watching_message_) watch_message();
  }

  // Wakes when the message under way is due; it may have ended (and others begun) meanwhile.
  void watch_message() {
    watching_message_ = false;
    auto began = ws_.next_layer().message_began_at();
    if (!began) return;
    auto due = *began + services_.limits.message_timeout;
    if (due <= std::chrono::steady_clock::now()) {
      services_.metrics.refused(Refusal::MessageTimeout);
      return close(websocket::close_code::policy_error);
    }
    watching_message_ = true;
    deadline_.expires_at(due);
    deadline_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec && !self->closing_) self->watch_message();
    });
  }

  void read_next() {
    ws_.async_read_some(buffer_, kReadChunk,
                        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec) return on_closed();  // closed, timed out, or refused (a message over the limit closes with 1009)
    if (!ws_.is_message_done()) return read_next();
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    handle(text, ws_.got_text());
    if (!closing_) read_next();
  }

  void handle(const std::string& text, bool is_text) {
    services_.metrics.message();
    last_message_ = std::chrono::steady_clock::now();
    switch (admit_message()) {
      case RateLimiter::Verdict::Allow: break;
      case RateLimiter::Verdict::Refuse: return reply(protocol::error_message("rate_limited", "too many messages"));
      case RateLimiter::Verdict::Disconnect: return close(websocket::close_code::policy_error);
    }
    if (!is_text) return reply(protocol::error_message("bad_message", "messages are JSON text frames"));
    peer_->received(shared_from_this(), text);
  }

  void reply(std::string text) { send(std::make_shared<const std::string>(std::move(text))); }

  // The front of the queue is the message being written until this write's completion runs:
  // only the completion pops it, whatever happened to the connection meanwhile.
  void write_next() {
    writing_ = true;
    ws_.text(true);
    const Outgoing& next = queue_.front();
    if (next.committed != std::chrono::steady_clock::time_point{})
      observe_move_stage(MoveStage::Sent, std::chrono::steady_clock::now() - next.committed);
    ws_.async_write(boost::asio::buffer(*next.text),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      self->writing_ = false;
                      self->queue_.pop_front();
                      if (ec) return self->drop();
                      if (!self->queue_.empty() && !self->closing_) self->write_next();
                    });
  }

  // A client that does not answer the close (or keeps sending) is cut after kCloseGrace.
  void close(websocket::close_code code) {
    if (closing_) return;
    closing_ = true;
    ws_.async_close(code, [self = shared_from_this()](beast::error_code) { self->on_closed(); });
    deadline_.expires_after(kCloseGrace);
    deadline_.async_wait([self = shared_from_this()](beast::error_code ec) {
      beast::error_code ignored;
      if (!ec) beast::get_lowest_layer(self->ws_).close(ignored);
    });
  }

  // A client too slow to keep up, or a broken socket: cut it off without waiting on it.
  void drop() {
    closing_ = true;
    // What waits goes; the message in flight stays until its write completes (with an error).
    queue_.keep_first(writing_ ? 1 : 0);
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).close(ignored);
    on_closed();
  }

  void on_closed() {
    closing_ = true;
    idle_timer_.cancel();
    deadline_.cancel();
    if (attached_) peer_->closed(shared_from_this());
    attached_ = false;
  }

  websocket::stream<MeteredStream> ws_;
  beast::flat_buffer buffer_;
  std::unique_ptr<SocketPeer> peer_;
  Services& services_;
  ConnectionSlot slot_;
  ConnectionSlot websocket_slot_;
  WebSocketAdmission admission_;
  RateLimiter limiter_;
  boost::asio::steady_timer idle_timer_;
  boost::asio::steady_timer deadline_;  // the message under way is due; after a close, the cut
  bool watching_message_ = false;       // deadline_ waits for a message
  std::chrono::steady_clock::time_point last_message_{};
  struct Outgoing {
    std::shared_ptr<const std::string> text;
    std::chrono::steady_clock::time_point committed;  // a move's event: when it was committed
  };
  Fifo<Outgoing> queue_;
  bool closing_ = false;
  bool writing_ = false;  // an async_write of queue_.front() is in flight
  bool attached_ = false;
};

}  // namespace

std::unique_ptr<SocketPeer> game_peer(std::shared_ptr<Room> room, std::string token, std::optional<std::int64_t> since) {
  return std::make_unique<GamePeer>(std::move(room), std::move(token), since);
}

void start_websocket_session(beast::tcp_stream stream, http::request<http::string_body> upgrade,
                             std::unique_ptr<SocketPeer> peer, Services& services, ConnectionSlot slot,
                             WebSocketAdmission admission) {
  stream.expires_never();  // the WebSocket's own timeouts take over
  auto session = std::make_shared<WebSocketSession>(std::move(stream), std::move(peer), services, std::move(slot),
                                                    std::move(admission));
  session->run(std::move(upgrade));
}

}  // namespace arbiter
