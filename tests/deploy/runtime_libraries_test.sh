#!/usr/bin/env bash
# The Docker image's runtime stage starts `arbiter`: every shared library `ldd` lists for the
# built executable belongs (by `dpkg -S`) to a package of scripts/packages/runtime, and the
# Dockerfile's last stage installs that list. Checked here without Docker, which cannot run here.
# Usage: runtime_libraries_test.sh ARBITER_BINARY REPOSITORY_ROOT
set -euo pipefail
binary="$1"
root="$2"
runtime_list="$root/scripts/packages/runtime"
mapfile -t runtime < <(sed 's/#.*//' "$runtime_list" | awk 'NF {print $1}')
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# The package owning a file, tried as listed and resolved (merged /usr: /lib is /usr/lib).
owner() {
  local file
  for file in "$1" "$(readlink -f "$1")" "/usr$1" "${1#/usr}"; do
    dpkg -S "$file" 2>/dev/null | head -1 | cut -d: -f1 && return 0
  done
  return 1
}

libraries=0
while read -r line; do
  case "$line" in
    *"not found"*) fail "ldd: $line"; continue ;;
    *"=> "/*) file="$(awk '{print $3}' <<<"$line")" ;;
    /*) file="$(awk '{print $1}' <<<"$line")" ;;
    *) continue ;;  # the vDSO: the kernel's, no file
  esac
  libraries=$((libraries + 1))
  if ! package="$(owner "$file")"; then fail "$file belongs to no Debian package"; continue; fi
  printf '%s\n' "${runtime[@]}" | grep -qx "$package" \
    || fail "$file is in $package, which scripts/packages/runtime does not list"
done < <(ldd "$binary")
((libraries > 0)) || fail "ldd listed no library for $binary"

# The runtime stage (after the last FROM) installs that list, and copies the executable in.
stage="$(awk '/^FROM /{stage=""} {stage = stage $0 "\n"} END {printf "%s", stage}' "$root/Dockerfile")"
grep -q '^COPY scripts/packages/runtime ' <<<"$stage" || fail "the Dockerfile's runtime stage does not copy scripts/packages/runtime"
grep -q 'apt-get install' <<<"$stage" || fail "the Dockerfile's runtime stage installs nothing"
grep -q '^COPY --from=build .*/server/arbiter ' <<<"$stage" || fail "the runtime stage does not copy arbiter"
grep -q '^COPY scripts/packages/build ' "$root/Dockerfile" || fail "the Dockerfile's build stage does not copy scripts/packages/build"

((failures == 0)) || exit 1
echo "ok: $libraries libraries, each from scripts/packages/runtime (${runtime[*]})"
