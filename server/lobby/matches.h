#pragma once
// The seeks taken lately, by seek id: whose seats they became and, once stored, their game. A
// taker repeating its accept (its "matched" lost with its connection) or a creator reclaiming a
// seek taken while it was away is answered from here; one asking while the game is still being
// stored waits for it. Not thread-safe: the Lobby holds it under its mutex.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace arbiter {

struct Match {
  std::string game;  // "": still being stored
  std::string color, creator_hash;  // the creator's seat
  std::chrono::steady_clock::time_point at;  // when it was recorded (or stored)
  std::string taker_color, taker_hash;  // the taker's seat ("": taken on another node)
  std::vector<std::pair<std::uint64_t, std::string>> waiting;  // member, and a taker's secret ("": the creator)
};

// The "matched" a repeat gets: a taker's (with its secret), or the creator's (taker_secret "").
std::string matched_message(const Match& match, const std::string& seek, const std::string& taker_secret);

class Matches {
 public:
  using Clock = std::chrono::steady_clock;
  // What one asking again is answered: nothing (not theirs, or unknown), a wait, or "matched".
  struct Repeat {
    enum class Kind { NotFound, Waiting, Matched } kind = Kind::NotFound;
    std::string message;  // Matched's
  };

  // A seek being taken (a cluster's claim on its way, or its game being stored) or taken lately.
  bool contains(const std::string& seek) const { return matches_.contains(seek); }
  // Records a take; its game is being stored (match.game empty) or was stored on another node.
  void record(const std::string& seek, Match match) { matches_[seek] = std::move(match); }
  // The seats, once a cluster's claim has decided them.
  void seat(const std::string& seek, std::string creator_color, std::string taker_color);
  // The taker `member` asking again with its secret (hashed as `hash`).
  Repeat taker_repeat(const std::string& seek, const std::string& hash, std::uint64_t member, const std::string& secret);
  // The creator `member`, back with its seat token (hashed as `hash`).
  Repeat creator_repeat(const std::string& seek, const std::string& hash, std::uint64_t member);
  // The game is stored: remembered from `now`, and handed back with everyone who waited for it.
  Match stored(const std::string& seek, const std::string& game, Clock::time_point now);
  // The take came to nothing (claim lost, game not stored): forgotten, handed back with its waiters.
  Match drop(const std::string& seek);
  // Forgets the games stored more than `remembered` before `now`; those being stored are kept.
  void forget_older(Clock::time_point now, Clock::duration remembered);
  std::size_t size() const { return matches_.size(); }

 private:
  std::unordered_map<std::string, Match> matches_;
};

}  // namespace arbiter
