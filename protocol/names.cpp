#include "protocol/names.h"

#include <array>
#include <utility>

namespace arbiter::protocol {
namespace {

using match::EndReason;

constexpr std::array<std::pair<EndReason, std::string_view>, 14> kReasons{{
    {EndReason::Checkmate, "checkmate"},
    {EndReason::Stalemate, "stalemate"},
    {EndReason::Repetition, "repetition"},
    {EndReason::FiftyMoves, "fifty_moves"},
    {EndReason::InsufficientMaterial, "insufficient_material"},
    {EndReason::KingCaptured, "king_captured"},
    {EndReason::BareKing, "bare_king"},
    {EndReason::Resign, "resign"},
    {EndReason::Agreement, "agreement"},
    {EndReason::Timeout, "timeout"},
    {EndReason::Abort, "abort"},
    {EndReason::Abandoned, "abandoned"},
    {EndReason::Expired, "expired"},
    {EndReason::Deserted, "deserted"},
}};

}  // namespace

std::string_view color_name(rules::Color c) { return c == rules::Color::White ? "white" : "black"; }

std::string_view other_color_name(std::string_view name) { return name == "white" ? "black" : "white"; }

std::optional<rules::Color> parse_color(std::string_view name) {
  if (name == "white") return rules::Color::White;
  if (name == "black") return rules::Color::Black;
  return std::nullopt;
}

std::string_view umpire_say_name(rules::UmpireAct::Kind kind) {
  switch (kind) {
    case rules::UmpireAct::Kind::Moved: return "moved";
    case rules::UmpireAct::Kind::Illegal: return "illegal";
    case rules::UmpireAct::Kind::Any: return "any";
  }
  return "";
}

std::optional<rules::UmpireAct::Kind> parse_umpire_say(std::string_view name) {
  for (auto kind : {rules::UmpireAct::Kind::Moved, rules::UmpireAct::Kind::Illegal, rules::UmpireAct::Kind::Any})
    if (umpire_say_name(kind) == name) return kind;
  return std::nullopt;
}

std::string_view viewer_name(Viewer viewer) {
  switch (viewer) {
    case Viewer::White: return "white";
    case Viewer::Black: return "black";
    case Viewer::Spectator: return "spectator";
  }
  return "spectator";
}

std::string_view status_name(match::Status status) {
  switch (status) {
    case match::Status::Waiting: return "waiting";
    case match::Status::Playing: return "playing";
    case match::Status::Finished: return "finished";
  }
  return "waiting";
}

std::string_view result_name(match::Result result) {
  switch (result) {
    case match::Result::WhiteWins: return "1-0";
    case match::Result::BlackWins: return "0-1";
    case match::Result::Draw: return "1/2-1/2";
    case match::Result::Ongoing:
    case match::Result::Aborted: return "*";
  }
  return "*";
}

std::optional<match::Result> parse_result(std::string_view name) {
  if (name == "1-0") return match::Result::WhiteWins;
  if (name == "0-1") return match::Result::BlackWins;
  if (name == "1/2-1/2") return match::Result::Draw;
  if (name == "*") return match::Result::Aborted;
  return std::nullopt;
}

std::string_view reason_name(EndReason reason) {
  for (const auto& [value, name] : kReasons)
    if (value == reason) return name;
  return "";
}

std::optional<EndReason> parse_reason(std::string_view name) {
  for (const auto& [value, spelled] : kReasons)
    if (spelled == name) return value;
  return std::nullopt;
}

std::string_view channel_name(match::ChatChannel channel) {
  return channel == match::ChatChannel::Players ? "players" : "spectators";
}

std::optional<match::ChatChannel> parse_channel(std::string_view name) {
  if (name == "players") return match::ChatChannel::Players;
  if (name == "spectators") return match::ChatChannel::Spectators;
  return std::nullopt;
}

std::string_view error_code(match::Rejection rejection) {
  switch (rejection) {
    case match::Rejection::NotAPlayer: return "not_a_player";
    case match::Rejection::GameOver: return "game_over";
    case match::Rejection::NotStarted: return "not_started";
    case match::Rejection::NotYourTurn: return "not_your_turn";
    case match::Rejection::StalePly: return "stale_ply";
    case match::Rejection::IllegalMove: return "illegal_move";
    case match::Rejection::Nonsense: return "nonsense";
    case match::Rejection::NotHidden: return "bad_message";
    case match::Rejection::DrawOffered: return "draw_offered";
    case match::Rejection::TooLate: return "too_late";
    case match::Rejection::SeatTaken: return "seat_taken";
    case match::Rejection::YourTurn: return "your_turn";
    case match::Rejection::PremovesOff: return "premoves_off";
    case match::Rejection::NoOffer: return "no_offer";
    case match::Rejection::TakebackOffered: return "takeback_offered";
    case match::Rejection::NothingToTakeBack: return "nothing_to_take_back";
    case match::Rejection::HiddenGame: return "hidden_game";
    case match::Rejection::OpponentHere: return "opponent_here";
    case match::Rejection::TooSoon: return "too_soon";
    case match::Rejection::NotOver: return "not_over";
    case match::Rejection::RematchOffered: return "rematch_offered";
    case match::Rejection::Rematched: return "rematched";
    case match::Rejection::ChatOff: return "chat_off";
    case match::Rejection::ChatClosed: return "chat_closed";
    case match::Rejection::NameTaken: return "name_taken";
  }
  return "bad_message";
}

}  // namespace arbiter::protocol
