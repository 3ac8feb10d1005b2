// libFuzzer target: the HTTP request path. Bytes go through Beast's request parser with the
// server's limits and head checks (server/net/http_request.h, as a connection reads them), then the routing a
// connection does: the Api with a real SQLite store, the static files, or the WebSocket
// upgrade's game and token. The Api must answer every request once, without a server error,
// with JSON where it says JSON.
//
// One game is created at the start; "@ID", "@TOKEN" and "@INVITE" in the input stand for its id,
// its creator's token and its invitation code, so that the fuzzer reaches a real game.
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unistd.h>

#include "server/api/api.h"
#include "server/api/url.h"
#include "server/limits/address_limits.h"
#include "server/metrics/metrics.h"
#include "server/net/http_request.h"
#include "server/net/network.h"
#include "server/net/static_files.h"
#include "server/rooms/registry.h"
#include "storage/store.h"
#include "tests/fuzz/fuzz_support.h"

using namespace arbiter;
namespace http = boost::beast::http;

namespace {

// Inputs per world: the games the fuzzer creates are dropped with it, so memory stays flat.
constexpr int kInputsPerWorld = 1000;
constexpr int kRequestsPerInput = 8;  // pipelined in one input

using fuzz::fail;

class World {
 public:
  explicit World(const std::filesystem::path& db)
      : store_(storage::Store::open(db.string())),
        registry_(io_, *store_),
        limits_(AddressLimitSettings{.enabled = false}),
        api_(registry_, *store_, limits_, metrics_),
        files_(WEB_DIR) {
    auto created = nlohmann::json::parse(
        handle({"POST", "/api/games", R"({"variant":"chess","color":"white"})", "", "fuzz"}).body);
    id_ = created.at("id");
    token_ = created.at("token");
    invite_ = std::string(created.at("invite")).substr(std::string("/join/").size());
  }

  ~World() {
    registry_.close_all();
    store_->close();
  }

  // The routing of http_session.cpp, for one parsed request.
  void route(BeastRequest& request) {
    const std::string target(request.target());
    if (boost::beast::websocket::is_upgrade(request)) {
      const std::string_view path = url::path_of(target);
      if (path.starts_with("/ws/")) (void)registry_.find(std::string(path.substr(4)));
      (void)url::query_param(target, "token");
      return;
    }
    if (Api::handles(target)) {
      check(handle(api_request_of(request, "fuzz")), target);
      return;
    }
    (void)files_.get(target);
  }

  std::string substitute(std::string text) const {
    for (auto [name, value] : {std::pair<std::string_view, const std::string&>{"@ID", id_}, {"@TOKEN", token_},
                               {"@INVITE", invite_}})
      for (auto at = text.find(name); at != std::string::npos; at = text.find(name, at + value.size()))
        text.replace(at, name.size(), value);
    return text;
  }

 private:
  // Runs the Api until it answers; the store's writer and the rooms post back to io_.
  HttpResponse handle(const HttpRequest& request) {
    std::optional<HttpResponse> answer;
    int answers = 0;
    api_.handle(request, [&](HttpResponse response) {
      ++answers;
      answer = std::move(response);
    });
    while (!answer) io_.run_one();
    io_.poll();
    if (answers != 1) fail("the Api answered " + std::to_string(answers) + " times");
    return *answer;
  }

  static void check(const HttpResponse& response, const std::string& target) {
    if (response.status >= 500) fail("a server error for " + target + ": " + response.body);
    if (response.content_type == "application/json" && !nlohmann::json::accept(response.body))
      fail("JSON that is not JSON for " + target + ": " + response.body);
    if (response.status == 405 && response.allow.empty()) fail("a 405 without Allow for " + target);
  }

  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_{io_.get_executor()};
  std::unique_ptr<storage::Store> store_;
  Registry registry_;
  AddressLimits limits_;  // off: one fuzzer is one address, and the limits are not what it tests
  Metrics metrics_;
  Api api_;
  StaticFiles files_;
  std::string id_, token_, invite_;
};

const std::filesystem::path& dir() {
  static const std::filesystem::path path = fuzz::scratch_dir("http-fuzz");
  return path;
}

// The current world, replaced every kInputsPerWorld inputs (with a fresh database).
World& world() {
  static std::unique_ptr<World> current;
  static int served = 0, generation = 0;
  if (!current || ++served >= kInputsPerWorld) {
    current.reset();
    const auto old_db = dir() / ("world-" + std::to_string(generation) + ".db");
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(old_db.string() + suffix);
    current = std::make_unique<World>(dir() / ("world-" + std::to_string(++generation) + ".db"));
    served = 0;
  }
  return *current;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)dir();  // made before the handler is registered, so destroyed after it runs
  std::atexit([] { std::filesystem::remove_all(dir()); });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  World& w = world();
  const std::string bytes = w.substitute(std::string(reinterpret_cast<const char*>(data), size));
  std::string_view rest = bytes;
  for (int n = 0; n < kRequestsPerInput && !rest.empty(); ++n) {
    HttpRequestParser parser;
    apply_limits(parser, Limits{});
    boost::beast::error_code ec;
    std::size_t used = parser.put(boost::asio::buffer(rest.data(), rest.size()), ec);  // the head first
    if (!ec && parser.is_header_done()) {
      if (framing_fault(parser.get())) return 0;  // answered 400: the connection closes
      parser.eager(true);
      if (!parser.is_done()) used += parser.put(boost::asio::buffer(rest.data() + used, rest.size() - used), ec);
    }
    if (ec == http::error::need_more) parser.put_eof(ec);  // the client closed: a request ends only if it may
    if (ec || !parser.is_done()) return 0;
    rest.remove_prefix(used);
    BeastRequest request = parser.release();
    w.route(request);
  }
  return 0;
}
