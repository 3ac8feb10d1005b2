#!/usr/bin/env bash
# Builds Arbiter and runs every test: unit tests, the end-to-end tests against the real server,
# and the browser tests in headless Chromium.
set -euo pipefail
EXTRA_PACKAGES="fairy-stockfish sqlite3"
command -v node >/dev/null || EXTRA_PACKAGES+=" nodejs"
command -v npm >/dev/null || EXTRA_PACKAGES+=" npm"
command -v chromium >/dev/null || EXTRA_PACKAGES+=" chromium"
source "$(dirname "$0")/scripts/setup.sh"
(cd "$ROOT/tests" && npm ci --no-audit --no-fund --loglevel=error)
cd "$BUILD_DIR"
ctest --output-on-failure -j"$(nproc)" "$@"
