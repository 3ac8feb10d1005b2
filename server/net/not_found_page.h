#pragma once
// What a browser gets for a path that is nowhere: a small HTML page with the way home, when its
// Accept header prefers HTML to JSON. Every other client keeps the JSON error body.
#include <string_view>

namespace arbiter {

// Whether `accept` (an Accept header) names text/html with a higher quality than
// application/json: a browser's navigation ("text/html,...,*/*;q=0.8"), not fetch's "*/*".
bool prefers_html(std::string_view accept);

// The page itself: no script, no style sheet, nothing fetched.
std::string_view not_found_page();

}  // namespace arbiter
