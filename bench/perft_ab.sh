#!/usr/bin/env bash
# Perft CPU time of two `arbiter` builds on the built-ins' start positions, in one sitting: the
# check that a change to the rules core keeps their speed. Run by hand (not a test):
#   bench/perft_ab.sh BEFORE AFTER      (two arbiter binaries)
# Needs: hyperfine, python3. CPU time (user + system) is less moved by other loads than wall time.
# SPECS="chess 5;grand 4" chooses positions and depths; RUNS the runs of each (default 10).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BEFORE AFTER" >&2; exit 2; }
BEFORE=$1 AFTER=$2
RUNS="${RUNS:-10}"

printf "%-11s %5s %10s %10s %8s\n" variant depth "before s" "after s" change
IFS=';' read -ra specs <<< "${SPECS:-chess 5;capablanca 5;grand 4}"
for spec in "${specs[@]}"; do
  set -- $spec
  variant=$1 depth=$2
  before=$("$BEFORE" perft --variant "$variant" --depth "$depth")
  after=$("$AFTER" perft --variant "$variant" --depth "$depth")
  [ "$before" = "$after" ] || { echo "node counts differ for $variant: $before vs $after" >&2; exit 1; }
  json=$(mktemp)
  hyperfine -N --style none --warmup 1 --runs "$RUNS" --export-json "$json" \
    "$BEFORE perft --variant $variant --depth $depth" "$AFTER perft --variant $variant --depth $depth" >/dev/null 2>&1
  python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"]
a, b = (x["user"] + x["system"] for x in r)
print("%-11s %5s %10.3f %10.3f %+7.1f%%" % (sys.argv[2], sys.argv[3], a, b, 100 * (b / a - 1)))' "$json" "$variant" "$depth"
  rm -f "$json"
done
