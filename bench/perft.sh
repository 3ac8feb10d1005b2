#!/usr/bin/env bash
# Perft speed of `arbiter perft` against Fairy-Stockfish on the same start positions, in the same run.
# Run by hand (not a test): bench/perft.sh [path/to/arbiter]
# Needs: hyperfine, fairy-stockfish, python3 (apt-get install hyperfine fairy-stockfish).
# Each program's start-up is measured at depth 1 and subtracted, so the figures are search speed.
# SPECS="capablanca 5;grand 5" chooses other positions' depths (a deeper count is less noisy).
set -euo pipefail
ARBITER="${1:-$(dirname "$0")/../build/arbiter}"
STOCKFISH="${STOCKFISH:-/usr/games/fairy-stockfish}"
RUNS="${RUNS:-5}"

mean_seconds() {  # mean wall time of a shell command over $RUNS runs
  local json
  json=$(mktemp)
  hyperfine --style none --warmup 1 --runs "$RUNS" --export-json "$json" "$1" >/dev/null 2>&1
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["mean"])' "$json"
  rm -f "$json"
}

stockfish_cmd() { echo "printf 'setoption name UCI_Variant value $1\nposition startpos\ngo perft $2\nquit\n' | $STOCKFISH >/dev/null"; }

printf "%-11s %5s %12s %14s %14s %7s\n" variant depth nodes "arbiter n/s" "fairy-sf n/s" ratio
IFS=';' read -ra specs <<< "${SPECS:-chess 5;capablanca 4;grand 4}"
for spec in "${specs[@]}"; do
  set -- $spec
  variant=$1 depth=$2
  nodes=$("$ARBITER" perft --variant "$variant" --depth "$depth" | awk '/Nodes searched/ {print $3}')
  sf_nodes=$(printf 'setoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$variant" "$depth" |
    "$STOCKFISH" | awk '/Nodes searched/ {print $3}')
  [ "$nodes" = "$sf_nodes" ] || { echo "node counts differ for $variant: $nodes vs $sf_nodes" >&2; exit 1; }
  ours=$(python3 -c "print($(mean_seconds "$ARBITER perft --variant $variant --depth $depth") - $(mean_seconds "$ARBITER perft --variant $variant --depth 1"))")
  theirs=$(python3 -c "print($(mean_seconds "$(stockfish_cmd "$variant" "$depth")") - $(mean_seconds "$(stockfish_cmd "$variant" 1)"))")
  python3 -c "n=$nodes; a=$ours; b=$theirs; print(f'%-11s %5s %12d %14.0f %14.0f %6.2fx' % ('$variant', $depth, n, n/a, n/b, b/a))"
done
