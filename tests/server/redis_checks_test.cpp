#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "server/cluster/redis_checks.h"

using namespace arbiter;
using nlohmann::json;

namespace {

json playing_item() {
  return json{{"id", "a_AAAAAAAAAAAA"},
              {"variant", "chess"},
              {"names", {{"white", "Ann"}, {"black", nullptr}}},
              {"clock", nullptr},
              {"created_at", 1796001500000},
              {"watch", "/game/a_AAAAAAAAAAAA"},
              {"spectators", 0}};
}

}  // namespace

TEST_CASE("list items read from Redis: a node's shape passes, anything else is junk") {
  CHECK(valid_list_item(playing_item(), true));
  json finished = playing_item();
  finished.erase("spectators");
  finished.update(json{{"result", "1-0"}, {"reason", "resign"}, {"ended_at", 1}, {"plies", 3}, {"moves", 2},
                       {"clock", {{"initial_ms", 60000}, {"increment_ms", 0}}}});
  CHECK(valid_list_item(finished, false));
  CHECK_FALSE(valid_list_item(finished, true));
  CHECK_FALSE(valid_list_item(playing_item(), false));
  for (const json& junk : {json(7), json("x"), json(nullptr), json::array(), json{{"id", 7}}})
    CHECK_FALSE(valid_list_item(junk, true));
  for (const char* field : {"id", "variant", "names", "clock", "created_at", "watch", "spectators"}) {
    json item = playing_item();
    item.erase(field);
    CHECK_MESSAGE(!valid_list_item(item, true), field);
    item = playing_item();
    item[field] = json::array();
    CHECK_MESSAGE(!valid_list_item(item, true), field);
  }
}

TEST_CASE("what a Redis answer says went wrong") {
  CHECK(trouble_of(std::nullopt) == RedisTrouble::Unanswered);
  RedisReply reply;
  reply.kind = RedisReply::Kind::Integer;
  CHECK_FALSE(trouble_of(reply));
  reply.kind = RedisReply::Kind::Error;
  reply.text = "OOM command not allowed when used memory > 'maxmemory'.";
  CHECK(trouble_of(reply) == RedisTrouble::OutOfMemory);
  reply.text = "ERR Error running script (call to f_x): @user_script:2: @user_script: 2: -OOM command not allowed when used memory > 'maxmemory'.";
  CHECK(trouble_of(reply) == RedisTrouble::OutOfMemory);
  reply.text = "WRONGTYPE Operation against a key holding the wrong kind of value";
  CHECK(trouble_of(reply) == RedisTrouble::Error);
}
