// A variant's pieces read from its [[name.pieces]] tables, each onto the kind of the same id.
#include <algorithm>
#include <cctype>
#include <set>
#include <variant>

#include "rules/betza.h"
#include "rules/variant_reader.h"

namespace arbiter::rules {

bool VariantReader::piece_field(const std::string& key) {
  static const std::set<std::string> fields{
    "id", "letter", "name", "betza", "royal", "pawn", "double_step_ranks", "double_step_unmoved_only", "facings",
    "turns_for_black", "promotion_rank", "optional_promotion_from", "promotion_limit", "forward",
    "same_colour_pair_draws", "drawing"};
  return fields.count(key);
}

void VariantReader::read_pieces() {
  const toml::node* node = table_.get("pieces");
  if (!node) return;
  const toml::array* list = node->as_array();
  if (!list || !list->is_array_of_tables()) return fail(*node, "pieces", "must be an array of tables ([[" + name_ + ".pieces]])");
  for (std::size_t i = 0; i < list->size(); ++i) read_piece(*list->get(i)->as_table(), "pieces[" + std::to_string(i) + "]");
}

void VariantReader::read_piece(const toml::table& t, const std::string& path) {
  std::string id;
  if (!get_string(t, path + ".id", "id", id) || id.empty()) return fail(t, path + ".id", "every piece needs an id");
  int k = kind_index(id);
  if (k < 0) {
    if (v_.kinds.size() >= std::size_t(kMaxKinds))
      return fail(t, path, "more than " + std::to_string(kMaxKinds) + " piece kinds");
    v_.kinds.push_back(PieceKind{.letter = 0, .name = id, .legs = {}});
    k = int(v_.kinds.size()) - 1;
  }
  PieceKind& kind = v_.kinds[k];
  kind.id = id;
  for (auto&& [key, node] : t)
    if (!piece_field(std::string(key.str()))) fail(node, path + "." + std::string(key.str()), "unknown field");
  std::string letter;
  if (get_string(t, path + ".letter", "letter", letter)) {
    if (letter.size() != 1 || !std::isalpha(static_cast<unsigned char>(letter[0])))
      fail(*t.get("letter"), path + ".letter", "must be one letter");
    else kind.letter = char(std::toupper(static_cast<unsigned char>(letter[0])));
  }
  get_string(t, path + ".name", "name", kind.name);
  std::string drawing = kind.drawing;
  if (get_string(t, path + ".drawing", "drawing", drawing)) {
    if (!drawing.empty() && std::find(std::begin(kDrawings), std::end(kDrawings), drawing) == std::end(kDrawings))
      fail(*t.get("drawing"), path + ".drawing", "no such drawing: \"\" (its letter) or one of " + drawing_names());
    else kind.drawing = drawing;
  }
  get_bool(t, path + ".royal", "royal", kind.royal);
  get_bool(t, path + ".pawn", "pawn", kind.pawn);
  get_bool(t, path + ".same_colour_pair_draws", "same_colour_pair_draws", kind.same_colour_pair_draws);
  read_moves(t, path, kind);
  get_bool(t, path + ".double_step_unmoved_only", "double_step_unmoved_only", kind.double_step_needs_unmoved);
  const int ranks = v_.geometry.ranks();
  if (const toml::node* node = t.get("double_step_ranks")) {
    const toml::array* list = node->as_array();
    if (!list) fail(*node, path + ".double_step_ranks", "must be a list of ranks");
    else {
      kind.double_step_ranks.clear();
      for (std::size_t i = 0; i < list->size(); ++i) {
        const auto* rank = list->get(i)->as_integer();
        if (!rank || rank->get() < 1 || rank->get() > ranks)
          fail(*list->get(i), path + ".double_step_ranks[" + std::to_string(i) + "]", "must be a rank from 1 to " + std::to_string(ranks));
        else kind.double_step_ranks.push_back(int(rank->get()) - 1);
      }
    }
  }
  int rank = kind.promotion_rank + 1;
  if (get_int(t, path + ".promotion_rank", "promotion_rank", rank, 0, ranks)) kind.promotion_rank = rank - 1;
  rank = kind.optional_promotion_rank + 1;
  if (get_int(t, path + ".optional_promotion_from", "optional_promotion_from", rank, 0, ranks))
    kind.optional_promotion_rank = rank - 1;
  get_int(t, path + ".promotion_limit", "promotion_limit", kind.promotion_limit, 0, kNoPromotionLimit);
  if (const toml::node* node = t.get("forward")) {
    if (!node->is_integer() || (node->as_integer()->get() != 1 && node->as_integer()->get() != -1))
      fail(*node, path + ".forward", "must be 1 or -1");
    else kind.forward = int(node->as_integer()->get());
  }
  facings_.erase(k);
  if (const toml::node* node = t.get("facings")) facings_.emplace(k, std::pair{node, path + ".facings"});
}

void VariantReader::read_moves(const toml::table& t, const std::string& path, PieceKind& kind) {
  bool turns = kind.legs_turn_for_black;
  const bool turns_given = get_bool(t, path + ".turns_for_black", "turns_for_black", turns);
  std::string betza;
  if (get_string(t, path + ".betza", "betza", betza)) {
    BetzaResult parsed = parse_betza(betza);
    if (auto* error = std::get_if<BetzaError>(&parsed)) return fail(*t.get("betza"), path + ".betza", error->message());
    const BetzaMoves& moves = std::get<BetzaMoves>(parsed);
    // The double step and the first-move-only legs share the ranks they are made from: rank 2
    // for a kind that had neither.
    auto first_moves = [](bool double_step, const std::vector<Leg>& legs) {
      return double_step || std::any_of(legs.begin(), legs.end(), [](const Leg& l) { return l.initial; });
    };
    const bool had = first_moves(kind.double_step, kind.legs), has = first_moves(moves.double_step, moves.legs);
    kind.legs = moves.legs;
    kind.en_passant = moves.en_passant;
    if (has && !had) kind.double_step_ranks = {1};
    if (!has) kind.double_step_ranks.clear();
    kind.double_step = moves.double_step;
    if (!turns_given) turns = !left_right_symmetric(kind.legs);
  }
  kind.legs_turn_for_black = turns;
}

std::string VariantReader::drawing_names() {
  std::string names;
  for (std::string_view name : kDrawings) names += (names.empty() ? "\"" : ", \"") + std::string(name) + "\"";
  return names;
}

}  // namespace arbiter::rules
