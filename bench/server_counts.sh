#!/bin/bash
# Counts what the server does per move during a load run (run by hand, as root or with
# perf_event_paranoid <= 1): its instructions and CPU time (task-clock, in ms), which other work
# on the machine moves far less than wall-clock figures; system calls by kind; and calls to
# malloc when a uprobe on it is
# defined (`perf probe -x /lib/x86_64-linux-gnu/libc.so.6 --add malloc`; `perf probe --del
# probe_libc:malloc` removes it; it slows the server, so read CPU figures from runs without it).
#
#   bench/server_counts.sh BINARY [load.mjs options...]
#   bench/server_counts.sh build/arbiter --mode flat --games 200 --plies 200
#
# Counts cover the server's whole life (its games' creation too, a few calls per game), divided
# by the moves load.mjs counted.
set -euo pipefail
binary=$(realpath "$1")
shift
here=$(dirname "$(realpath "$0")")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

events=instructions,task-clock,raw_syscalls:sys_enter
for call in sendmsg recvmsg epoll_wait epoll_ctl futex pwrite64 pread64 fdatasync; do
  events+=",syscalls:sys_enter_$call"
done
if perf probe -l 2>/dev/null | grep -q 'probe_libc:malloc '; then events+=",probe_libc:malloc"; fi

node "$here/load.mjs" --binary "$binary" "$@" >"$out/load" 2>&1 &
load=$!
server=
for _ in $(seq 200); do
  server=$(pgrep -P "$load" -x "$(basename "$binary")" || true)
  [ -n "$server" ] && break
  sleep 0.05
done
[ -n "$server" ] || { cat "$out/load"; echo "the server did not start" >&2; exit 1; }
# perf stat -p counts the threads there when it attaches: wait until the server has started its
# (the store's writer, the network's), when their number has not changed for 0.2 s.
threads=0
while [ "$threads" != "$(ls /proc/"$server"/task | wc -l)" ]; do
  threads=$(ls /proc/"$server"/task | wc -l)
  sleep 0.2
done
perf stat -x, -e "$events" -p "$server" -o "$out/counts" &
counting=$!
wait "$load"
wait "$counting" || true
cat "$out/load"
moves=$(grep -oP '\d+(?= moves in)' "$out/load")
grep -E '^[0-9]' "$out/counts" | awk -F, -v moves="$moves" '{ printf "  %-32s %10d  %7.2f per move\n", $3, $1, $1 / moves }'
