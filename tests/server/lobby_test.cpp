// The Lobby (server/lobby/lobby.h) without a socket: people connected through its peers, a real
// Registry and store making the games, its clock in the test's hand, its ticks run by the test.
#include "server/lobby/lobby.h"

#include <doctest/doctest.h>

#include <barrier>
#include <thread>

#include "lobby_harness.h"
#include "server/rooms/security.h"

using namespace arbiter;
using namespace arbiter::lobby_test;
using namespace std::chrono_literals;

namespace {

// Runs until `person` has been sent a "matched"; returns it.
json matched(LobbyHarness& harness, const Person& person) {
  harness.served().run_until([&] { return !person.socket->of_type("matched").empty(); });
  return person.socket->of_type("matched").front();
}

// Runs until `person` has been sent `count` errors.
void run_until_errors(LobbyHarness& harness, const Person& person, std::size_t count) {
  harness.served().run_until([&] { return person.socket->errors().size() >= count; });
}

}  // namespace

TEST_CASE("a seek posted is answered with its seat token, and shown to everyone at the next tick") {
  LobbyHarness harness;
  Person ann = harness.connect("ann-browser-0000000000000"), bob = harness.connect("bob-browser-0000000000000");
  const std::string id = ann.seek("Ann");
  const json seeking = ann.socket->of_type("seeking").front();
  CHECK(seeking["seek"]["variant"] == "chess");
  CHECK(seeking["seek"]["name"] == "Ann");
  CHECK(seeking["token"].get<std::string>().size() >= protocol::kMinSecretChars);
  CHECK(bob.socket->of_type("lobby_update").empty());  // not before the tick: one update a tick

  harness.lobby().tick();
  CHECK(LobbyHarness::listed(bob) == std::vector<std::string>{id});
  CHECK(LobbyHarness::listed(ann) == std::vector<std::string>{id});
  Person carol = harness.connect();  // a newcomer gets the list as of the last tick
  CHECK(carol.socket->of_type("lobby").front()["seeks"][0]["id"] == id);
}

TEST_CASE("a seek taken makes one game, stored playing, and both players are told their seats in it") {
  LobbyHarness harness;
  Person ann = harness.connect("ann-browser-0000000000000"), bob = harness.connect("bob-browser-0000000000000");
  const std::string id = ann.seek("Ann");
  harness.lobby().tick();
  bob.accept(id, secret('b'), "Bob");

  const json to_bob = matched(harness, bob), to_ann = matched(harness, ann);
  CHECK(to_bob["game"] == to_ann["game"]);
  CHECK(to_ann["color"] == "white");  // as the seek asked
  CHECK(to_ann["seek"] == id);
  CHECK(to_bob["color"] == "black");
  CHECK(to_bob["token"] == secret('b'));
  auto stored = harness.served().store().load_game(to_bob["game"]);
  REQUIRE(stored);
  CHECK(stored->game.status == "playing");
  auto room = harness.served().registry().find(to_bob["game"]);
  REQUIRE(room);
  CHECK(room->seat_of(secret('b')) == rules::Color::Black);
  CHECK(room->seat_of(ann.socket->of_type("seeking").front()["token"]) == rules::Color::White);

  harness.lobby().tick();
  CHECK(LobbyHarness::listed(bob).empty());
  Person carol = harness.connect("carol-browser-00000000000");
  carol.accept(id, secret('c'));
  run_until_errors(harness, carol, 1);
  CHECK(carol.socket->errors() == std::vector<std::string>{"seek_gone"});
}

TEST_CASE("two taking one seek at once: one gets the game, the other is told it is gone") {
  LobbyHarness harness;
  Person ann = harness.connect("ann-browser-0000000000000");
  Person bob = harness.connect("bob-browser-0000000000000"), carol = harness.connect("carol-browser-00000000000");
  const std::string id = ann.seek();
  std::barrier start(2);
  std::thread bob_takes([&] {
    start.arrive_and_wait();
    bob.accept(id, secret('b'));
  });
  std::thread carol_takes([&] {
    start.arrive_and_wait();
    carol.accept(id, secret('c'));
  });
  bob_takes.join();
  carol_takes.join();

  harness.served().run_until([&] {
    return bob.socket->of_type("matched").size() + carol.socket->of_type("matched").size() == 1 &&
           bob.socket->errors().size() + carol.socket->errors().size() == 1 && !ann.socket->of_type("matched").empty();
  });
  const Person& winner = bob.socket->of_type("matched").empty() ? carol : bob;
  const Person& loser = bob.socket->of_type("matched").empty() ? bob : carol;
  CHECK(loser.socket->errors() == std::vector<std::string>{"seek_gone"});
  CHECK(winner.socket->of_type("matched").front()["game"] == ann.socket->of_type("matched").front()["game"]);
  harness.served().run_ready();
  CHECK(ann.socket->of_type("matched").size() == 1);
  CHECK(harness.served().registry().games_in_play() == 1);
}

