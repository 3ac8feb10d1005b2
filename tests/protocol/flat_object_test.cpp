// The move's fast reader against the general parser: whatever it reads, the general one reads to
// the same members; on everything else it steps aside.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include <nlohmann/json.hpp>

#include "protocol/client_json.h"
#include "protocol/flat_object.h"
#include "protocol/messages.h"

using namespace arbiter::protocol;

namespace {

// The general parser reads `text` to exactly the members the fast one read.
bool read_alike(std::string_view text, const FlatObject& flat) {
  auto general = parse_client_json(text);
  if (!general || !general->is_object() || general->size() != flat.size) return false;
  for (std::size_t i = 0; i < flat.size; ++i) {
    const FlatMember& member = flat.members[i];
    auto it = general->find(std::string(member.key));
    if (it == general->end()) return false;
    if (const auto* text_value = std::get_if<std::string_view>(&member.value)) {
      if (!it->is_string() || it->get<std::string>() != *text_value) return false;
    } else if (!it->is_number_unsigned() || it->get<std::uint64_t>() != std::get<std::uint64_t>(member.value)) {
      return false;
    }
  }
  return true;
}

const std::string kSeeds[] = {
    R"({"t":"move","move":"e2e4","ply":0})",
    R"({ "ply" : 41 , "move" : "a9a10c" , "t" : "move" })",
    "{\"t\":\"move\",\r\n\t\"move\":\"e7e8q\",\"ply\":12}",
    R"({"t":"move","move":"e2e4","ply":1,"t":"resign"})",
    R"({"t":"move","move":"e2\u0065\u0034","ply":3})",
    R"({"t":"move","move":"e2e4","ply":1e1})",
    R"({"t":"premove","move":null})",
};
const char kPieces[] = "{}[]\":,\\ \t\n0123456789eE.-+tmoveplyu\x7f\xc3";

}  // namespace

TEST_CASE("flat object: whatever the fast reader takes, the general parser reads alike") {
  std::mt19937_64 random(20261204);
  int taken = 0, stepped_aside = 0;
  for (int round = 0; round < 200000; ++round) {
    std::string text = kSeeds[random() % std::size(kSeeds)];
    const int edits = random() % 4;
    for (int e = 0; e < edits && !text.empty(); ++e) {
      const std::size_t at = random() % text.size();
      const char piece = kPieces[random() % (sizeof(kPieces) - 1)];
      switch (random() % 3) {
        case 0: text = text.substr(0, at) + piece + text.substr(at); break;
        case 1: text.erase(at, 1); break;
        default: text[at] = piece; break;
      }
    }
    if (auto flat = read_flat_object(text)) {
      ++taken;
      if (!read_alike(text, *flat)) FAIL_CHECK("read differently: " << text);
    } else {
      ++stepped_aside;
    }
  }
  // Both paths were exercised, the fast one by edited texts too (not only by the seeds).
  CHECK(taken > 20000);
  CHECK(stepped_aside > 20000);
}

TEST_CASE("flat object: it steps aside for what only the general parser may judge") {
  for (std::string_view text :
       {R"({})", R"({"t":"move","move":"e2e4","ply":1,"t":"resign"})", R"({"t":"m\u006fve"})", R"({"ply":01})",
        R"({"ply":-1})", R"({"ply":1.0})", R"({"ply":2e3})", R"({"a":{"b":1}})", R"({"a":[1]})", R"({"a":null})",
        R"({"a":true})", R"({"a":1,"b":2,"c":3,"d":4,"e":5})", R"({"a":1} x)", R"({"a":1,})", R"({"a":"\u00e9"})",
        "{\"a\":\"\xc3\xa9\"}", R"({"ply":1234567890123456})", R"({"a" 1})", R"({"a":"b)"})
    CHECK_MESSAGE(!read_flat_object(text), text);
}

TEST_CASE("flat object: a move is read to the same command either way") {
  auto move = std::get<arbiter::match::MoveCommand>(
      std::get<arbiter::match::Command>(std::get<ClientCommand>(parse_client_command(" { \"ply\" : 7, \"move\" : \"b1c3\", \"t\" : \"move\" } "))));
  CHECK(move.move == "b1c3");
  CHECK(move.ply == 7);
  // Refusals still come from the general parser, with its words.
  auto refused = std::get<BadInput>(parse_client_command(R"({"t":"move","move":"E2E4","ply":0})"));
  CHECK(refused.code == "bad_message");
  CHECK(refused.message == "\"move\" is not a move in coordinate notation");
}
