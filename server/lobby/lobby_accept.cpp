// Taking a seek (Lobby::accept): decided under the lock, claimed from every node in a cluster,
// the game stored, both players told.
#include <type_traits>

#include "server/lobby/lobby.h"
#include "server/lobby/seek_taking.h"
#include "server/rooms/security.h"

namespace arbiter {
namespace {

std::string seek_gone() { return protocol::error_message("seek_gone", "that game has been taken or withdrawn"); }
std::string unavailable() { return protocol::error_message("lobby_unavailable", "the shared lobby cannot be reached now; try again"); }
std::string not_stored() { return protocol::error_message("storage", "the game could not be stored; try again"); }

}  // namespace

void Lobby::accept(std::uint64_t member, const protocol::AcceptSeekCommand& accept) {
  Taker taker{member, accept.token.value_or(security::random_token()), "", accept.name};
  taker.hash = security::sha256_hex(taker.secret);
  AcceptStep step = take_seek(taker, accept.id);
  std::visit(
      [&](auto& decided) {
        using T = std::decay_t<decltype(decided)>;
        if constexpr (std::is_same_v<T, std::string>) send_to(member, std::move(decided));
        else if constexpr (std::is_same_v<T, ClaimShared>) claim_and_create(taker, accept.id);
        else if constexpr (std::is_same_v<T, Taken>) create_game(taker, std::move(decided.seek), std::move(decided.seats));
      },
      step);
}

std::optional<OpenSeek> Lobby::open_seek(const std::string& id) const {
  // A seek being taken (a cluster's claim on its way) is no longer open, wherever it shows.
  if (matches_.contains(id)) return std::nullopt;
  if (auto mine = board_->find(id)) return mine;
  if (!shared_) return std::nullopt;
  auto other = shared_->find(id);  // another node's (owner 0: no connection here)
  if (!other) return std::nullopt;
  return OpenSeek{other->seek, other->creator_hash, 0, other->browser, {}, 0};
}

Lobby::AcceptStep Lobby::take_seek(const Taker& taker, const std::string& id) {
  // Taking the seek and recording who took it are one step: a repeat of this accept (the
  // taker's "matched" lost with its connection) finds either the seek or the taker.
  std::lock_guard lock(mutex_);
  auto me = members_.find(taker.member);
  if (me == members_.end()) return {};
  std::optional<OpenSeek> open = open_seek(id);
  if (!open) {  // perhaps taken by this taker already (a new secret is no one's)
    const auto repeat = matches_.taker_repeat(id, taker.hash, taker.member, taker.secret);
    if (repeat.kind == Matches::Repeat::Kind::Waiting) return {};
    if (repeat.kind == Matches::Repeat::Kind::Matched) return repeat.message;
    return seek_gone();
  }
  if (own_seek(*open, taker.member, me->second.browser))
    return protocol::error_message("own_seek", "this is your own open game");
  if (auto refused = charge_taker(limits_, me->second.connection->client(), now_())) return *refused;
  if (shared_) {
    // The seek may be taken on another node at the same moment: the claim decides.
    matches_.record(id, {"", "", open->creator_hash, now_(), "", taker.hash, {}});
    return ClaimShared{};
  }
  auto taken = board_->take(id);
  if (!taken) return seek_gone();  // cancelled or expired since it was found
  const std::string creator = creator_color(taken->seek.game.color);
  auto seats = paired_seats(*taken, creator, taker);
  matches_.record(id, {"", creator, taken->creator_hash, now_(), seats[1].color, taker.hash, {}});
  return Taken{std::move(*taken), std::move(seats)};
}

void Lobby::claim_and_create(const Taker& taker, const std::string& id) {
  shared_->claim(id, [this, taker, id](SharedLobby::Claim claim, std::optional<SharedSeek> won) {
    if (claim != SharedLobby::Claim::Won || !won) {
      Match lost;
      {
        std::lock_guard lock(mutex_);
        lost = matches_.drop(id);
      }
      const std::string reply = claim == SharedLobby::Claim::Gone ? seek_gone() : unavailable();
      send_to(taker.member, reply);
      for (const auto& [waiter, secret] : lost.waiting) send_to(waiter, reply);
      return;
    }
    // This node's own seek leaves its board too (with its creator's connection).
    OpenSeek seek = board_->take(id).value_or(OpenSeek{won->seek, won->creator_hash, 0, won->browser, {}, 0});
    const std::string creator = creator_color(seek.seek.game.color);
    auto seats = paired_seats(seek, creator, taker);
    {
      std::lock_guard lock(mutex_);
      matches_.seat(id, creator, seats[1].color);
    }
    create_game(taker, std::move(seek), std::move(seats));
  });
}

void Lobby::create_game(const Taker& taker, OpenSeek seek, std::vector<storage::SeatRecord> seats) {
  const protocol::CreateGameRequest game = seek.seek.game;  // the seek itself moves into the callback
  registry_.create_paired(game, std::move(seats), [this, taker, seek = std::move(seek)](std::optional<std::string> game) mutable {
    Match match;
    {
      std::lock_guard lock(mutex_);
      match = game ? matches_.stored(seek.seek.id, *game, now_()) : matches_.drop(seek.seek.id);
    }
    if (game) tell_matched(taker, seek, match);
    else put_back(taker, std::move(seek), match);
  });
}

void Lobby::tell_matched(const Taker& taker, const OpenSeek& seek, const Match& match) {
  const std::string& id = seek.seek.id;
  send_to(taker.member, matched_message(match, id, taker.secret));
  if (seek.owner != 0) send_to(seek.owner, matched_message(match, id, ""));
  else shared_->tell_matched(id, match.game, match.color);  // the creator is on the seek's node
  for (const auto& [waiter, secret] : match.waiting) send_to(waiter, matched_message(match, id, secret));
}

void Lobby::put_back(const Taker& taker, OpenSeek seek, const Match& match) {
  send_to(taker.member, not_stored());
  for (const auto& [waiter, secret] : match.waiting) send_to(waiter, not_stored());
  if (shared_) shared_->offer({seek.seek, seek.creator_hash, seek.browser}, [](bool) {});
  if (seek.owner != 0 || !shared_) board_->add(std::move(seek));  // back in its place; the next tick shows it again
}

}  // namespace arbiter
