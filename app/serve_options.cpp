#include "app/serve_options.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>

#include "server/net/client_address.h"
#include "server/rooms/security.h"

#ifndef ARBITER_WEB_DIR
#define ARBITER_WEB_DIR "web"
#endif

namespace arbiter {
namespace {

template <class T>
std::optional<T> number(const std::string& text, T min, T max) {
  long long value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < static_cast<long long>(min) ||
      value > static_cast<long long>(max))
    return std::nullopt;
  return static_cast<T>(value);
}

// Seconds (fractions allowed, up to a day unless said) as milliseconds.
std::optional<std::chrono::milliseconds> seconds(const std::string& text, double most = 86400) {
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !(value > 0) || value > most) return std::nullopt;
  return std::chrono::milliseconds(static_cast<std::int64_t>(value * 1000));
}

std::optional<double> rate(const std::string& text) {
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !(value > 0) || value > 1e6) return std::nullopt;
  return value;
}

// "ADDR:PORT", the address possibly in brackets ("[::1]:9464").
std::optional<std::pair<std::string, unsigned short>> host_port(const std::string& text) {
  auto colon = text.rfind(':');
  if (colon == std::string::npos) return std::nullopt;
  std::string host = text.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  auto port = number<unsigned short>(text.substr(colon + 1), 0, 65535);
  if (!port || !parse_address(host)) return std::nullopt;
  return std::pair(host, *port);
}

// Each option: applies its value, false when the value is bad.
using Setter = std::function<bool(ServeOptions&, const std::string&)>;

template <class T>
Setter whole(std::optional<T> ServeOptions::*field, T min, T max) {
  return [=](ServeOptions& o, const std::string& v) { return bool(o.*field = number<T>(v, min, max)); };
}

