// The listener and the HTTP side of a connection: admission (connection caps, per-address caps,
// the slots kept for seated players), API routes, static files, /metrics, and the hand-over of
// WebSocket upgrades to their game's room.
#include <boost/asio/dispatch.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <charconv>
#include <iostream>

#include "server/api/url.h"
#include "server/lobby/lobby.h"
#include "server/lobby/seek_record.h"
#include "server/net/client_address.h"
#include "server/net/http_request.h"
#include "server/net/network.h"
#include "server/net/not_found_page.h"
#include "server/net/websocket_session.h"

namespace arbiter {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

using Response = http::response<http::string_body>;

// While accept fails for want of descriptors the pending connection stays queued and the
// acceptor stays readable: retrying at once would spin. Wait, then try again.
constexpr auto kAcceptBackoff = std::chrono::milliseconds(100);

// For a connection over the hard cap: written without reading, then closed.
constexpr std::string_view kServerFull =
    "HTTP/1.1 503 Service Unavailable\r\nServer: arbiter\r\nContent-Type: application/json\r\n"
    "Retry-After: 10\r\nConnection: close\r\nContent-Length: 65\r\n\r\n"
    "{\"error\":\"server_full\",\"message\":\"the server has no room; retry\"}";
static_assert(kServerFull.size() - kServerFull.find("\r\n\r\n") - 4 == 65);

constexpr unsigned kBusyRetryAfterSeconds = 10;

std::string_view refusal_code(Refusal refusal) {
  switch (refusal) {
    case Refusal::AddressConnections: return "too_many_connections";
    case Refusal::AddressSpectators: return "too_many_spectators";
    default: return "server_full";
  }
}

std::string_view refusal_message(Refusal refusal) {
  switch (refusal) {
    case Refusal::AddressConnections: return "your address has too many connections open";
    case Refusal::AddressSpectators: return "your address watches this game on too many connections";
    case Refusal::ReservedForPlayers: return "the server is full; only players of games may connect";
    default: return "the server has no room; retry";
  }
}

std::string_view header(const http::request<http::string_body>& request, std::string_view name) {
  auto value = request[beast::string_view(name.data(), name.size())];
  return {value.data(), value.size()};
}

bool is_parse_error(const beast::error_code& ec) { return ec.category() == http::make_error_code(http::error::bad_method).category(); }

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Services& services, ConnectionSlot slot, boost::asio::ip::address peer,
              AddressLimits::Lease address_lease, std::optional<Refusal> refusal, Serving serving)
      : stream_(std::move(socket)),
        services_(services),
        slot_(std::move(slot)),
        peer_(peer),
        address_lease_(std::move(address_lease)),
        refusal_(refusal),
        serving_(serving) {}

  void run() {
    boost::asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read_next(); });
  }

 private:
  // The head first, so that it is checked before any body is read; while the connection waits
  // for it, a newcomer at the cap may displace it.
  void read_next() {
    parser_.emplace();
    apply_limits(*parser_, services_.limits);
    stream_.expires_after(services_.limits.header_timeout);
    waiting_ = services_.waiting.add([weak = weak_from_this()] {
      if (auto self = weak.lock()) boost::asio::post(self->stream_.get_executor(), [self] { self->displace(); });
    });
    http::async_read_header(stream_, buffer_, *parser_,
                            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
  }

  void displace() {
    if (!waiting_) return;  // its head came in the meantime
    waiting_ = {};
    beast::error_code ignored;
    stream_.socket().close(ignored);
  }

  void on_header(beast::error_code ec) {
    waiting_ = {};
    if (ec) return on_read(ec);
    if (auto fault = framing_fault(parser_->get())) return refuse_malformed(400, "bad_request", *fault, Refusal::BadRequest);
    // Beast merges a chunked body's trailer into the fields: what the request is taken to say
    // (the client's address behind the proxy, its origin) must come from the head alone.
    head_ = parser_->get().base();
    if (parser_->is_done()) return on_read(ec);
    stream_.expires_after(services_.limits.header_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec == http::error::end_of_stream) return shutdown();
    // An idle keep-alive connection closing after its responses is no refusal; the rest is.
    if (ec == beast::error::timeout && (!served_ || buffer_.size() > 0)) services_.metrics.refused(Refusal::RequestTimeout);
    if (ec == http::error::body_limit) return refuse_malformed(413, "too_large", "the body is too large", Refusal::BodyTooLarge);
    if (ec == http::error::header_limit) {
      // The parser keeps the request line once read: none yet (or a long one) is the URL's fault.
      auto target = parser_->get().target();
      if (target.empty() || target.size() > services_.limits.max_target_bytes)
        return refuse_malformed(414, "uri_too_long", "the request target is too long", Refusal::UriTooLong);
      return refuse_malformed(431, "headers_too_large", "the request headers are too large", Refusal::HeadersTooLarge);
    }
    if (ec == http::error::bad_version && other_http_version())  // "PRI * HTTP/2.0", the HTTP/2 preface
      return refuse_malformed(505, "http_version", "only HTTP/1.0 and HTTP/1.1 are served", Refusal::BadRequest);
    if (ec == http::error::partial_message) return;  // the client left mid-request
    if (is_parse_error(ec)) return refuse_malformed(400, "bad_request", "malformed HTTP request", Refusal::BadRequest);
    if (ec) return;  // timed out or reset: nobody to answer
    try {
      auto request = parser_->release();
      static_cast<http::request_header<>&>(request) = std::move(head_);
      handle(std::move(request));
    } catch (const std::exception& e) {
      std::cerr << "arbiter: request failed: " << e.what() << "\n";
      reply(error(500, "internal", "the request failed; try again"), false);
    }
  }

  // Whether the unread request line is well formed but names an HTTP version other than 1.0 and
  // 1.1 (rather than being garbage, or ending in a bare LF, which are 400).
  bool other_http_version() const {
    std::string_view seen(static_cast<const char*>(buffer_.data().data()), buffer_.size());
    auto end = seen.find("\r\n");
    if (end == std::string_view::npos || end < 8) return false;
    auto version = seen.substr(end - 8, 8);  // "HTTP/2.0"
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    return version.starts_with("HTTP/") && digit(version[5]) && version[6] == '.' && digit(version[7]) &&
           version != "HTTP/1.0" && version != "HTTP/1.1";
  }

  void handle(http::request<http::string_body> request) {
    std::string target(request.target());
    if (target.size() > services_.limits.max_target_bytes)
      return refuse_malformed(414, "uri_too_long", "the request target is too long", Refusal::UriTooLong);
    if (!url::well_formed(target))
      return refuse_malformed(400, "bad_request", "the request target has a malformed %-escape or a control character",
                              Refusal::BadRequest);
    if (refusal_) return refuse(*refusal_);
    std::string_view path = url::path_of(target);
    if (path == "/metrics" && metrics_allowed(request)) return metrics(request);
    if (serving_ == Serving::MetricsOnly) return reply(error(404, "not_found", "only /metrics is served here"), request.keep_alive());
    client_ = client_address(peer_, services_.trusted_proxy, header(request, "X-Real-IP"), header(request, "X-Forwarded-For"));
    if (beast::websocket::is_upgrade(request)) return upgrade(std::move(request));
    if (in_reserved_slots()) return refuse(Refusal::ReservedForPlayers);

    unsigned version = request.version();
    bool keep_alive = request.keep_alive();
    bool head = request.method() == http::verb::head;
    if (Api::handles(target)) {
      HttpRequest api_request = api_request_of(request, client_);
      services_.api.handle(api_request, [self = shared_from_this(), version, keep_alive, head](HttpResponse response) {
        boost::asio::post(self->stream_.get_executor(), [self, version, keep_alive, head, response = std::move(response)] {
          self->reply(self->from_api(response, version, head), keep_alive);
        });
      });
      return;
    }
    if (request.method() != http::verb::get && !head) return reply(method_not_allowed("GET, HEAD"), keep_alive);
    auto file = services_.files.get(target);
    if (!file) return reply(file_not_found(request, version, head), keep_alive);
    Response response{http::status::ok, version};
    response.set(http::field::content_type, file->content_type);
    response.set(http::field::cache_control, "no-cache");
    response.body() = std::move(file->body);
    finish(response, head);
    reply(std::move(response), keep_alive);
  }

  // Past max_connections - reserved_for_players only seated players get in.
  bool in_reserved_slots() const {
    const auto& limits = services_.limits;
    return services_.connections.load() > limits.max_connections - std::min(limits.reserved_for_players, limits.max_connections);
  }

  // On the main port, to a loopback peer that no proxy forwarded; on a --metrics port, to all.
  bool metrics_allowed(const http::request<http::string_body>& request) const {
    if (serving_ == Serving::MetricsOnly) return true;
    bool forwarded = request.count("X-Forwarded-For") || request.count("X-Real-IP") || request.count(http::field::forwarded);
    return peer_.is_loopback() && !forwarded && !via_proxy(peer_, services_.trusted_proxy);
  }

  void metrics(const http::request<http::string_body>& request) {
    bool head = request.method() == http::verb::head;
    if (request.method() != http::verb::get && !head) return reply(method_not_allowed("GET, HEAD"), request.keep_alive());
    MetricsSnapshot snapshot{services_.connections.load(), services_.websockets.load(), services_.limits.max_connections,
                             services_.store.games_by_status(), services_.registry.rooms_resident()};
    Response response{http::status::ok, request.version()};
    response.set(http::field::content_type, "text/plain; version=0.0.4; charset=utf-8");
    response.set(http::field::cache_control, "no-store");
    response.body() = services_.metrics.text(snapshot);
    finish(response, head);
    reply(std::move(response), request.keep_alive());
  }

  // Counts the upgraded socket against its client's connections for as long as it lives; false
  // when the client is over its cap. Through the proxy the connection was not counted for its
  // client at accept: it is counted now; otherwise the lease taken at accept moves along.
  bool take_connection_lease(WebSocketAdmission& admission) {
    if (!via_proxy(peer_, services_.trusted_proxy)) {
      admission.address_lease = std::move(address_lease_);
      return true;
    }
    auto connection = services_.address_limits.connect(client_);
    if (connection.verdict != AddressLimits::Connection::Verdict::Admit) return false;
    admission.address_lease = std::move(connection.lease);
    return true;
  }

  void upgrade(http::request<http::string_body> request) {
    std::string target(request.target());
    std::string_view path = url::path_of(target);
    constexpr std::string_view kPrefix = "/ws/";
    if (path == "/ws/lobby" && services_.lobby) {
      std::string browser = url::query_param(target, "browser").value_or("");
      if (!browser.empty() && !valid_browser_id(browser))
        return reply(error(400, "bad_message", "browser is 22 to 64 base64url characters, random, kept by the page"), false);
      if (in_reserved_slots()) return refuse(Refusal::ReservedForPlayers);
      WebSocketAdmission admission;
      admission.client = client_;
      if (!take_connection_lease(admission)) return refuse(Refusal::AddressConnections);
      return start_websocket_session(std::move(stream_), std::move(request), services_.lobby->peer(std::move(browser)), services_,
                                     std::move(slot_), std::move(admission));
    }
    std::shared_ptr<Room> room;
    if (path.starts_with(kPrefix)) room = services_.registry.find(std::string(path.substr(kPrefix.size())));
    if (!room) return reply(error(404, "not_found", "no such game"), false);
    std::string token = url::query_param(target, "token").value_or("");
    auto seat = room->seat_of(token);
    if (!seat && in_reserved_slots()) return refuse(Refusal::ReservedForPlayers);

    WebSocketAdmission admission;
    admission.client = client_;
    if (seat) admission.seat = room->id() + (*seat == rules::Color::White ? " white" : " black");
    if (!take_connection_lease(admission)) return refuse(Refusal::AddressConnections);
    if (!seat) {
      auto watching = services_.address_limits.watch(room->id(), client_);
      if (!watching) return refuse(Refusal::AddressSpectators);
      admission.spectator_lease = std::move(*watching);
    }
    // ?v=N: a reconnect that holds the events up to N.
    std::optional<std::int64_t> since;
    if (auto v = url::query_param(target, "v")) {
      std::int64_t number = 0;
      auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), number);
      if (ec != std::errc() || end != v->data() + v->size() || number < 0)
        return reply(error(400, "bad_message", "v is the number of the last event the client holds"), false);
      since = number;
    }
    start_websocket_session(std::move(stream_), std::move(request), game_peer(std::move(room), std::move(token), since),
                            services_, std::move(slot_), std::move(admission));
  }

  Response from_api(const HttpResponse& api, unsigned version, bool head) {
    Response response{static_cast<http::status>(api.status), version};
    response.set(http::field::content_type, api.content_type);
    response.set(http::field::cache_control, "no-store");
    if (!api.allow.empty()) response.set(http::field::allow, api.allow);
    if (api.retry_after_s) response.set(http::field::retry_after, std::to_string(api.retry_after_s));
    response.body() = api.body;
    finish(response, head);
    return response;
  }

  Response error(unsigned status, std::string_view code, std::string_view message) {
    return from_api(error_response(status, code, message), 11, false);
  }

  // A browser that asked for a page gets one; any other client the JSON error.
  Response file_not_found(const http::request<http::string_body>& request, unsigned version, bool head) {
    if (!prefers_html(header(request, "Accept"))) return error(404, "not_found", "no such file");
    Response response{http::status::not_found, version};
    response.set(http::field::content_type, "text/html; charset=utf-8");
    response.set(http::field::cache_control, "no-cache");
    response.body() = std::string(not_found_page());
    finish(response, head);
    return response;
  }

  Response method_not_allowed(std::string allow) {
    auto response = error_response(405, "method_not_allowed", "use " + allow);
    response.allow = std::move(allow);
    return from_api(response, 11, false);
  }

  // 503, and the connection closes.
  void refuse(Refusal refusal) {
    services_.metrics.refused(refusal);
    auto response = error_response(503, refusal_code(refusal), refusal_message(refusal));
    response.retry_after_s = kBusyRetryAfterSeconds;
    reply(from_api(response, 11, false), false);
  }

  // A request not worth reading further: answered, then the connection closes.
  void refuse_malformed(unsigned status, std::string_view code, std::string_view message, Refusal refusal) {
    services_.metrics.refused(refusal);
    reply(error(status, code, message), false);
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
      self->served_ = true;
      self->read_next();
    });
  }

  void shutdown() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<HttpRequestParser> parser_;
  http::request_header<> head_;  // the request's head as read, before any trailer
  Services& services_;
  ConnectionSlot slot_;
  boost::asio::ip::address peer_;
  std::string client_;  // the client's address key for the request being handled
  AddressLimits::Lease address_lease_;
  std::optional<Refusal> refusal_;  // set: every request is answered 503
  WaitingConnections::Entry waiting_;  // listed while a request head is awaited
  bool served_ = false;               // a response went out: waiting now is keep-alive idling
  Serving serving_;
};

}  // namespace

