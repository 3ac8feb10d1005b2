#include <doctest/doctest.h>

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "protocol/json_text.h"
#include "protocol/messages.h"

using namespace arbiter;
using namespace arbiter::protocol;
using nlohmann::json;

TEST_CASE("json text: the bytes dump writes for the same object, whatever the order fields were set in") {
  const std::vector<std::string> strings{"e2e4", "", "quote \" and \\ backslash", "tab\tnew\nline\x01", "caf\xc3\xa9 \xe2\x99\x9e",
                                         "bad \xff utf-8", "\x7f", std::string(1500, 'x')};  // past the buffer's first room
  for (const auto& value : strings) {
    CAPTURE(value);
    JsonText text;
    text.number("v", -12).string("move", value).null("clock").raw("legal", json_string_array(strings)).json("names", {{"white", value}});
    text.number("ply", 7).string("t", "move");
    json same{{"t", "move"}, {"v", -12}, {"move", value}, {"clock", nullptr}, {"legal", strings}, {"names", {{"white", value}}}, {"ply", 7}};
    CHECK(text.text() == dump(same));
  }
}

TEST_CASE("json text: a key set again is replaced, as nlohmann's operator[] does") {
  JsonText text;
  text.raw("legal", "[]").string("t", "move").write("legal", [](std::string& out) { out += R"(["e2e4"])"; });
  CHECK(text.has("legal"));
  CHECK_FALSE(text.has("fen"));
  CHECK(text.text() == R"({"legal":["e2e4"],"t":"move"})");
  CHECK(JsonText().text() == "{}");
}

TEST_CASE("json text: a key that would need escapes is refused") {
  JsonText text;
  CHECK_THROWS_AS(text.string("a\"b", "x"), std::logic_error);
  CHECK(text.text() == "{}");
}
