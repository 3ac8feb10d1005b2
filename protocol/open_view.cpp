// The open game's views: everyone sees the board and every move; the player to move is told
// their legal moves as well.
#include <nlohmann/json.hpp>

#include "protocol/board_json.h"
#include "protocol/names.h"
#include "protocol/view_policy.h"

namespace arbiter::protocol {
namespace {

using nlohmann::json;

class OpenView final : public ViewPolicy {
 public:
  bool board_public(const match::Match&) const override { return true; }

  void put_board(json& out, const match::Match& match, Viewer viewer) const override {
    const rules::Game& game = match.game();
    out["fen"] = game.position().fen();
    out["moves"] = moves_json(game);
    out["sans"] = game.sans();
    out["legal"] = json::parse(legal_text(match, viewer));
    out["legal_san"] = legal_san(match, viewer);
    out["positions"] = real_positions_json(game);
    out["checks"] = real_checks_json(game);
  }

  std::string legal_text(const match::Match& match, Viewer viewer) const override {
    return real_legal_text(match, viewer);
  }

  void put_act(JsonText& out, const Event& act, const match::Match& match, Viewer viewer) const override {
    const auto* moved = std::get_if<match::Moved>(&act);
    if (!moved) return;  // an open game's referee judges moves only
    const rules::Game& game = match.game();
    out.number("ply", moved->ply);
    out.string("move", moved->move);
    out.string("san", game.sans().at(static_cast<std::size_t>(moved->ply)));
    out.string("fen", game.position().fen());
    out.string("turn", color_name(match.turn()));
    out.raw("check", game.position().in_check() ? "true" : "false");
    out.raw("legal", legal_text(match, viewer));
    if (game.start().variant().two_moves_until_capture) out.json("double_moves", double_moves_json(game));
  }

  void put_taken_back(JsonText& out, const match::Match& match, Viewer viewer) const override {
    const rules::Game& game = match.game();
    out.number("ply", match.ply());
    out.string("fen", game.position().fen());
    out.json("moves", moves_json(game));
    out.json("sans", game.sans());
    out.string("turn", color_name(match.turn()));
    out.raw("legal", legal_text(match, viewer));
    out.json("positions", real_positions_json(game));
    out.json("checks", real_checks_json(game));
    if (game.start().variant().two_moves_until_capture) out.json("double_moves", double_moves_json(game));
  }

  void put_end(JsonText&, const match::Match&, Viewer) const override {}  // everything was public already

  bool heard_alike() const override { return true; }

  std::optional<UmpireComments> pgn_comments(const match::Match&) const override { return std::nullopt; }

 private:
  // The SAN of each move of `legal`, in the same order, for a page where moves are typed (a
  // screen reader's).
  static json legal_san(const match::Match& match, Viewer viewer) {
    json sans = json::array();
    if (!to_move(match, viewer)) return sans;
    for (auto& san : match.game().position().legal_sans()) sans.push_back(std::move(san));
    return sans;
  }
};

}  // namespace

const ViewPolicy& open_view() {
  static const OpenView view;
  return view;
}

}  // namespace arbiter::protocol
