#pragma once
// Who a request comes from. Behind a reverse proxy every peer is the proxy, so the proxy's word
// (X-Real-IP, else the last X-Forwarded-For entry, the one the proxy itself added) is taken,
// but only from the one proxy the operator named: anyone else could write those headers.
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/ip/address.hpp>

namespace arbiter {

// The key per-address limits count by: an IPv4 address as written, an IPv4-mapped IPv6 address
// as IPv4, any other IPv6 address by its /64 (one host is usually given a whole /64).
std::string address_key(const boost::asio::ip::address& address);

// nullopt unless `text` (spaces around allowed) is one IP address.
std::optional<boost::asio::ip::address> parse_address(std::string_view text);

// The client's address key: the peer's, unless the peer is `trusted_proxy` and names the client
// in a well-formed header; a proxy sending nothing usable is counted as itself.
std::string client_address(const boost::asio::ip::address& peer,
                           const std::optional<boost::asio::ip::address>& trusted_proxy, std::string_view real_ip,
                           std::string_view forwarded_for);

// Whether this request came through the trusted proxy (it is then one client of many).
bool via_proxy(const boost::asio::ip::address& peer, const std::optional<boost::asio::ip::address>& trusted_proxy);

}  // namespace arbiter
