#include "protocol/view_policy.h"

namespace arbiter::protocol {

// The one place that tells the kinds apart, from the variant's data as make_referee does.
const ViewPolicy& view_policy(const rules::Variant& variant) {
  switch (variant.visibility) {
    case rules::Visibility::Umpire: return kriegspiel_view();
    case rules::Visibility::Fog: return fog_view();
    case rules::Visibility::Open: break;
  }
  return open_view();
}

const ViewPolicy& view_policy(const match::Match& match) { return view_policy(match.game().start().variant()); }

}  // namespace arbiter::protocol
