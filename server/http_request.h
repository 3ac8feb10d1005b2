#pragma once
// One HTTP request as the server reads it: Beast's parser with our limits, and the request as the
// Api takes it. Shared by the connection (http_session.cpp) and the HTTP fuzz target, so that
// the fuzzer reads bytes exactly as a connection does.
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstdint>

#include "server/api.h"
#include "server/network.h"

namespace arbiter {

using HttpRequestParser = boost::beast::http::request_parser<boost::beast::http::string_body>;
using BeastRequest = boost::beast::http::request<boost::beast::http::string_body>;

// Sets the body and header limits on a fresh parser.
inline void apply_limits(HttpRequestParser& parser, const Limits& limits) {
  parser.body_limit(limits.max_body_bytes);
  parser.header_limit(static_cast<std::uint32_t>(limits.max_header_bytes));
}

// What the Api sees of a request from `client` (its address key); takes the body.
inline HttpRequest api_request_of(BeastRequest& request, std::string client) {
  return {std::string(request.method_string()), std::string(request.target()), std::move(request.body()),
          std::string(request[boost::beast::http::field::authorization]), std::move(client)};
}

}  // namespace arbiter
