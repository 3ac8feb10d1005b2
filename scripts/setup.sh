#!/usr/bin/env bash
# Installs the Debian packages the build and the server need (only those missing) and builds
# Arbiter. Sourced by serve.sh and test.sh; BUILD_DIR and PACKAGE_LISTS (more lists from
# scripts/packages/, e.g. "test") may be set by the caller.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"

# A list's lines are "package [command]": the package is needed unless the command is present.
missing=()
for list in build runtime ${PACKAGE_LISTS:-}; do
  while read -r package command _; do
    [ -n "$package" ] || continue
    [ -n "$command" ] && command -v "$command" >/dev/null && continue
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done < <(sed 's/#.*//' "$ROOT/scripts/packages/$list")
done
if ((${#missing[@]})); then
  echo "Installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

LAUNCHER=()
if command -v ccache >/dev/null; then
  LAUNCHER=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Paths below the checkout are hashed as relative ones: every clone (CI's too) shares the cache.
  export CCACHE_BASEDIR="$ROOT"
  export CCACHE_NOHASHDIR=true  # the sanitized build has -g: its hash would name the folder
fi
cmake -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release "${LAUNCHER[@]}" >/dev/null
cmake --build "$BUILD_DIR" -j"$(nproc)"
