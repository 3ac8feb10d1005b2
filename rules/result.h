#pragma once
// Errors as values: an operation that can fail on user input returns Result<T>.
#include <string>
#include <utility>
#include <variant>

namespace arbiter::rules {

struct Error {
  std::string reason;
};

template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error error) : v_(std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<0>(v_); }
  T& value() & { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const { return std::get<1>(v_).reason; }

 private:
  std::variant<T, Error> v_;
};

}  // namespace arbiter::rules
