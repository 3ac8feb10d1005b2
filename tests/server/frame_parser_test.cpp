#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "server/net/frame_parser.h"

using namespace arbiter;

namespace {

// A client frame: masked (key 0), with the shortest length encoding for its payload.
std::vector<std::uint8_t> frame(std::uint8_t opcode, bool fin, std::size_t payload) {
  std::vector<std::uint8_t> bytes{static_cast<std::uint8_t>((fin ? 0x80 : 0) | opcode)};
  if (payload < 126) {
    bytes.push_back(static_cast<std::uint8_t>(0x80 | payload));
  } else if (payload <= 0xffff) {
    bytes.push_back(0x80 | 126);
    bytes.push_back(static_cast<std::uint8_t>(payload >> 8));
    bytes.push_back(static_cast<std::uint8_t>(payload));
  } else {
    bytes.push_back(0x80 | 127);
    for (int shift = 56; shift >= 0; shift -= 8) bytes.push_back(static_cast<std::uint8_t>(payload >> shift));
  }
  bytes.insert(bytes.end(), 4, 0);        // the mask
  bytes.insert(bytes.end(), payload, 'x');  // the payload
  return bytes;
}

struct Fed {
  std::vector<FrameParser::Frame> frames;
  bool ended = false;
};

Fed feed(FrameParser& parser, const std::vector<std::uint8_t>& bytes) {
  Fed fed;
  fed.ended = parser.feed(bytes, [&](FrameParser::Frame frame) { fed.frames.push_back(frame); });
  return fed;
}

}  // namespace

TEST_CASE("frame parser: each frame is seen once, whatever its length encoding") {
  FrameParser parser;
  for (std::size_t payload : {0, 5, 125, 126, 300, 70000}) {
    auto fed = feed(parser, frame(1, true, payload));
    REQUIRE(fed.frames.size() == 1);
    CHECK(fed.frames[0].fin);
    CHECK(fed.frames[0].opcode == 1);
    CHECK(fed.ended);
    CHECK_FALSE(parser.in_message());
  }
}

TEST_CASE("frame parser: a message in fragments, with a ping between them, ends at its final frame") {
  FrameParser parser;
  auto first = feed(parser, frame(1, false, 3));
  CHECK_FALSE(first.ended);
  CHECK(parser.in_message());
  auto ping = feed(parser, frame(9, true, 2));
  CHECK(ping.frames.at(0).control());
  CHECK_FALSE(ping.ended);  // a control frame inside a message does not end it
  CHECK(parser.in_message());
  auto empty = feed(parser, frame(0, false, 0));
  CHECK(empty.frames.size() == 1);
  CHECK(parser.in_message());
  CHECK(feed(parser, frame(0, true, 1)).ended);
  CHECK_FALSE(parser.in_message());
  CHECK(feed(parser, frame(10, true, 0)).ended);  // a pong between messages
}

TEST_CASE("frame parser: bytes a few at a time give the same frames; a partial frame is a message under way") {
  std::vector<std::uint8_t> stream;
  for (auto part : {frame(1, false, 200), frame(0, false, 0), frame(9, true, 4), frame(0, true, 70000)})
    stream.insert(stream.end(), part.begin(), part.end());
  const std::size_t first_message = stream.size();
  auto last = frame(2, true, 1);
  stream.insert(stream.end(), last.begin(), last.end());
  for (std::size_t step : {std::size_t(1), std::size_t(3), std::size_t(7), stream.size()}) {
    CAPTURE(step);
    FrameParser parser;
    std::vector<std::uint8_t> opcodes;
    int ended = 0;
    for (std::size_t at = 0; at < stream.size(); at += step) {
      auto end = std::min(stream.size(), at + step);
      auto fed = feed(parser, std::vector<std::uint8_t>(stream.begin() + at, stream.begin() + end));
      for (auto f : fed.frames) opcodes.push_back(f.opcode);
      ended += fed.ended;
      CHECK(parser.in_message() == (end != first_message && end != stream.size()));
    }
    CHECK(opcodes == std::vector<std::uint8_t>{1, 0, 9, 0, 2});
    if (step == 1) CHECK(ended == 2);
    CHECK_FALSE(parser.in_message());
  }
}

TEST_CASE("frame parser: one byte of a header is a message under way") {
  FrameParser parser;
  auto fed = feed(parser, {0x81});
  CHECK(fed.frames.empty());
  CHECK(parser.in_message());
}
