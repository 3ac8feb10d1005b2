#include "server/net/not_found_page.h"

#include <doctest/doctest.h>

using arbiter::prefers_html;

TEST_CASE("a browser's navigation prefers HTML; fetch, curl and API clients do not") {
  CHECK(prefers_html("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8"));
  CHECK(prefers_html("TEXT/HTML"));
  CHECK(prefers_html("application/json;q=0.5, text/html"));
  CHECK_FALSE(prefers_html(""));
  CHECK_FALSE(prefers_html("*/*"));
  CHECK_FALSE(prefers_html("application/json"));
  CHECK_FALSE(prefers_html("text/html;q=0.5, application/json"));
  CHECK_FALSE(prefers_html("text/html, application/json"));
  CHECK_FALSE(prefers_html("text/html;q=0"));
  CHECK_FALSE(prefers_html("text/html;q=nonsense"));
  CHECK(prefers_html("text/html;level=1;q=0.75, application/json;q=0.7"));
}