struct Listener::Impl : std::enable_shared_from_this<Listener::Impl> {
  Impl(boost::asio::io_context& io, Services& services, Serving serving)
      : io(io), services(services), serving(serving), acceptor(boost::asio::make_strand(io)), backoff(acceptor.get_executor()) {}

  void accept_next() {
    acceptor.async_accept(boost::asio::make_strand(io), [self = shared_from_this()](beast::error_code ec, tcp::socket socket) {
      if (ec == boost::asio::error::operation_aborted || !self->acceptor.is_open()) return;
      if (out_of_resources(ec)) return self->back_off();
      if (!ec) self->admit(std::move(socket));
      self->accept_next();
    });
  }

  static bool out_of_resources(const beast::error_code& ec) {
    return ec == boost::asio::error::no_descriptors || ec == boost::system::errc::too_many_files_open_in_system ||
           ec == boost::asio::error::no_buffer_space || ec == boost::asio::error::no_memory;
  }

  void back_off() {
    services.metrics.refused(Refusal::Descriptors);
    backoff.expires_after(kAcceptBackoff);
    backoff.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec && self->acceptor.is_open()) self->accept_next();
    });
  }

  void admit(tcp::socket socket) {
    services.metrics.accepted();
    beast::error_code ec;
    socket.set_option(tcp::no_delay(true), ec);  // moves are small: Nagle would hold them back
    auto peer = socket.remote_endpoint(ec);
    if (ec) return;
    // At the cap, the connection that has waited longest for a request head makes room; with none
    // waiting, every slot is busy and the newcomer is refused.
    bool full = services.connections.load() >= services.limits.max_connections;
    if (full && services.waiting.close_oldest()) {
      services.metrics.refused(Refusal::Displaced);
    } else if (full) {
      services.metrics.refused(Refusal::ConnectionCap);
      socket.non_blocking(true, ec);
      socket.write_some(boost::asio::buffer(kServerFull), ec);  // a courtesy: no descriptor to spare for more
      return;
    }
    std::optional<Refusal> refusal;
    AddressLimits::Lease lease;
    if (serving == Serving::Everything && !via_proxy(peer.address(), services.trusted_proxy)) {
      auto connection = services.address_limits.connect(address_key(peer.address()));
      if (connection.verdict == AddressLimits::Connection::Verdict::Drop) {
        services.metrics.refused(Refusal::AddressConnections);
        return;
      }
      if (connection.verdict == AddressLimits::Connection::Verdict::Refuse) refusal = Refusal::AddressConnections;
      lease = std::move(connection.lease);
    }
    std::make_shared<HttpSession>(std::move(socket), services, ConnectionSlot(services.connections), peer.address(),
                                  std::move(lease), refusal, serving)
        ->run();
  }

  boost::asio::io_context& io;
  Services& services;
  Serving serving;
  tcp::acceptor acceptor;
  boost::asio::steady_timer backoff;
};

Listener::Listener(boost::asio::io_context& io, Services& services, const std::string& address, unsigned short port,
                   Serving serving)
    : impl_(std::make_shared<Impl>(io, services, serving)) {
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
    impl->backoff.cancel();
  });
}

unsigned short Listener::port() const { return impl_->acceptor.local_endpoint().port(); }

}  // namespace arbiter