TEST_CASE("a taker repeating its accept with its own secret is told the same game again; another secret is not") {
  LobbyHarness harness;
  Person ann = harness.connect("ann-browser-0000000000000"), bob = harness.connect("bob-browser-0000000000000");
  const std::string id = ann.seek();
  bob.accept(id, secret('b'));
  const json first = matched(harness, bob);

  Person bob_again = harness.connect("bob-browser-0000000000000");  // its "matched" lost with the old connection
  bob_again.accept(id, secret('b'));
  const json second = matched(harness, bob_again);
  CHECK(second == first);

  Person mallory = harness.connect("mallory-browser-000000000");
  mallory.accept(id, secret('m'));
  run_until_errors(harness, mallory, 1);
  CHECK(mallory.socket->errors() == std::vector<std::string>{"seek_gone"});
  CHECK(harness.served().registry().games_in_play() == 1);
}

TEST_CASE("a repeat while the game is still being stored waits for it, and is told the game with the taker") {
  LobbyHarness harness;
  Person ann = harness.connect("ann-browser-0000000000000"), bob = harness.connect("bob-browser-0000000000000");
  const std::string id = ann.seek();
  Person bob_again = harness.connect("bob-browser-0000000000000");
  bob.accept(id, secret('b'));
  bob_again.accept(id, secret('b'));  // before the store has answered: nothing yet
  CHECK(bob_again.socket->of_type("matched").empty());
  CHECK(bob_again.socket->errors().empty());
  CHECK(matched(harness, bob_again) == matched(harness, bob));
}

TEST_CASE("one's own seek cannot be taken: not from its connection nor another socket of its browser") {
  LobbyHarness harness;
  Person ann = harness.connect("ann-browser-0000000000000");
  const std::string id = ann.seek();
  ann.accept(id, secret('a'));
  Person ann_tab = harness.connect("ann-browser-0000000000000");
  ann_tab.accept(id, secret('a'));
  CHECK(ann.socket->errors() == std::vector<std::string>{"own_seek"});
  CHECK(ann_tab.socket->errors() == std::vector<std::string>{"own_seek"});

  // Someone else behind the same address (a home, a school) may take it.
  Person flatmate = harness.connect("flatmate-browser-00000000", ann.socket->client());
  flatmate.accept(id, secret('f'));
  CHECK(matched(harness, flatmate)["color"] == "black");
}

TEST_CASE("a seek outlives its creator's leaving for the grace, then expires and cannot be taken") {
  LobbySettings settings = quick_sweeps();
  settings.owner_grace = 10s;
  LobbyHarness harness({}, settings);
  Person ann = harness.connect("ann-browser-0000000000000"), bob = harness.connect("bob-browser-0000000000000");
  const std::string id = ann.seek();
  harness.lobby().tick();
  ann.leave();

  harness.clock().advance(10s - 1ms);
  harness.lobby().tick();
  CHECK(LobbyHarness::listed(bob) == std::vector<std::string>{id});  // not a moment early

  harness.clock().advance(1ms);
  harness.lobby().tick();
  CHECK(LobbyHarness::listed(bob).empty());
  bob.accept(id, secret('b'));
  CHECK(bob.socket->errors() == std::vector<std::string>{"seek_gone"});
  CHECK(harness.served().registry().games_in_play() == 0);
}

