#include "server/net/client_address.h"


namespace arbiter {
namespace {

std::string_view trim(std::string_view text) {
  auto begin = text.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return {};
  auto end = text.find_last_not_of(" \t");
  return text.substr(begin, end - begin + 1);
}

}  // namespace

std::string address_key(const boost::asio::ip::address& address) {
  if (address.is_v4()) return address.to_v4().to_string();
  auto v6 = address.to_v6();
  if (v6.is_v4_mapped()) return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
  auto bytes = v6.to_bytes();
  for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

std::optional<boost::asio::ip::address> parse_address(std::string_view text) {
  text = trim(text);
  if (text.empty() || text.size() > 64) return std::nullopt;
  boost::system::error_code ec;
  auto address = boost::asio::ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  return address;
}

bool via_proxy(const boost::asio::ip::address& peer, const std::optional<boost::asio::ip::address>& trusted_proxy) {
  return trusted_proxy && address_key(peer) == address_key(*trusted_proxy);
}

std::string client_address(const boost::asio::ip::address& peer,
                           const std::optional<boost::asio::ip::address>& trusted_proxy, std::string_view real_ip,
                           std::string_view forwarded_for) {
  if (!via_proxy(peer, trusted_proxy)) return address_key(peer);
  if (auto address = parse_address(real_ip)) return address_key(*address);
  auto comma = forwarded_for.rfind(',');
  auto last = comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1);
  if (auto address = parse_address(last)) return address_key(*address);
  return address_key(peer);
}

}  // namespace arbiter
