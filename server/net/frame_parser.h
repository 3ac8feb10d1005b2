#pragma once
// Follows the frames of a client's WebSocket bytes (RFC 6455 §5.2) without keeping their
// payloads: which frames begin, and whether a message is under way. Beast reads some frames by
// itself (control frames, empty continuations); following them here lets every one be counted.
#include <cstdint>
#include <functional>
#include <span>

namespace arbiter {

class FrameParser {
 public:
  struct Frame {
    bool fin = false;
    std::uint8_t opcode = 0;
    bool control() const { return opcode & 0x8; }
  };

  // Reads on through `bytes`, calling `began` with each frame whose header they complete. True
  // when a message (or a control frame between messages) ended among them.
  bool feed(std::span<const std::uint8_t> bytes, const std::function<void(Frame)>& began);

  // A frame is partly read, or a fragmented message awaits its final frame.
  bool in_message() const { return header_size_ > 0 || payload_left_ > 0 || fragmented_; }

 private:
  bool frame_ended();  // true when it ended a message

  std::uint8_t header_[14] = {};  // 2 bytes, up to 8 of extended length, 4 of mask
  std::size_t header_size_ = 0;
  std::size_t header_needed_ = 2;
  std::uint64_t payload_left_ = 0;
  Frame frame_;
  bool fragmented_ = false;
};

}  // namespace arbiter