TEST_CASE("the creator back within the grace reclaims its seek, which then stays") {
  LobbySettings settings = quick_sweeps();
  settings.owner_grace = 10s;
  LobbyHarness harness({}, settings);
  Person ann = harness.connect("ann-browser-0000000000000"), bob = harness.connect("bob-browser-0000000000000");
  const std::string id = ann.seek();
  const std::string token = ann.socket->of_type("seeking").front()["token"];
  ann.leave();
  harness.clock().advance(9s);

  Person ann_back = harness.connect("ann-browser-0000000000000");
  ann_back.say({{"t", "reclaim"}, {"id", id}, {"token", secret('x')}});  // not its token
  CHECK(ann_back.socket->errors() == std::vector<std::string>{"seek_gone"});
  ann_back.say({{"t", "reclaim"}, {"id", id}, {"token", token}});
  REQUIRE(ann_back.socket->of_type("reclaimed").size() == 1);

  harness.clock().advance(1h);
  harness.lobby().tick();
  CHECK(LobbyHarness::listed(bob) == std::vector<std::string>{id});
  bob.accept(id, secret('b'));
  CHECK(matched(harness, ann_back)["seek"] == id);
}

TEST_CASE("a seek is withdrawn by its creator alone") {
  LobbyHarness harness;
  Person ann = harness.connect("ann-browser-0000000000000"), bob = harness.connect("bob-browser-0000000000000");
  const std::string id = ann.seek();
  harness.lobby().tick();
  bob.say({{"t", "cancel"}, {"id", id}});
  CHECK(bob.socket->errors() == std::vector<std::string>{"no_seek"});
  harness.lobby().tick();
  CHECK(LobbyHarness::listed(bob) == std::vector<std::string>{id});

  ann.say({{"t", "cancel"}, {"id", id}});
  CHECK(ann.socket->errors().empty());
  harness.lobby().tick();
  CHECK(LobbyHarness::listed(bob).empty());
  bob.accept(id, secret('b'));
  CHECK(bob.socket->errors() == std::vector<std::string>{"no_seek", "seek_gone"});
}

TEST_CASE("a connection has so many open seeks at once, and seeks so often") {
  LobbySettings settings = quick_sweeps();
  settings.max_seeks_per_connection = 2;
  settings.seek_burst = 3;
  settings.seeks_per_second = 0.001;
  LobbyHarness harness({}, settings);
  Person ann = harness.connect("ann-browser-0000000000000");
  const std::string first = ann.seek();
  ann.seek();
  ann.say({{"t", "seek"}, {"variant", "chess"}});
  CHECK(ann.socket->errors() == std::vector<std::string>{"too_many_seeks"});
  ann.say({{"t", "cancel"}, {"id", first}});
  ann.say({{"t", "seek"}, {"variant", "chess"}});  // the burst of three is spent
  CHECK(ann.socket->errors() == std::vector<std::string>{"too_many_seeks", "rate_limited"});
  harness.lobby().tick();
  CHECK(LobbyHarness::listed(ann).size() == 1);

  harness.clock().advance(std::chrono::seconds(1000));  // one more seek's worth
  ann.seek();
}

TEST_CASE("taking a seek is charged to the taker's address, as creating a game is") {
  LobbyHarness harness(served_test::tight_limits(1, 30));
  Person ann = harness.connect("ann-browser-0000000000000", "203.0.113.1");
  const std::string first = ann.seek(), second = ann.seek(), third = ann.seek();
  Person bob = harness.connect("bob-browser-0000000000000", "198.51.100.7");
  bob.accept(first, secret('b'));
  matched(harness, bob);

  Person bob_tab = harness.connect("bob-tab-browser-000000000", "198.51.100.7");
  bob_tab.accept(second, secret('c'));
  const auto refused = bob_tab.socket->of_type("error");
  REQUIRE(refused.size() == 1);
  CHECK(refused[0]["code"] == "rate_limited");
  CHECK(refused[0]["retry_after_s"] >= 1);
  harness.lobby().tick();
  CHECK(LobbyHarness::listed(bob_tab) == std::vector<std::string>{third, second});  // nothing taken

  Person carol = harness.connect("carol-browser-00000000000", "192.0.2.9");  // another address pays its own
  carol.accept(second, secret('d'));
  matched(harness, carol);

  harness.clock().advance(std::chrono::hours(10));  // the budget refills with time: one a 600 minutes
  bob_tab.accept(third, secret('c'));
  matched(harness, bob_tab);
}
