#include "server/api/api.h"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <nlohmann/json.hpp>

#include "engine/level.h"
#include "protocol/eval_comments.h"
#include "protocol/variants_json.h"
#include "rules/variant.h"
#include "server/api/url.h"
#include "server/rooms/security.h"

namespace arbiter {
namespace {

using nlohmann::json;

constexpr int kDefaultListLimit = 20;
constexpr int kMaxListLimit = 100;

HttpResponse json_response(unsigned status, const json& body) { return {status, "application/json", protocol::dump(body), {}, 0}; }

HttpResponse method_not_allowed(std::string allow) {
  auto response = error_response(405, "method_not_allowed", "use " + allow);
  response.allow = std::move(allow);
  return response;
}

// The token of a seat: "Authorization: Bearer <token>" or ?token=.
// The scheme's name is case-insensitive (RFC 9110 §11.1): "bearer" and "BEARER" are "Bearer".
std::string token_of(const HttpRequest& request) {
  constexpr std::string_view kBearer = "bearer ";
  std::string_view authorization = request.authorization;
  auto lower = [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
  if (authorization.size() >= kBearer.size() &&
      std::ranges::equal(authorization.substr(0, kBearer.size()), kBearer, {}, lower)) {
    auto credentials = authorization.substr(kBearer.size());
    return std::string(credentials.substr(std::min(credentials.find_first_not_of(' '), credentials.size())));
  }
  return url::query_param(request.target, "token").value_or("");
}

// "/api/games/abc/pgn" with prefix "/api/games/" -> {"abc", "pgn"}.
std::pair<std::string, std::string> split_rest(std::string_view path, std::string_view prefix) {
  std::string_view rest = path.substr(prefix.size());
  auto slash = rest.find('/');
  if (slash == std::string_view::npos) return {std::string(rest), ""};
  return {std::string(rest.substr(0, slash)), std::string(rest.substr(slash + 1))};
}

}  // namespace

HttpResponse error_response(unsigned status, std::string_view code, std::string_view message) {
  return json_response(status, {{"error", code}, {"message", message}});
}

Api::Api(Registry& registry, storage::Store& store, AddressLimits& limits, Metrics& metrics, const SharedLists* shared,
         AnalysisPool* analyses)
    : registry_(registry), store_(store), limits_(limits), metrics_(metrics), shared_(shared), analyses_(analyses) {}

bool Api::handles(std::string_view target) {
  std::string_view path = url::path_of(target);
  return path.starts_with("/api/") || path == "/healthz";
}

void Api::handle(const HttpRequest& request, std::function<void(HttpResponse)> done) {
  guarded(request, done, [&] { route(request, done); });
}

void Api::guarded(const HttpRequest& request, const std::function<void(HttpResponse)>& done, const std::function<void()>& step) {
  // Store reads are synchronous: they throw before `done` has run, never after.
  try {
    step();
  } catch (const std::exception& e) {
    std::cerr << "arbiter: " << request.method << " " << url::path_of(request.target) << ": " << e.what() << "\n";
    done(error_response(500, "storage", "the game store could not be read; try again"));
  }
}

std::optional<HttpResponse> Api::too_often(std::optional<AddressLimits::Clock::duration> wait, Refusal refusal) {
  if (!wait) return std::nullopt;
  metrics_.refused(refusal);
  auto response = error_response(429, "rate_limited", "too many requests from your address; try again later");
  response.retry_after_s = AddressLimits::retry_seconds(*wait);
  return response;
}

void Api::route(const HttpRequest& request, std::function<void(HttpResponse)> done) {
  std::string_view path = url::path_of(request.target);
  const bool get = request.method == "GET" || request.method == "HEAD";
  const bool post = request.method == "POST";

  if (path == "/healthz") {
    if (!get) return done(method_not_allowed("GET, HEAD"));
    return health(std::move(done));
  }
  if (path == "/api/variants") {
    if (!get) return done(method_not_allowed("GET, HEAD"));
    static const std::string variants = protocol::dump(protocol::variants_json(engine::level_ratings()));
    return done({200, "application/json", variants, {}, 0});
  }
  if (path == "/api/games") {
    if (post) {
      // A cluster's nodes share the address's budget: Redis answers, on its own thread.
      return limits_.create_shared(request.client, AddressLimits::Clock::now(),
                                   [this, request, done](std::optional<AddressLimits::Clock::duration> wait) {
                                     if (auto refused = too_often(wait, Refusal::CreateRate)) return done(*refused);
                                     guarded(request, done, [&] { create_game(request, done); });
                                   });
    }
    if (get) return list_games(request, std::move(done));
    return done(method_not_allowed("GET, HEAD, POST"));
  }
  if (path.starts_with("/api/games/")) {
    auto [id, rest] = split_rest(path, "/api/games/");
    if (rest == "join") {
      if (!post) return done(method_not_allowed("POST"));
      if (auto refused = too_often(limits_.join(request.client, AddressLimits::Clock::now()), Refusal::JoinRate))
        return done(*refused);
      return join_game(request, id, std::move(done));
    }
    if (rest == "analysis") {
      if (post) return start_analysis(request, id, std::move(done));
      if (get) return analysis(id, std::move(done));
      return done(method_not_allowed("GET, HEAD, POST"));
    }
    if (!get) return done(method_not_allowed("GET, HEAD"));
    if (rest.empty()) return game(id, request, std::move(done));
    if (rest == "pgn") return pgn(id, std::move(done));
  }
  if (path.starts_with("/api/join/")) {
    auto [code, rest] = split_rest(path, "/api/join/");
    if (!post && !get) return done(method_not_allowed("GET, HEAD, POST"));
    if (rest.empty()) {
      // A look at an invitation costs a join: codes are not to be tried in bulk.
      if (auto refused = too_often(limits_.join(request.client, AddressLimits::Clock::now()), Refusal::JoinRate))
        return done(*refused);
      if (get) return invitation(code, std::move(done));
      return join(request, code, std::move(done));
    }
  }
  done(error_response(404, "not_found", "no such route"));
}

void Api::create_game(const HttpRequest& request, std::function<void(HttpResponse)> done) {
  auto parsed = protocol::parse_create_game(request.body);
  if (auto* bad = std::get_if<protocol::BadInput>(&parsed)) return done(error_response(400, bad->code, bad->message));
  const auto& create = std::get<protocol::CreateGameRequest>(parsed);
  if (!create.computer_level) return store_game(create, std::nullopt, std::move(done));
  // The address's cap over all of a cluster's nodes first (its own doing), then this node's pool.
  limits_.computer_game_shared(request.client, [this, request, create, done](std::optional<AddressLimits::Lease> lease) {
    guarded(request, done, [&] {
      auto admitted = lease ? registry_.admit_computer(std::move(*lease), *create.computer_level)
                            : std::variant<ComputerAdmission, ComputerRefusal>(ComputerRefusal{ComputerRefusal::Why::AddressCap});
      if (auto* refusal = std::get_if<ComputerRefusal>(&admitted)) {
        metrics_.refused(refusal->why == ComputerRefusal::Why::AddressCap ? Refusal::ComputerGames : Refusal::ComputerBusy);
        auto response = error_response(refusal->status(), refusal->code(), refusal->message());
        response.retry_after_s = AddressLimits::retry_seconds(ComputerRefusal::kRetryAfter);
        return done(response);
      }
      store_game(create, std::move(std::get<ComputerAdmission>(admitted)), done);
    });
  });
}

void Api::store_game(const protocol::CreateGameRequest& create, std::optional<ComputerAdmission> admission,
                     std::function<void(HttpResponse)> done) {
  registry_.create(create, std::move(admission), [done](CreateOutcome created) {
    if (!created.ok) return done(error_response(500, "storage", "the game could not be stored"));
    json body{{"id", created.id}, {"watch", "/game/" + created.id}};
    if (created.color.empty()) {
      body["tokens"] = {{"white", created.white_token}, {"black", created.black_token}};
    } else {
      body["color"] = created.color;
      body["token"] = created.token;
      if (!created.invite.empty()) body["invite"] = "/join/" + created.invite;
    }
    done(json_response(201, body));
  });
}

namespace {

// Both joins answer alike: the seat and its token, or 409 naming the game (to watch it).
std::function<void(JoinOutcome)> join_answer(std::function<void(HttpResponse)> done, std::string taken_message) {
  return [done = std::move(done), taken_message = std::move(taken_message)](JoinOutcome outcome) {
    switch (outcome.status) {
      case JoinOutcome::Status::Joined:
        return done(json_response(200, {{"id", outcome.id}, {"color", outcome.color}, {"token", outcome.token}}));
      case JoinOutcome::Status::Taken:
        return done(json_response(409, {{"error", "seat_taken"}, {"message", taken_message}, {"id", outcome.id}}));
      case JoinOutcome::Status::Failed:
        return done(error_response(500, "storage", "the seat could not be stored"));
    }
  };
}

}  // namespace

void Api::join(const HttpRequest& request, const std::string& code, std::function<void(HttpResponse)> done) {
  auto parsed = protocol::parse_join(request.body);
  if (auto* bad = std::get_if<protocol::BadInput>(&parsed)) return done(error_response(400, bad->code, bad->message));
  auto& join = std::get<protocol::JoinRequest>(parsed);
  if (!registry_.join(code, std::move(join.name), std::move(join.token),
                      join_answer(done, "this invitation has already been used or has expired")))
    done(error_response(404, "not_found", "no game has this invitation"));
}

void Api::invitation(const std::string& code, std::function<void(HttpResponse)> done) {
  auto room = registry_.find_invitation(code);
  if (!room) return done(error_response(404, "not_found", "no game has this invitation"));
  room->describe_invitation([done](json invitation) { done(json_response(200, invitation)); });
}

void Api::join_game(const HttpRequest& request, const std::string& id, std::function<void(HttpResponse)> done) {
  auto parsed = protocol::parse_join(request.body);
  if (auto* bad = std::get_if<protocol::BadInput>(&parsed)) return done(error_response(400, bad->code, bad->message));
  auto& join = std::get<protocol::JoinRequest>(parsed);
  if (!registry_.join_game(id, std::move(join.name), std::move(join.token),
                           join_answer(done, "this game has both its players, or its invitation has expired")))
    done(error_response(404, "not_found", "no such game"));
}

namespace {

// A free seat, or one from before names: null.
json name_or_null(const std::string& name) { return name.empty() ? json(nullptr) : json(name); }

// ?before=<ms> or <ms>.<id>, as the previous page's "next" gave it.
std::optional<std::pair<std::int64_t, std::string>> parse_cursor(std::string_view text) {
  auto dot = text.find('.');
  std::string_view ms = text.substr(0, dot);
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(ms.data(), ms.data() + ms.size(), value);
  if (ec != std::errc() || end != ms.data() + ms.size() || value < 0) return std::nullopt;
  std::string id = dot == std::string_view::npos ? std::string() : std::string(text.substr(dot + 1));
  if (dot != std::string_view::npos && !plausible_key(id)) return std::nullopt;
  return std::pair{value, id};
}

}  // namespace

json list_items(storage::Store& store, Registry& registry, const storage::GameQuery& query) {
  const bool playing = query.status == "playing";
  json games = json::array();
  for (const auto& summary : store.list_games(query)) {
    const auto& game = summary.game;
    json item{{"id", game.id},
              {"variant", game.variant},
              {"names", {{"white", name_or_null(summary.white_name)}, {"black", name_or_null(summary.black_name)}}},
              {"clock", game.initial_ms ? json{{"initial_ms", *game.initial_ms}, {"increment_ms", game.increment_ms}}
                                        : json(nullptr)},
              {"created_at", game.created_at_ms},
              {"watch", "/game/" + game.id}};
    if (playing) {
      auto room = registry.open_room(game.id);
      item["spectators"] = room ? room->spectators() : 0;
    } else {
      item["result"] = game.result;
      item["reason"] = game.reason;
      item["ended_at"] = game.ended_at_ms.value_or(0);
      item["plies"] = game.plies;
      item["moves"] = game.moves;
    }
    games.push_back(std::move(item));
  }
  return games;
}

namespace {

// Where a list item stands in its list: games in play by creation, finished ones by their end.
std::pair<std::int64_t, std::string> list_position(const json& item, bool playing) {
  return {item.value(playing ? "created_at" : "ended_at", std::int64_t{0}), item.value("id", "")};
}

// Every node's items as one page: the query's variant, before its cursor, newest first.
json shared_page(std::vector<json> items, const storage::GameQuery& query) {
  const bool playing = query.status == "playing";
  std::erase_if(items, [&](const json& item) {
    if (!query.variant.empty() && item.value("variant", "") != query.variant) return true;
    return query.before_ms && list_position(item, playing) >= std::pair{*query.before_ms, query.before_id};
  });
  std::sort(items.begin(), items.end(),
            [&](const json& a, const json& b) { return list_position(a, playing) > list_position(b, playing); });
  if (items.size() > static_cast<std::size_t>(query.limit)) items.resize(query.limit);
  return json(std::move(items));
}

}  // namespace

void Api::list_games(const HttpRequest& request, std::function<void(HttpResponse)> done) {
  storage::GameQuery query;
  query.status = url::query_param(request.target, "status").value_or("finished");
  if (query.status != "finished" && query.status != "playing")
    return done(error_response(400, "bad_status", "status is \"playing\" or \"finished\""));
  query.limit = kDefaultListLimit;
  if (auto text = url::query_param(request.target, "limit")) {
    auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), query.limit);
    if (ec != std::errc() || end != text->data() + text->size() || query.limit < 1)
      return done(error_response(400, "bad_limit", "limit is a whole number from 1"));
    query.limit = std::min(query.limit, kMaxListLimit);
  }
  if (auto variant = url::query_param(request.target, "variant"); variant && !variant->empty()) {
    if (!rules::find_variant(*variant)) return done(error_response(400, "unknown_variant", "no such variant"));
    query.variant = *variant;
  }
  if (auto before = url::query_param(request.target, "before"); before && !before->empty()) {
    auto cursor = parse_cursor(*before);
    if (!cursor) return done(error_response(400, "bad_before", "before is the \"next\" of the previous page"));
    query.before_ms = cursor->first;
    // Without an id, every game at that very millisecond is left for this page.
    query.before_id = cursor->second.empty() ? std::string("~") : cursor->second;
  }
  const bool playing = query.status == "playing";
  json games;
  if (shared_) {
    auto items = shared_->games(playing);
    if (!items) {
      auto response = error_response(503, "cluster_unavailable", "the lists of all servers cannot be read now; try again");
      response.retry_after_s = 2;
      return done(response);
    }
    games = shared_page(std::move(*items), query);
  } else {
    games = list_items(store_, registry_, query);
  }
  std::string next;
  if (!games.empty()) {
    auto [position, id] = list_position(games.back(), playing);
    next = std::to_string(position) + "." + id;
  }
  const bool full = static_cast<int>(games.size()) == query.limit;
  done(json_response(200, {{"games", games}, {"next", full ? json(next) : json(nullptr)}}));
}

