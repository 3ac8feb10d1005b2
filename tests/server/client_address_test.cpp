#include <doctest/doctest.h>

#include "server/api/url.h"
#include "server/net/client_address.h"

using namespace arbiter;
using boost::asio::ip::make_address;

TEST_CASE("address keys: IPv4 as written, mapped IPv4 as IPv4, IPv6 by its /64") {
  CHECK(address_key(make_address("203.0.113.7")) == "203.0.113.7");
  CHECK(address_key(make_address("::ffff:203.0.113.7")) == "203.0.113.7");
  CHECK(address_key(make_address("2001:db8:1:2:3:4:5:6")) == "2001:db8:1:2::/64");
  CHECK(address_key(make_address("2001:db8:1:2:ffff::1")) == address_key(make_address("2001:db8:1:2::9")));
}

TEST_CASE("only the trusted proxy's headers are believed") {
  auto proxy = std::optional(make_address("127.0.0.1"));
  auto stranger = make_address("198.51.100.1");
  SUBCASE("no proxy configured: always the peer") {
    CHECK(client_address(make_address("127.0.0.1"), std::nullopt, "203.0.113.7", "203.0.113.8") == "127.0.0.1");
  }
  SUBCASE("another peer writing the headers is itself") {
    CHECK(client_address(stranger, proxy, "203.0.113.7", "203.0.113.8") == "198.51.100.1");
  }
  SUBCASE("X-Real-IP first") {
    CHECK(client_address(*proxy, proxy, " 203.0.113.7 ", "203.0.113.8") == "203.0.113.7");
  }
  SUBCASE("else the last X-Forwarded-For entry: the one the proxy added") {
    CHECK(client_address(*proxy, proxy, "", "1.2.3.4, 203.0.113.8") == "203.0.113.8");
    CHECK(client_address(*proxy, proxy, "", "203.0.113.9") == "203.0.113.9");
    CHECK(client_address(*proxy, proxy, "", "spoofed,2001:db8::1") == "2001:db8::/64");
  }
  SUBCASE("garbage from the proxy counts as the proxy") {
    CHECK(client_address(*proxy, proxy, "not-an-address", "") == "127.0.0.1");
    CHECK(client_address(*proxy, proxy, "", "1.2.3.4, nonsense") == "127.0.0.1");
    CHECK(client_address(*proxy, proxy, "", "") == "127.0.0.1");
    CHECK(client_address(*proxy, proxy, "1.2.3.4:80", "") == "127.0.0.1");
  }
  SUBCASE("the proxy named as mapped IPv6 is the same proxy") {
    CHECK(client_address(make_address("::ffff:127.0.0.1"), proxy, "203.0.113.7", "") == "203.0.113.7");
  }
}

TEST_CASE("parse_address takes one address and nothing else") {
  CHECK(parse_address("::1"));
  CHECK(parse_address(" 10.1.2.3"));
  CHECK_FALSE(parse_address(""));
  CHECK_FALSE(parse_address("10.1.2.3 10.1.2.4"));
  CHECK_FALSE(parse_address("example.org"));
}

TEST_CASE("request targets: malformed escapes and control characters are not well formed") {
  CHECK(url::well_formed("/api/games?token=a%2Fb&x=1"));
  CHECK(url::well_formed("/"));
  CHECK_FALSE(url::well_formed("/api/games?token=%zz"));
  CHECK_FALSE(url::well_formed("/api/games?token=%4"));
  CHECK_FALSE(url::well_formed("/api/games?token=%"));
  CHECK_FALSE(url::well_formed("/a b"));
  CHECK_FALSE(url::well_formed(std::string_view("/a\0b", 4)));
  CHECK_FALSE(url::well_formed("/a\x7f"));
}
