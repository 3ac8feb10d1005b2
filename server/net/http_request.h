#pragma once
// One HTTP request as the server reads it: Beast's parser with our limits, and the request as the
// Api takes it. Shared by the connection (http_session.cpp) and the HTTP fuzz target, so that
// the fuzzer reads bytes exactly as a connection does.
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/core/string.hpp>
#include <cstdint>
#include <optional>
#include <string_view>

#include "server/api/api.h"
#include "server/net/network.h"

namespace arbiter {

using HttpRequestParser = boost::beast::http::request_parser<boost::beast::http::string_body>;
using BeastRequest = boost::beast::http::request<boost::beast::http::string_body>;

// Sets the body and header limits on a fresh parser.
inline void apply_limits(HttpRequestParser& parser, const Limits& limits) {
  parser.body_limit(limits.max_body_bytes);
  parser.header_limit(static_cast<std::uint32_t>(limits.max_header_bytes));
}

// Why a request head cannot be read on safely, if it cannot: what ends its body must be beyond
// doubt (RFC 9112 §6.1, §6.3: else a body runs as a second request), and HTTP/1.1 names one Host.
// Checked once the head is read, before any of the body.
inline std::optional<std::string_view> framing_fault(const BeastRequest& head) {
  namespace beast = boost::beast;
  using beast::http::field;
  if (head.count(field::transfer_encoding) > 1) return "more than one Transfer-Encoding";
  if (head.count(field::transfer_encoding)) {
    if (head.version() == 10) return "HTTP/1.0 has no transfer codings";
    auto coding = head[field::transfer_encoding];
    auto first = coding.find_first_not_of(" \t"), last = coding.find_last_not_of(" \t");
    if (first == beast::string_view::npos || !beast::iequals(coding.substr(first, last - first + 1), "chunked"))
      return "the only transfer coding served is chunked, alone";
  }
  if (head.version() == 11 && head.count(field::host) != 1) return "an HTTP/1.1 request names exactly one Host";
  return std::nullopt;
}

// What the Api sees of a request from `client` (its address key); takes the body.
inline HttpRequest api_request_of(BeastRequest& request, std::string client) {
  return {std::string(request.method_string()), std::string(request.target()), std::move(request.body()),
          std::string(request[boost::beast::http::field::authorization]), std::move(client)};
}

}  // namespace arbiter
