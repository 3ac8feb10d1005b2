// The JSON routes (server/api/api.h) called directly with a request: a real Registry over a real
// store on a temporary file, real limits; no socket.
#include "server/api/api.h"

#include <doctest/doctest.h>

#include <mutex>
#include <optional>

#include "served_harness.h"

using namespace arbiter;
using namespace arbiter::served_test;
using nlohmann::json;

namespace {

class ApiHarness {
 public:
  explicit ApiHarness(AddressLimitSettings limits = {}) : limits_(limits), api_(served_.registry(), served_.store(), limits_, metrics_) {}

  // Sends the request and runs until it is answered.
  HttpResponse call(const std::string& method, const std::string& target, const std::string& body = "",
                    const std::string& client = "198.51.100.7") {
    auto answer = std::make_shared<Answer>();
    api_.handle(HttpRequest{method, target, body, "", client}, [answer](HttpResponse response) {
      std::lock_guard lock(answer->mutex);
      answer->response = std::move(response);
    });
    served_.run_until([&] {
      std::lock_guard lock(answer->mutex);
      return answer->response.has_value();
    });
    std::lock_guard lock(answer->mutex);
    return *answer->response;
  }
  static json body(const HttpResponse& response) { return json::parse(response.body); }

  RegistryHarness& served() { return served_; }

 private:
  struct Answer {
    std::mutex mutex;
    std::optional<HttpResponse> response;
  };
  RegistryHarness served_;
  AddressLimits limits_;
  Metrics metrics_;
  Api api_;
};

const std::string kSecret(32, 's');

json join_body(const std::string& name, const std::string& secret) { return {{"name", name}, {"token", secret}}; }

// Creates a chess game with the creator as White; returns the answer's body.
json create(ApiHarness& api, const std::string& client = "198.51.100.7") {
  auto created = api.call("POST", "/api/games", R"({"variant":"chess","color":"white","name":"Ann"})", client);
  REQUIRE(created.status == 201);
  return ApiHarness::body(created);
}

}  // namespace

TEST_CASE("POST /api/games stores a game waiting for its second player, the creator in its seat") {
  ApiHarness api;
  const json created = create(api);
  CHECK(created["color"] == "white");
  CHECK(created["watch"] == "/game/" + created["id"].get<std::string>());
  CHECK(created["invite"].get<std::string>().starts_with("/join/"));
  auto stored = api.served().store().load_game(created["id"]);
  REQUIRE(stored);
  CHECK(stored->game.status == "waiting");
  CHECK(stored->game.variant == "chess");

  auto described = api.call("GET", "/api/games/" + created["id"].get<std::string>(), "");
  CHECK(described.status == 200);
  CHECK(ApiHarness::body(described)["id"] == created["id"]);
}

TEST_CASE("joining with one's own secret twice gives the same seat; another joiner finds it taken") {
  ApiHarness api;
  const json created = create(api);
  const std::string join = "/api/games/" + created["id"].get<std::string>() + "/join";
  auto first = api.call("POST", join, join_body("Bob", kSecret).dump());
  REQUIRE(first.status == 200);
  CHECK(ApiHarness::body(first)["color"] == "black");
  CHECK(ApiHarness::body(first)["token"] == kSecret);
  auto again = api.call("POST", join, join_body("Bob", kSecret).dump());
  CHECK(again.status == 200);
  CHECK(ApiHarness::body(again) == ApiHarness::body(first));

  auto other = api.call("POST", join, join_body("Carol", std::string(32, 'c')).dump());
  CHECK(other.status == 409);
  CHECK(ApiHarness::body(other)["error"] == "seat_taken");
  CHECK(api.served().store().load_game(created["id"])->game.status == "playing");
}

TEST_CASE("the invitation is a way in too: the same secret twice, the same seat") {
  ApiHarness api;
  const json created = create(api);
  const std::string invitation = "/api" + created["invite"].get<std::string>();  // /api/join/<code>
  auto first = api.call("POST", invitation, join_body("Bob", kSecret).dump());
  REQUIRE(first.status == 200);
  auto again = api.call("POST", invitation, join_body("Bob", kSecret).dump());
  CHECK(again.status == 200);
  CHECK(ApiHarness::body(again) == ApiHarness::body(first));
}

TEST_CASE("a bad body is answered 400 with its reason, and changes nothing") {
  ApiHarness api;
  for (const std::string body : {"{not json", "[]", R"({"variant":"no-such-chess"})", R"({"color":"green"})"}) {
    auto refused = api.call("POST", "/api/games", body);
    CHECK(refused.status == 400);
    CHECK_FALSE(ApiHarness::body(refused)["message"].get<std::string>().empty());
  }
  CHECK(ApiHarness::body(api.call("POST", "/api/games", R"({"variant":"no-such-chess"})"))["error"] == "unknown_variant");
  CHECK(api.served().registry().rooms_resident() == 0);

  const json created = create(api);
  const std::string join = "/api/games/" + created["id"].get<std::string>() + "/join";
  for (const std::string body : {"{not json", R"({"name":"Bob","token":"short"})", R"({"name":"Bob","token":7})"}) {
    auto refused = api.call("POST", join, body);
    CHECK(refused.status == 400);
    CHECK_FALSE(ApiHarness::body(refused)["message"].get<std::string>().empty());
  }
  CHECK(ApiHarness::body(api.call("POST", join, R"({"name":"Bob","token":"short"})"))["error"] == "bad_token");
  CHECK(api.served().store().load_game(created["id"])->game.status == "waiting");
  CHECK(api.call("POST", join, join_body("Bob", kSecret).dump()).status == 200);  // the seat was still free
}

TEST_CASE("an address creates so many games, then 429 with a wait; another address is not held back") {
  ApiHarness api(tight_limits(2, 30));
  create(api);
  create(api);
  auto refused = api.call("POST", "/api/games", R"({"variant":"chess"})");
  CHECK(refused.status == 429);
  CHECK(ApiHarness::body(refused)["error"] == "rate_limited");
  CHECK(refused.retry_after_s >= 1);
  CHECK(api.served().registry().rooms_resident() == 2);
  create(api, "192.0.2.9");
}

TEST_CASE("an address joins so often, then 429; looking at an invitation counts as a join") {
  ApiHarness api(tight_limits(30, 2));
  const json created = create(api);
  const std::string invitation = "/api" + created["invite"].get<std::string>();
  CHECK(api.call("GET", invitation).status == 200);
  CHECK(api.call("POST", invitation, join_body("Bob", kSecret).dump()).status == 200);
  auto refused = api.call("POST", invitation, join_body("Bob", kSecret).dump());
  CHECK(refused.status == 429);
  CHECK(refused.retry_after_s >= 1);
  const json other = create(api);
  CHECK(api.call("POST", "/api/games/" + other["id"].get<std::string>() + "/join", "{}").status == 429);
  CHECK(api.call("POST", "/api/games/" + other["id"].get<std::string>() + "/join", "{}", "192.0.2.9").status == 200);
}
