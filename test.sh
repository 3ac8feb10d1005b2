#!/usr/bin/env bash
# Builds Arbiter and runs every test: unit tests, the end-to-end tests against the real server
# (and again against a sanitized one), the browser tests in headless Chromium, a few seconds of
# each fuzz target, and the large-boards build's own tests.
set -euo pipefail
PACKAGE_LISTS="test"
source "$(dirname "$0")/scripts/setup.sh"
# A second build with clang-14, AddressSanitizer and UndefinedBehaviorSanitizer: the fuzz targets
# (tests/fuzz/README.md; ctest runs each briefly) and the `arbiter` that e2e_sanitized runs.
CXX=clang++-14 cmake -S "$ROOT" -B "$BUILD_DIR/fuzz" -DARBITER_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo "${LAUNCHER[@]}" >/dev/null
cmake --build "$BUILD_DIR/fuzz" --target fuzz_targets arbiter -j"$(nproc)"
# A third, with boards of up to 16x16 (docs/variants.md, "Large boards"): its rules, ini import, engine and server.
cmake -S "$ROOT" -B "$BUILD_DIR/large" -DARBITER_LARGE_BOARDS=ON -DCMAKE_BUILD_TYPE=Release "${LAUNCHER[@]}" >/dev/null
cmake --build "$BUILD_DIR/large" --target arbiter rules_tests ini_import_tests engine_tests -j"$(nproc)"
(cd "$ROOT/tests" && npm ci --no-audit --no-fund --loglevel=error)
cd "$BUILD_DIR"
ctest --output-on-failure -j"$(nproc)" "$@"
