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

# Every library's path as ldd lists it, and the other names dpkg may know it by (merged /usr:
# /lib is /usr/lib; a symbolic link's target).
libraries=()
while read -r line; do
  case "$line" in
    *"not found"*) fail "ldd: $line" ;;
    *"=> "/*) libraries+=("$(awk '{print $3}' <<<"$line")") ;;
    /*) libraries+=("$(awk '{print $1}' <<<"$line")") ;;
  esac  # anything else is the vDSO: the kernel's, no file
done < <(ldd "$binary")
names() { printf '%s\n' "$1" "$(readlink -f "$1")" "/usr$1" "${1#/usr}" | sort -u; }

# One dpkg query for all of them (each is slow): "package:arch: path" lines.
declare -A owner
while IFS= read -r line; do
  owner["${line##*: }"]="${line%%:*}"
done < <(for library in "${libraries[@]}"; do names "$library"; done | xargs dpkg -S 2>/dev/null || true)

for library in "${libraries[@]}"; do
  package=""
  while read -r name; do package="${package:-${owner[$name]:-}}"; done < <(names "$library")
  if [ -z "$package" ]; then fail "$library belongs to no Debian package"; continue; fi
  printf '%s\n' "${runtime[@]}" | grep -qx "$package" \
    || fail "$library is in $package, which scripts/packages/runtime does not list"
done
((${#libraries[@]} > 0)) || fail "ldd listed no library for $binary"

# The runtime stage (after the last FROM) installs that list, and copies the executable in.
stage="$(awk '/^FROM /{stage=""} {stage = stage $0 "\n"} END {printf "%s", stage}' "$root/Dockerfile")"
grep -q '^COPY scripts/packages/runtime ' <<<"$stage" || fail "the Dockerfile's runtime stage does not copy scripts/packages/runtime"
grep -q 'apt-get install' <<<"$stage" || fail "the Dockerfile's runtime stage installs nothing"
grep -q '^COPY --from=build .*/arbiter ' <<<"$stage" || fail "the runtime stage does not copy arbiter"
grep -q '^COPY scripts/packages/build ' "$root/Dockerfile" || fail "the Dockerfile's build stage does not copy scripts/packages/build"

((failures == 0)) || exit 1
echo "ok: ${#libraries[@]} libraries, each from scripts/packages/runtime (${runtime[*]})"