// Up when the store answers a read and the server is not shutting down.
void Api::health(std::function<void(HttpResponse)> done) {
  if (shutting_down_) return done(error_response(503, "shutting_down", "this server is shutting down"));
  store_.alive_until();  // throws (answered 500) if the store cannot be read
  done(json_response(200, {{"ok", true}, {"node", security::node()}}));
}

void Api::game(const std::string& id, const HttpRequest& request, std::function<void(HttpResponse)> done) {
  auto room = registry_.find(id);
  if (!room) return done(error_response(404, "not_found", "no such game"));
  room->describe(token_of(request), [done](json game) { done(json_response(200, game)); });
}

void Api::pgn(const std::string& id, std::function<void(HttpResponse)> done) {
  auto room = registry_.find(id);
  if (!room) return done(error_response(404, "not_found", "no such game"));
  // An analysed game's PGN always carries its evaluations.
  std::vector<std::string> evals;
  if (auto stored = store_.load_analysis(id)) evals = protocol::eval_comments(json::parse(*stored));
  room->pgn(std::move(evals), [done](std::optional<std::string> text) {
    if (!text) return done(error_response(403, "hidden", "a live hidden game has no PGN until it ends"));
    done({200, "application/x-chess-pgn", std::move(*text), {}, 0});
  });
}

