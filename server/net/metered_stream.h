#pragma once
// The layer under a server's WebSocket stream: hands the client's bytes up to Beast unchanged,
// and tells its observer of every frame as its header arrives and of every message as it begins,
// so that frames Beast reads by itself are counted and a message that never ends is noticed.
// It reads and writes the connection's socket itself, typed by its strand: neither Beast's
// tcp_stream (whose timeouts the WebSocket does not use; its write operation is over 1 KiB,
// which malloc serves slowly) nor a type-erased executor (which allocates a copy of the strand
// for every operation) stands on the path of every message.
#include <boost/asio/compose.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <unistd.h>

#include <chrono>
#include <optional>

#include "server/net/frame_parser.h"

namespace arbiter {

class MeteredStream {
 public:
  class Observer {
   public:
    virtual void frame_began(FrameParser::Frame frame) = 0;
    virtual void message_began() = 0;

   protected:
    ~Observer() = default;
  };

  using executor_type = boost::asio::strand<boost::asio::io_context::executor_type>;
  using next_layer_type = boost::asio::basic_stream_socket<boost::asio::ip::tcp, executor_type>;

  // Takes over the HTTP connection's socket, on its strand (a new one if it ran on none).
  explicit MeteredStream(boost::beast::tcp_stream stream) : socket_(adopt(std::move(stream))) {}

  void observe(Observer* observer) { observer_ = observer; }
  // When the message (or frame) under way began; none when the client is between messages.
  std::optional<std::chrono::steady_clock::time_point> message_began_at() const { return began_at_; }

  executor_type get_executor() { return socket_.get_executor(); }
  next_layer_type& next_layer() { return socket_; }
  const next_layer_type& next_layer() const { return socket_; }

  template <class MutableBuffers, class ReadHandler>
  auto async_read_some(const MutableBuffers& buffers, ReadHandler&& handler) {
    return boost::asio::async_compose<ReadHandler, void(boost::beast::error_code, std::size_t)>(
        [this, buffers, reading = false](auto& self, boost::beast::error_code ec = {}, std::size_t read = 0) mutable {
          if (!reading) {
            reading = true;
            return socket_.async_read_some(buffers, std::move(self));
          }
          meter(buffers, read);
          self.complete(ec, read);
        },
        handler, socket_);
  }

  template <class ConstBuffers, class WriteHandler>
  auto async_write_some(const ConstBuffers& buffers, WriteHandler&& handler) {
    return socket_.async_write_some(buffers, std::forward<WriteHandler>(handler));
  }

 private:
  static next_layer_type adopt(boost::beast::tcp_stream stream) {
    auto executor = stream.get_executor();
    const executor_type* strand = executor.target<executor_type>();
    next_layer_type socket(strand ? *strand
                                  : boost::asio::make_strand(static_cast<boost::asio::io_context&>(
                                        boost::asio::query(executor, boost::asio::execution::context))));
    auto& http_socket = stream.socket();
    if (!http_socket.is_open()) return socket;  // closed meanwhile: the handshake fails
    boost::beast::error_code ec;
    const auto protocol = http_socket.local_endpoint(ec).protocol();
    if (ec) return socket;
    const auto handle = http_socket.release(ec);
    if (ec) return socket;
    if (socket.assign(protocol, handle, ec)) ::close(handle);
    return socket;
  }

  template <class Buffers>
  void meter(const Buffers& buffers, std::size_t read) {
    bool ended = false;
    auto counted = [this](FrameParser::Frame frame) { observer_->frame_began(frame); };
    for (auto it = boost::asio::buffer_sequence_begin(buffers); read > 0 && it != boost::asio::buffer_sequence_end(buffers);
         ++it) {
      boost::asio::const_buffer buffer(*it);
      auto size = std::min(read, buffer.size());
      ended |= parser_.feed({static_cast<const std::uint8_t*>(buffer.data()), size}, counted);
      read -= size;
    }
    if (!parser_.in_message()) {
      began_at_.reset();
    } else if (ended || !began_at_) {  // what is under way began among these bytes
      began_at_ = std::chrono::steady_clock::now();
      observer_->message_began();
    }
  }

  next_layer_type socket_;
  FrameParser parser_;
  Observer* observer_ = nullptr;
  std::optional<std::chrono::steady_clock::time_point> began_at_;
};

// Closing the WebSocket closes the TCP stream beneath (found by Beast through argument lookup).
inline void teardown(boost::beast::role_type role, MeteredStream& stream, boost::beast::error_code& ec) {
  using boost::beast::websocket::teardown;
  teardown(role, stream.next_layer(), ec);
}

template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, MeteredStream& stream, TeardownHandler&& handler) {
  using boost::beast::websocket::async_teardown;
  async_teardown(role, stream.next_layer(), std::forward<TeardownHandler>(handler));
}

}  // namespace arbiter
