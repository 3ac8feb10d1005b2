#!/usr/bin/env bash
# Builds Arbiter and runs every test: unit tests, the end-to-end tests against the real server,
# the browser tests in headless Chromium, and a few seconds of each fuzz target.
set -euo pipefail
EXTRA_PACKAGES="fairy-stockfish sqlite3 clang-14 libclang-rt-14-dev"
command -v node >/dev/null || EXTRA_PACKAGES+=" nodejs"
command -v npm >/dev/null || EXTRA_PACKAGES+=" npm"
command -v chromium >/dev/null || EXTRA_PACKAGES+=" chromium"
source "$(dirname "$0")/scripts/setup.sh"
# The fuzz targets, a second build with clang-14 (tests/fuzz/README.md); ctest runs each briefly.
CXX=clang++-14 cmake -S "$ROOT" -B "$BUILD_DIR/fuzz" -DARBITER_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo "${LAUNCHER[@]}" >/dev/null
cmake --build "$BUILD_DIR/fuzz" --target fuzz_targets -j"$(nproc)"
(cd "$ROOT/tests" && npm ci --no-audit --no-fund --loglevel=error)
cd "$BUILD_DIR"
ctest --output-on-failure -j"$(nproc)" "$@"
