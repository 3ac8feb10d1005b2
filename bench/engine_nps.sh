#!/usr/bin/env bash
# Search speed of `arbiter uci` in every variant: a fixed node count from the start position, in
# nodes per second: the last iteration's by the wall clock, and the whole search's by the
# engine's own CPU time (the machine may be shared; that figure does not depend on the load).
# Usage: bench/engine_nps.sh [build/arbiter] [nodes]
set -euo pipefail
ARBITER=${1:-build/arbiter}
NODES=${2:-2000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkfifo "$work/in"
TIMEFORMAT=%U
printf '%-11s %9s %6s %10s %10s\n' variant nodes depth "nps wall" "nps cpu"
for variant in ${VARIANTS:-chess capablanca grand centennial circular byzantine}; do
  { printf 'setoption name UCI_Variant value %s\nposition startpos\ngo nodes %s\n' "$variant" "$NODES"
    until grep -q '^bestmove' "$work/out" 2>/dev/null; do sleep 0.1; done
    echo quit; } > "$work/in" &
  cpu=$( { time "$ARBITER" uci < "$work/in" > "$work/out"; } 2>&1 )
  wait
  last=$(grep '^info depth' "$work/out" | tail -n 1)
  field() { awk -v name="$1" '{for (i = 1; i < NF; i++) if ($i == name) print $(i + 1)}' <<<"$last"; }
  nodes=$(field nodes)
  printf '%-11s %9s %6s %10s %10s\n' "$variant" "$nodes" "$(field depth)" "$(field nps)" \
    "$(awk -v n="$NODES" -v t="$cpu" 'BEGIN {printf "%d", (t > 0 ? n / t : 0)}')"
  rm -f "$work/out"
done