std::optional<HttpResponse> Api::stored_analysis(const std::string& id) {
  auto stored = store_.load_analysis(id);
  if (!stored) return std::nullopt;
  json body = json::parse(*stored);
  body["status"] = "done";
  body["id"] = id;
  return json_response(200, body);
}

std::optional<HttpResponse> Api::analysis_under_way(const std::string& id, unsigned status) {
  auto progress = analyses_->progress(id);
  if (!progress) return std::nullopt;
  return json_response(status, {{"id", id},
                                {"status", progress->running ? "running" : "queued"},
                                {"positions_done", progress->positions_done},
                                {"positions", progress->positions},
                                {"movetime_ms", progress->movetime_ms}});
}

void Api::analysis(const std::string& id, std::function<void(HttpResponse)> done) {
  if (!analyses_) return done(error_response(404, "not_found", "no such route"));
  // Under way first: an analysis is stored before it stops being under way, never after.
  if (auto under_way = analysis_under_way(id, 200)) return done(*under_way);
  if (auto stored = stored_analysis(id)) return done(*stored);
  if (!registry_.find(id)) return done(error_response(404, "not_found", "no such game"));
  // Not an error: the page asks whenever it shows a finished game.
  done(json_response(200, {{"id", id}, {"status", "none"}}));
}

