#include "server/net/frame_parser.h"

#include <algorithm>

namespace arbiter {

bool FrameParser::feed(std::span<const std::uint8_t> bytes, const std::function<void(Frame)>& began) {
  bool ended = false;
  std::size_t at = 0;
  while (at < bytes.size()) {
    if (payload_left_ > 0) {
      auto skipped = static_cast<std::size_t>(std::min<std::uint64_t>(payload_left_, bytes.size() - at));
      at += skipped;
      payload_left_ -= skipped;
      if (payload_left_ == 0) ended |= frame_ended();
      continue;
    }
    header_[header_size_++] = bytes[at++];
    if (header_size_ == 2) {
      std::size_t length = header_[1] & 0x7f;
      header_needed_ = 2 + (length == 126 ? 2 : length == 127 ? 8 : 0) + (header_[1] & 0x80 ? 4 : 0);
    }
    if (header_size_ < 2 || header_size_ < header_needed_) continue;
    std::uint64_t length = header_[1] & 0x7f;
    if (length >= 126) {
      std::size_t extended = length == 126 ? 2 : 8;
      length = 0;
      for (std::size_t i = 0; i < extended; ++i) length = length << 8 | header_[2 + i];
    }
    frame_ = {bool(header_[0] & 0x80), static_cast<std::uint8_t>(header_[0] & 0x0f)};
    header_size_ = 0;
    header_needed_ = 2;
    began(frame_);
    payload_left_ = length;
    if (length == 0) ended |= frame_ended();
  }
  return ended;
}

bool FrameParser::frame_ended() {
  if (frame_.control()) return !fragmented_;
  fragmented_ = !frame_.fin;
  return frame_.fin;
}

}  // namespace arbiter
