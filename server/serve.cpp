// `arbiter serve`: opens the store, resumes unfinished games, serves HTTP and WebSocket on one
// port until SIGINT/SIGTERM, then stops accepting, closes sockets with 1001 and flushes.
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <charconv>
#include <csignal>
#include <iostream>
#include <optional>
#include <thread>

#include "server/api.h"
#include "server/commands.h"
#include "server/network.h"
#include "server/registry.h"
#include "server/static_files.h"
#include "storage/store.h"

#ifndef ARBITER_WEB_DIR
#define ARBITER_WEB_DIR "server/web"
#endif

namespace arbiter {
namespace {

struct ServeOptions {
  unsigned short port = 8080;
  std::string bind = "127.0.0.1";
  std::string db = "arbiter.db";
  std::string web = ARBITER_WEB_DIR;
  unsigned threads = std::max(2u, std::thread::hardware_concurrency());
  std::size_t max_connections = Limits{}.max_connections;
  match::Waits waits;
};

constexpr auto kShutdownGrace = std::chrono::seconds(3);
constexpr auto kEvictionPeriod = std::chrono::seconds(60);

template <class T>
std::optional<T> number(const std::string& text, T min, T max) {
  long long value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < static_cast<long long>(min) ||
      value > static_cast<long long>(max))
    return std::nullopt;
  return static_cast<T>(value);
}

// Seconds (fractions allowed, up to a day) as milliseconds.
std::optional<std::chrono::milliseconds> seconds(const std::string& text) {
  try {
    std::size_t used = 0;
    double value = std::stod(text, &used);
    if (used != text.size() || !(value > 0) || value > 86400) return std::nullopt;
    return std::chrono::milliseconds(static_cast<std::int64_t>(value * 1000));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// nullopt after printing why, for exit code 2.
std::optional<ServeOptions> parse(const Args& args) {
  ServeOptions options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (i + 1 >= args.size()) {
      std::cerr << "arbiter serve: " << flag << " needs a value\n";
      return std::nullopt;
    }
    const std::string& value = args[++i];
    bool ok = true;
    if (flag == "--port") {
      auto port = number<unsigned short>(value, 0, 65535);
      ok = port.has_value();
      if (ok) options.port = *port;
    } else if (flag == "--bind") {
      options.bind = value;
    } else if (flag == "--db") {
      options.db = value;
    } else if (flag == "--web") {
      options.web = value;
    } else if (flag == "--threads") {
      auto threads = number<unsigned>(value, 1, 256);
      ok = threads.has_value();
      if (ok) options.threads = *threads;
    } else if (flag == "--max-connections") {
      auto cap = number<std::size_t>(value, 1, 1'000'000);
      ok = cap.has_value();
      if (ok) options.max_connections = *cap;
    } else if (flag == "--first-move-limit" || flag == "--abandon-after") {
      auto wait = seconds(value);
      ok = wait.has_value();
      if (ok && flag == "--first-move-limit") options.waits.first_move = *wait;
      if (ok && flag == "--abandon-after") options.waits.abandon = *wait;
    } else {
      std::cerr << "arbiter serve: unknown option " << flag
                << " (options: --port, --bind, --db, --web, --threads, --max-connections, --first-move-limit,"
                   " --abandon-after)\n";
      return std::nullopt;
    }
    if (!ok) {
      std::cerr << "arbiter serve: bad value for " << flag << ": " << value << "\n";
      return std::nullopt;
    }
  }
  return options;
}

// Stops the io_context once every WebSocket has closed, or after the grace period.
void stop_when_drained(boost::asio::io_context& io, Services& services, std::shared_ptr<boost::asio::steady_timer> timer,
                       std::chrono::steady_clock::time_point deadline) {
  if (services.websockets.load() == 0 || std::chrono::steady_clock::now() >= deadline) return io.stop();
  timer->expires_after(std::chrono::milliseconds(20));
  timer->async_wait([&io, &services, timer, deadline](boost::system::error_code) {
    stop_when_drained(io, services, timer, deadline);
  });
}

void evict_periodically(Registry& registry, std::shared_ptr<boost::asio::steady_timer> timer) {
  timer->expires_after(kEvictionPeriod);
  timer->async_wait([&registry, timer](boost::system::error_code ec) {
    if (ec) return;
    registry.evict_idle();
    evict_periodically(registry, timer);
  });
}

}  // namespace

int serve_command(const Args& args) {
  auto options = parse(args);
  if (!options) return 2;

  boost::asio::io_context io(static_cast<int>(options->threads));
  auto store = storage::Store::open(options->db);
  Registry registry(io, *store, options->waits);
  std::size_t resumed = registry.restore();
  Api api(registry, *store);
  StaticFiles files(options->web);
  Limits limits;
  limits.max_connections = options->max_connections;
  Services services{registry, api, files, limits};
  Listener listener(io, services, options->bind, options->port);
  listener.start();

  auto eviction_timer = std::make_shared<boost::asio::steady_timer>(io);
  evict_periodically(registry, eviction_timer);

  boost::asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code ec, int) {
    if (ec) return;
    std::cout << "arbiter: shutting down" << std::endl;
    listener.stop();
    registry.close_all();
    stop_when_drained(io, services, std::make_shared<boost::asio::steady_timer>(io),
                      std::chrono::steady_clock::now() + kShutdownGrace);
  });

  std::cout << "arbiter: listening on http://" << options->bind << ":" << listener.port() << " (db " << options->db
            << ", " << resumed << " games resumed, web " << files.root().string() << ")" << std::endl;

  std::vector<std::thread> threads;
  for (unsigned i = 1; i < options->threads; ++i) threads.emplace_back([&io] { io.run(); });
  io.run();
  for (auto& thread : threads) thread.join();
  store->close();
  std::cout << "arbiter: stopped" << std::endl;
  return 0;
}

}  // namespace arbiter
