#include "protocol/flat_object.h"

namespace arbiter::protocol {
namespace {

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }
  bool take(char c) {
    skip_space();
    if (pos_ >= text_.size() || text_[pos_] != c) return false;
    ++pos_;
    return true;
  }
  bool at(char c) {
    skip_space();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool done() {
    skip_space();
    return pos_ == text_.size();
  }
  // Printable ASCII but the quote and the backslash: read by every parser alike.
  std::optional<std::string_view> plain_string() {
    if (!take('"')) return std::nullopt;
    const std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      const char c = text_[pos_];
      if (c < 0x20 || c > 0x7E || c == '\\') return std::nullopt;
      ++pos_;
    }
    if (pos_ == text_.size()) return std::nullopt;
    return text_.substr(start, pos_++ - start);
  }
  // Digits without a leading zero, few enough to be exact in any parser, and then no fraction or
  // exponent.
  std::optional<std::uint64_t> whole_number() {
    skip_space();
    const std::size_t start = pos_;
    std::uint64_t value = 0;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') value = value * 10 + (text_[pos_++] - '0');
    const std::size_t digits = pos_ - start;
    if (digits == 0 || digits > 15 || (digits > 1 && text_[start] == '0')) return std::nullopt;
    if (pos_ < text_.size() && (text_[pos_] == '.' || text_[pos_] == 'e' || text_[pos_] == 'E')) return std::nullopt;
    return value;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

const FlatMember* FlatObject::find(std::string_view key) const {
  for (std::size_t i = 0; i < size; ++i)
    if (members[i].key == key) return &members[i];
  return nullptr;
}

std::optional<FlatObject> read_flat_object(std::string_view text) {
  Reader reader(text);
  FlatObject object;
  if (!reader.take('{') || reader.at('}')) return std::nullopt;
  do {
    if (object.size == FlatObject::kMaxMembers) return std::nullopt;
    auto key = reader.plain_string();
    if (!key || object.find(*key) || !reader.take(':')) return std::nullopt;
    FlatMember& member = object.members[object.size++];
    member.key = *key;
    if (reader.at('"')) {
      auto value = reader.plain_string();
      if (!value) return std::nullopt;
      member.value = *value;
    } else {
      auto value = reader.whole_number();
      if (!value) return std::nullopt;
      member.value = *value;
    }
  } while (reader.take(','));
  if (!reader.take('}') || !reader.done()) return std::nullopt;
  return object;
}

}  // namespace arbiter::protocol
