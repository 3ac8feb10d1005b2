#!/bin/bash
# The server's size (RSS from /proc) with many games nobody joins: fresh, after creating them,
# after one eviction (70 s: waiting rooms nobody watches are dropped), and after a restart
# (only games in play whose time runs are loaded). `local`: untimed games on one device instead,
# in play and never opened (dropped and not loaded alike).
# Run by hand: bench/waiting_memory.sh build/arbiter [PORT] [GAMES] [local]
set -euo pipefail
BIN=$1; PORT=${2:-18931}; GAMES=${3:-20000}; KIND=${4:-waiting}
HERE=$(cd "$(dirname "$0")" && pwd); DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
rss() { awk '/VmRSS/ {print $2 " kB"}' "/proc/$1/status"; }
# Starts the server in this shell (so that it can be waited for), its output in $DIR/$1; sets PID.
serve() {
  "$BIN" serve --port "$PORT" --db "$DIR/arbiter.db" --web "$DIR" --address-limits off > "$DIR/$1" 2>&1 &
  PID=$!
  until grep -q listening "$DIR/$1"; do sleep 0.1; done
}

serve first.log
echo "fresh: $(rss "$PID")"
node "$HERE/create_waiting_games.mjs" "http://127.0.0.1:$PORT" "$GAMES" "$KIND"
echo "after $GAMES $KIND games: $(rss "$PID")"
sleep 70
echo "70 s later: $(rss "$PID")"
kill -TERM "$PID"; wait "$PID" || true
serve second.log
echo "after a restart: $(rss "$PID") ($(grep -o '[0-9]* games resumed' "$DIR/second.log"))"
kill -TERM "$PID"; wait "$PID" || true