void Api::start_analysis(const HttpRequest& request, const std::string& id, std::function<void(HttpResponse)> done) {
  if (!analyses_) return done(error_response(404, "not_found", "no such route"));
  // Asking again for one under way or stored costs nothing.
  if (auto under_way = analysis_under_way(id, 202)) return done(*under_way);
  if (auto stored = stored_analysis(id)) return done(*stored);
  auto room = registry_.find(id);
  if (!room) return done(error_response(404, "not_found", "no such game"));
  room->finished_game([this, id, client = request.client, done](std::optional<rules::Game> game) {
    if (!game) return done(error_response(409, "not_finished", "a game is analysed once it is over"));
    auto lease = limits_.analysis(client);
    if (!lease) {
      metrics_.refused(Refusal::AnalysisUnderWay);
      auto response = error_response(429, "analysis_under_way",
                                     "an analysis asked for from your address is under way; ask again once it is done");
      response.retry_after_s = 30;
      return done(response);
    }
    const int positions = static_cast<int>(game->moves().size()) + 1;
    try {
      // The hourly share is charged only for an analysis queued: one refused as busy costs nothing.
      std::optional<AddressLimits::Clock::duration> wait;
      const auto admit = [&] { return !(wait = limits_.analysis_start(client, AddressLimits::Clock::now())); };
      switch (analyses_->start(id, std::move(*game), client, std::move(*lease), admit)) {
        case AnalysisPool::Start::NotAdmitted:
          return done(*too_often(wait, Refusal::AnalysisRate));
        case AnalysisPool::Start::Full: {
          metrics_.refused(Refusal::AnalysisBusy);
          auto response = error_response(503, "analysis_busy", "the server is analysing as many games as it can; try again later");
          response.retry_after_s = 60;
          return done(response);
        }
        case AnalysisPool::Start::Stored:
          if (auto stored = stored_analysis(id)) return done(*stored);
          break;
        case AnalysisPool::Start::UnderWay:
        case AnalysisPool::Start::Queued:
          if (auto under_way = analysis_under_way(id, 202)) return done(*under_way);
          // Ended already (stored, or stopped at shutdown): said as it stands now.
          if (auto stored = stored_analysis(id)) return done(*stored);
          break;
      }
      done(json_response(202, {{"id", id}, {"status", "queued"}, {"positions_done", 0}, {"positions", positions},
                               {"movetime_ms", analyses_->settings().movetime_for(positions)}}));
    } catch (const std::exception& e) {
      std::cerr << "arbiter: POST analysis of " << id << ": " << e.what() << "\n";
      done(error_response(500, "storage", "the game store could not be read; try again"));
    }
  });
}

}  // namespace arbiter
