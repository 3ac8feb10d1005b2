// The listener and the HTTP side of a connection: API routes, static files, and the hand-over
// of WebSocket upgrades to their game's room.
#include <boost/asio/dispatch.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <charconv>
#include <iostream>

#include "server/network.h"
#include "server/url.h"
#include "server/websocket_session.h"

namespace arbiter {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

using Response = http::response<http::string_body>;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Services& services, ConnectionSlot slot)
      : stream_(std::move(socket)), services_(services), slot_(std::move(slot)) {}

  void run() {
    boost::asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read_next(); });
  }

 private:
  void read_next() {
    parser_.emplace();
    parser_->body_limit(services_.limits.max_body_bytes);
    parser_->header_limit(static_cast<std::uint32_t>(services_.limits.max_header_bytes));
    stream_.expires_after(services_.limits.http_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec == http::error::end_of_stream) return shutdown();
    if (ec == http::error::body_limit) return reply(error(413, "too_large", "the body is too large"), false);
    if (ec) return;  // timed out, reset, or unparseable: nothing worth answering
    auto request = parser_->release();
    if (beast::websocket::is_upgrade(request)) return upgrade(std::move(request));

    std::string target(request.target());
    unsigned version = request.version();
    bool keep_alive = request.keep_alive();
    bool head = request.method() == http::verb::head;
    if (Api::handles(target)) {
      HttpRequest api_request{std::string(request.method_string()), target, std::move(request.body()),
                              std::string(request[http::field::authorization])};
      services_.api.handle(api_request, [self = shared_from_this(), version, keep_alive, head](HttpResponse response) {
        boost::asio::post(self->stream_.get_executor(), [self, version, keep_alive, head, response = std::move(response)] {
          self->reply(self->from_api(response, version, head), keep_alive);
        });
      });
      return;
    }
    if (request.method() != http::verb::get && !head) return reply(error(405, "method_not_allowed", "use GET"), keep_alive);
    auto file = services_.files.get(target);
    if (!file) return reply(error(404, "not_found", "no such file"), keep_alive);
    Response response{http::status::ok, version};
    response.set(http::field::content_type, file->content_type);
    response.set(http::field::cache_control, "no-cache");
    response.body() = std::move(file->body);
    finish(response, head);
    reply(std::move(response), keep_alive);
  }

  void upgrade(http::request<http::string_body> request) {
    std::string target(request.target());
    std::string_view path = url::path_of(target);
    constexpr std::string_view kPrefix = "/ws/";
    std::shared_ptr<Room> room;
    if (path.starts_with(kPrefix)) room = services_.registry.find(std::string(path.substr(kPrefix.size())));
    if (!room) return reply(error(404, "not_found", "no such game"), false);
    std::string token = url::query_param(target, "token").value_or("");
    // ?v=N: a reconnect that holds the events up to N.
    std::optional<std::int64_t> since;
    if (auto v = url::query_param(target, "v")) {
      std::int64_t number = 0;
      auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), number);
      if (ec != std::errc() || end != v->data() + v->size() || number < 0)
        return reply(error(400, "bad_message", "v is the number of the last event the client holds"), false);
      since = number;
    }
    start_websocket_session(std::move(stream_), std::move(request), std::move(room), std::move(token), since,
                            services_, std::move(slot_));
  }

  Response from_api(const HttpResponse& api, unsigned version, bool head) {
    Response response{static_cast<http::status>(api.status), version};
    response.set(http::field::content_type, api.content_type);
    response.set(http::field::cache_control, "no-store");
    if (!api.allow.empty()) response.set(http::field::allow, api.allow);
    response.body() = api.body;
    finish(response, head);
    return response;
  }

  Response error(unsigned status, std::string_view code, std::string_view message) {
    return from_api(error_response(status, code, message), 11, false);
  }

  static void finish(Response& response, bool head) {
    response.set(http::field::server, "arbiter");
    response.set("X-Content-Type-Options", "nosniff");
    response.prepare_payload();
    if (head) {
      auto length = response.body().size();
      response.body().clear();
      response.content_length(length);
    }
  }

  void reply(Response response, bool keep_alive) {
    response.keep_alive(keep_alive);
    auto message = std::make_shared<Response>(std::move(response));
    stream_.expires_after(services_.limits.http_timeout);
    http::async_write(stream_, *message, [self = shared_from_this(), message](beast::error_code ec, std::size_t) {
      if (ec) return;
      if (!message->keep_alive()) return self->shutdown();
      self->read_next();
    });
  }

  void shutdown() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Services& services_;
  ConnectionSlot slot_;
};

}  // namespace

struct Listener::Impl : std::enable_shared_from_this<Listener::Impl> {
  Impl(boost::asio::io_context& io, Services& services) : io(io), services(services), acceptor(boost::asio::make_strand(io)) {}

  void accept_next() {
    acceptor.async_accept(boost::asio::make_strand(io), [self = shared_from_this()](beast::error_code ec, tcp::socket socket) {
      if (ec == boost::asio::error::operation_aborted || !self->acceptor.is_open()) return;
      if (!ec) {
        if (self->services.connections.load() >= self->services.limits.max_connections) {
          beast::error_code ignored;
          socket.close(ignored);  // over the cap: refuse before reading anything
        } else {
          std::make_shared<HttpSession>(std::move(socket), self->services, ConnectionSlot(self->services.connections))->run();
        }
      }
      self->accept_next();
    });
  }

  boost::asio::io_context& io;
  Services& services;
  tcp::acceptor acceptor;
};

Listener::Listener(boost::asio::io_context& io, Services& services, const std::string& address, unsigned short port)
    : impl_(std::make_shared<Impl>(io, services)) {
  tcp::endpoint endpoint{boost::asio::ip::make_address(address), port};
  auto& acceptor = impl_->acceptor;
  acceptor.open(endpoint.protocol());
  acceptor.set_option(boost::asio::socket_base::reuse_address(true));
  acceptor.bind(endpoint);
  acceptor.listen(boost::asio::socket_base::max_listen_connections);
}

Listener::~Listener() = default;

void Listener::start() {
  boost::asio::dispatch(impl_->acceptor.get_executor(), [impl = impl_] { impl->accept_next(); });
}

void Listener::stop() {
  boost::asio::post(impl_->acceptor.get_executor(), [impl = impl_] {
    beast::error_code ignored;
    impl->acceptor.close(ignored);
  });
}

unsigned short Listener::port() const { return impl_->acceptor.local_endpoint().port(); }

}  // namespace arbiter