const std::map<std::string, Setter>& setters() {
  static const std::map<std::string, Setter> table{
      {"--port", [](ServeOptions& o, const std::string& v) {
         auto port = number<unsigned short>(v, 0, 65535);
         if (port) o.port = *port;
         return port.has_value();
       }},
      {"--bind", [](ServeOptions& o, const std::string& v) { o.bind = v; return true; }},
      {"--db", [](ServeOptions& o, const std::string& v) { o.db = v; return true; }},
      {"--web", [](ServeOptions& o, const std::string& v) { o.web = v; return true; }},
      {"--variants", [](ServeOptions& o, const std::string& v) { o.variants = v; return !v.empty(); }},
      {"--threads", [](ServeOptions& o, const std::string& v) {
         auto threads = number<unsigned>(v, 1, 256);
         if (threads) o.threads = *threads;
         return threads.has_value();
       }},
      {"--max-connections", whole<std::size_t>(&ServeOptions::max_connections, 1, 1'000'000)},
      {"--reserved-for-players", whole<std::size_t>(&ServeOptions::reserved_for_players, 0, 1'000'000)},
      {"--trusted-proxy", [](ServeOptions& o, const std::string& v) { return bool(o.trusted_proxy = parse_address(v)); }},
      {"--metrics", [](ServeOptions& o, const std::string& v) { return bool(o.metrics = host_port(v)); }},
      {"--header-timeout", [](ServeOptions& o, const std::string& v) {
         auto wait = seconds(v, 300);
         if (wait) o.header_timeout = *wait;
         return wait.has_value();
       }},
      {"--message-timeout", [](ServeOptions& o, const std::string& v) {
         auto wait = seconds(v, 300);
         if (wait) o.message_timeout = *wait;
         return wait.has_value();
       }},
      {"--spectator-idle-s", [](ServeOptions& o, const std::string& v) {
         auto seconds = number<long>(v, 1, 86400);
         if (seconds) o.spectator_idle = std::chrono::seconds(*seconds);
         return seconds.has_value();
       }},
      {"--address-limits", [](ServeOptions& o, const std::string& v) {
         if (v != "on" && v != "off") return false;
         o.address_limits.enabled = v == "on";
         return true;
       }},
      {"--connections-per-address", [](ServeOptions& o, const std::string& v) {
         auto cap = number<std::size_t>(v, 1, 1'000'000);
         if (cap) o.address_limits.connections_per_address = *cap;
         return cap.has_value();
       }},
      {"--spectators-per-game", [](ServeOptions& o, const std::string& v) {
         auto cap = number<std::size_t>(v, 1, 1'000'000);
         if (cap) o.address_limits.spectators_per_game = *cap;
         return cap.has_value();
       }},
      // Rates come with a burst of twice the rate: two minutes' (or seconds') worth at once.
      {"--creates-per-minute", [](ServeOptions& o, const std::string& v) {
         auto r = rate(v);
         if (r) o.address_limits.creates_per_minute = *r, o.address_limits.create_burst = std::max(1.0, 2 * *r);
         return r.has_value();
       }},
      {"--joins-per-minute", [](ServeOptions& o, const std::string& v) {
         auto r = rate(v);
         if (r) o.address_limits.joins_per_minute = *r, o.address_limits.join_burst = std::max(1.0, 2 * *r);
         return r.has_value();
       }},
      {"--messages-per-second", [](ServeOptions& o, const std::string& v) {
         auto r = rate(v);
         if (r) o.address_limits.messages_per_second = *r, o.address_limits.message_burst = std::max(1.0, 2 * *r);
         return r.has_value();
       }},
      {"--connection-messages-per-second", [](ServeOptions& o, const std::string& v) {
         auto r = rate(v);
         if (r) o.connection_messages_per_second = *r, o.connection_message_burst = std::max(1.0, 2 * *r);
         return r.has_value();
       }},
      {"--seek-grace", [](ServeOptions& o, const std::string& v) {
         auto wait = seconds(v);
         if (wait) o.lobby.owner_grace = *wait;
         return wait.has_value();
       }},
      {"--computer-threads", [](ServeOptions& o, const std::string& v) {
         auto threads = number<unsigned>(v, 1, 64);
         if (threads) o.computer_threads = *threads;
         return threads.has_value();
       }},
      {"--computer-nice", [](ServeOptions& o, const std::string& v) {
         auto priority = parse_thread_priority(v);
         if (priority) o.computer_priority = *priority;
         return priority.has_value();
       }},
      {"--computer-games-per-address", [](ServeOptions& o, const std::string& v) {
         auto cap = number<std::size_t>(v, 1, 1'000'000);
         if (cap) o.address_limits.computer_games_per_address = *cap;
         return cap.has_value();
       }},
      {"--first-move-limit", [](ServeOptions& o, const std::string& v) {
         auto wait = seconds(v);
         if (wait) o.waits.first_move = *wait;
         return wait.has_value();
       }},
      {"--abandon-after", [](ServeOptions& o, const std::string& v) { return bool(o.waits.abandon = seconds(v)); }},
      {"--waiting-expiry", [](ServeOptions& o, const std::string& v) {
         auto wait = seconds(v, 30 * 86400.0);
         if (wait) o.waits.invitation = *wait;
         return wait.has_value();
       }},
      {"--deserted-after-days", [](ServeOptions& o, const std::string& v) {
         auto days = rate(v);  // a positive number, fractions allowed
         if (days && *days <= 365) o.waits.deserted_after = std::chrono::milliseconds(static_cast<std::int64_t>(*days * 86'400'000));
         return days && *days <= 365;
       }},
      {"--chat-after-end", [](ServeOptions& o, const std::string& v) {
         auto wait = seconds(v, 30 * 86400.0);
         if (wait) o.waits.chat_after_end = *wait;
         return wait.has_value();
       }},
      {"--node", [](ServeOptions& o, const std::string& v) {
         o.node = v;
         return security::valid_node(v);
       }},
      {"--redis", [](ServeOptions& o, const std::string& v) { return bool(o.redis = host_port(v)); }},
      {"--analysis-threads", [](ServeOptions& o, const std::string& v) {
         auto threads = number<unsigned>(v, 1, 64);
         if (threads) o.analysis.threads = *threads;
         return threads.has_value();
       }},
      {"--analysis-movetime", [](ServeOptions& o, const std::string& v) {
         auto ms = number<std::int64_t>(v, 10, 60'000);
         if (ms) o.analysis.movetime_ms = *ms;
         return ms.has_value();
       }},
      {"--analysis-queue", [](ServeOptions& o, const std::string& v) {
         auto cap = number<std::size_t>(v, 1, 10'000);
         if (cap) o.analysis.queue = *cap;
         return cap.has_value();
       }},
      {"--analyses-per-hour", [](ServeOptions& o, const std::string& v) {
         auto r = rate(v);
         if (r) o.address_limits.analyses_per_hour = *r;
         return r.has_value();
       }},
      {"--seat-messages-per-second", [](ServeOptions& o, const std::string& v) {
         auto r = rate(v);
         if (r) o.address_limits.seat_messages_per_second = *r, o.address_limits.seat_message_burst = std::max(1.0, 2 * *r);
         return r.has_value();
       }},
  };
  return table;
}

// What `arbiter serve --help` says of each option: its value and what it does (default in
// brackets). tests/cli checks that every option in setters() has a line here.
const std::map<std::string, std::pair<std::string_view, std::string_view>>& option_help() {
  static const std::map<std::string, std::pair<std::string_view, std::string_view>> help{
      {"--port", {"N", "the port to listen on; 0 picks a free one [8080]"}},
      {"--bind", {"ADDR", "the address to listen on [127.0.0.1]"}},
      {"--db", {"FILE", "the SQLite file of the games [arbiter.db]"}},
      {"--web", {"DIR", "the page's files [the source tree's web]"}},
      {"--threads", {"N", "network threads [the cores, at least 2]"}},
      {"--max-connections", {"N", "connections at once [the open-file limit less 64]"}},
      {"--reserved-for-players", {"N", "of those, the last ones only seated players may use [a tenth]"}},
      {"--trusted-proxy", {"ADDR", "a reverse proxy whose X-Real-IP / X-Forwarded-For is believed [none]"}},
      {"--metrics", {"ADDR:PORT", "also serve GET /metrics there, to anyone who reaches it [only on the main port, to loopback clients]"}},
      {"--spectator-idle-s", {"S", "a spectator that sends nothing this long is closed [600]"}},
      {"--address-limits", {"on|off", "the per-address limits; off for load tests from one machine [on]"}},
      {"--connections-per-address", {"N", "connections from one address [64]"}},
      {"--spectators-per-game", {"N", "spectator sockets of one address on one game [8]"}},
      {"--creates-per-minute", {"R", "games one address may make a minute, by any path, after a burst of 2R [10]"}},
      {"--joins-per-minute", {"R", "joins from one address a minute [30]"}},
      {"--messages-per-second", {"R", "WebSocket messages and pings of one address a second [60]"}},
      {"--connection-messages-per-second", {"R", "WebSocket messages and pings of one connection a second, after a burst of 2R; load tests lift it [20]"}},
      {"--seat-messages-per-second", {"R", "messages of one seat a second, over all its sockets [20]"}},
      {"--seek-grace", {"S", "a seek outlives its creator's lobby connection this long [10]"}},
      {"--computer-threads", {"N", "threads the computer players think on; they bound the computer games taken at once [the cores]"}},
      {"--computer-nice", {"N|idle", "the computer's threads run N (0-19) nicer than the server's, or only on cores nothing else wants (idle); on a busy machine they think with less than their time [idle]"}},
      {"--first-move-limit", {"S", "a side that makes no first move within this aborts the game [30]"}},
      {"--abandon-after", {"S", "an absent player's opponent may claim the game after this [from the clock: 30 s to 2 min]"}},
      {"--waiting-expiry", {"S", "an invitation nobody takes ends its game [86400]"}},
      {"--deserted-after-days", {"D", "an untimed game nobody moves in nor connects to this long ends, without a winner [7]"}},
      {"--chat-after-end", {"S", "a finished game's chat stays open this long to its players and those there at the end [600]"}},
      {"--computer-games-per-address", {"N", "games against the computer one address may have in play [2]"}},
      {"--analysis-threads", {"N", "threads finished games are analysed on, at nice 19 (idle when the computer's are: --computer-nice), apart from the computer players' [1]"}},
      {"--analysis-movetime", {"MS", "an analysis's search of each position, in milliseconds; a game past 150 positions shares 150 positions' time [200]"}},
      {"--analysis-queue", {"N", "analyses queued or running at once, over every address [16]"}},
      {"--analyses-per-hour", {"R", "analyses one address may start an hour, after a burst of R; one at a time [10]"}},
      {"--header-timeout", {"S", "each request head must arrive within this (its body as long again) [5]"}},
      {"--message-timeout", {"S", "a WebSocket message must be complete this long after its first byte [5]"}},
      {"--node", {"NAME", "this node's name in a cluster (1-8 of a-z 0-9): new game ids, invitations and seeks start NAME_ [none]"}},
      {"--redis", {"HOST:PORT", "share the lobby, the lists and the counts with the other nodes there; needs --node [none: this server's own]"}},
      {"--variants", {"FILE", "also serve this file's variants (rules/VARIANTS.md); any error in it stops serve with every error (line, field), exit 2 [none]"}},
  };
  return help;
}

}  // namespace

std::string serve_usage() {
  std::string text = "usage: arbiter serve [options]\n"
                     "Serves the page, the API and the WebSockets until SIGINT or SIGTERM.\n";
  for (const auto& [flag, _] : setters()) {
    auto help = option_help().find(flag);
    std::string option = "  " + flag + (help == option_help().end() ? "" : " " + std::string(help->second.first));
    option.resize(std::max<std::size_t>(option.size() + 1, 36), ' ');
    text += option + (help == option_help().end() ? "" : std::string(help->second.second)) + "\n";
  }
  return text;
}


std::optional<ServeOptions> parse_serve_options(const Args& args) {
  ServeOptions options;
  options.web = ARBITER_WEB_DIR;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    auto setter = setters().find(flag);
    if (setter == setters().end()) {
      std::cerr << "arbiter serve: unknown option " << flag << " (options:";
      for (const auto& [name, _] : setters()) std::cerr << " " << name;
      std::cerr << ")\n";
      return std::nullopt;
    }
    if (i + 1 >= args.size()) {
      std::cerr << "arbiter serve: " << flag << " needs a value\n";
      return std::nullopt;
    }
    const std::string& value = args[++i];
    if (!setter->second(options, value)) {
      std::cerr << "arbiter serve: bad value for " << flag << ": " << value << "\n";
      return std::nullopt;
    }
  }
  if (options.redis && options.node.empty()) {
    std::cerr << "arbiter serve: --redis needs --node: the nodes tell their games apart by it\n";
    return std::nullopt;
  }
  // A binary moved away from its build (an image's runtime stage) would answer 404 for every page.
  if (std::error_code ec; !std::filesystem::is_directory(options.web, ec)) {
    std::cerr << "arbiter serve: the page's folder " << options.web << " is not there: say where it is with --web DIR\n";
    return std::nullopt;
  }
  return options;
}

}  // namespace arbiter
