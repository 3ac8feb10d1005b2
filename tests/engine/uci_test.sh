#!/usr/bin/env bash
# `arbiter uci` driven through a pipe as a GUI would: the handshake, options, positions in our FEN
# and moves, every kind of `go`, `stop` during `go infinite`, and bad input answered without harm.
# Every bestmove is checked against `arbiter moves` (the rules' own list of legal moves).
set -uo pipefail
ARBITER="$1"
passed=0 failed=0

check() {  # check NAME EXPECTED ACTUAL
  if [ "$2" == "$3" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"
  fi
}

coproc ENGINE { "$ARBITER" uci; }
# Plain descriptors: bash closes a coprocess's own in pipelines.
exec 3<&"${ENGINE[0]}" 4>&"${ENGINE[1]}"
engine_pid=$ENGINE_PID

send() { printf '%s\n' "$*" >&4; }
# Reads the engine's lines until one starts with $1; prints them all. Fails the test run on EOF.
read_until() {
  local line
  while IFS= read -r line <&3; do
    printf '%s\n' "$line"
    [[ "$line" == "$1"* ]] && return 0
  done
  echo "engine closed its output while waiting for '$1'" >&2
  exit 1
}
bestmove_of() { read_until bestmove | tail -n 1 | cut -d' ' -f2; }
is_legal() {  # [VARIANTS=FILE] is_legal VARIANT FEN-OR-- MOVE [MOVES...]
  local variant=$1 fen=$2 move=$3
  shift 3
  local args=(--variant "$variant")
  [ -n "${VARIANTS:-}" ] && args+=(--variants "$VARIANTS")
  [ "$fen" != "-" ] && args+=(--fen "$fen")
  [ $# -gt 0 ] && args+=(--moves "$@")
  "$ARBITER" moves "${args[@]}" | grep -qx -- "$move" && echo legal || echo "illegal: $move"
}

send uci
hello=$(read_until uciok)
check "id name" "id name Arbiter" "$(printf '%s\n' "$hello" | grep '^id name')"
check "variants offered" "1" "$(printf '%s\n' "$hello" | grep -c '^option name UCI_Variant type combo default chess var chess var capablanca var grand var centennial var circular var byzantine$')"
check "skill level 1-8" "1" "$(printf '%s\n' "$hello" | grep -c '^option name Skill Level type spin default 8 min 1 max 8$')"
check "hash option" "1" "$(printf '%s\n' "$hello" | grep -c '^option name Hash type spin')"
send isready
check "readyok" "readyok" "$(read_until readyok | tail -n 1)"

send ucinewgame
send "position startpos moves e2e4 e7e5"
send "go depth 4"
out=$(read_until bestmove)
check "info lines" "1" "$(printf '%s\n' "$out" | grep -cE '^info depth 4 score (cp|mate) -?[0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ pv [a-h][1-8]')"
check "chess bestmove legal" legal "$(is_legal chess - "$(printf '%s\n' "$out" | tail -n 1 | cut -d' ' -f2)" e2e4 e7e5)"

send "position startpos"
send "go nodes 5000"
check "go nodes" legal "$(is_legal chess - "$(bestmove_of)")"
send "go wtime 60000 btime 60000 winc 0 binc 0"
check "go with a clock" legal "$(is_legal chess - "$(bestmove_of)")"
send "go movetime 50"
check "go movetime" legal "$(is_legal chess - "$(bestmove_of)")"

send "go infinite"
read_until "info depth 2" >/dev/null
send stop
check "stop ends go infinite" legal "$(is_legal chess - "$(bestmove_of)")"

for variant in capablanca grand centennial circular byzantine; do
  send "setoption name UCI_Variant value $variant"
  send "position startpos"
  send "go nodes 3000"
  check "$variant start" legal "$(is_legal $variant - "$(bestmove_of)")"
done

send "setoption name UCI_Variant value centennial"
send "position fen rcbokqobcr/1mn1ss1nm1/pppppppppp/10/10/10/10/PPPPPPPPPP/1MN1SS1NM1/RCBOKQOBCR w KQkq - 0 1 moves c2d4"
send "go depth 2"
check "centennial second move of a turn" legal "$(is_legal centennial - "$(bestmove_of)" c2d4)"

send "setoption name UCI_Variant value circular"
send "position fen 4/1Q2/4/4/4/4/4/4/4/4/4/4/4/4/4/k1K1 w - - 0 1"
send "go depth 4"
out=$(read_until bestmove)
check "circular mate found" "bestmove b15b1" "$(printf '%s\n' "$out" | tail -n 1)"
check "mate announced" "info depth 4 score mate 1" "$(printf '%s\n' "$out" | grep '^info depth 4 ' | cut -d' ' -f1-6)"

send "setoption name Skill Level value 1"
send "setoption name UCI_Variant value chess"
send "position startpos moves d2d4"
send "go movetime 100"
check "skill level 1 plays legally" legal "$(is_legal chess - "$(bestmove_of)" d2d4)"
send "setoption name Skill Level value 8"

# UCI_Elo picks the level rated nearest (info lines come only from level 8's full search).
elo_option=$(printf '%s\n' "$hello" | grep '^option name UCI_Elo ')
check "UCI_LimitStrength offered" "1" "$(printf '%s\n' "$hello" | grep -c '^option name UCI_LimitStrength type check default false$')"
check "UCI_Elo a spin" "1" "$(printf '%s\n' "$elo_option" | grep -cE '^option name UCI_Elo type spin default [0-9]+ min [0-9]+ max [0-9]+$')"
elo_min=$(printf '%s\n' "$elo_option" | awk '{print $9}') elo_max=$(printf '%s\n' "$elo_option" | awk '{print $11}')
check "UCI_Elo spans a range" yes "$([ "$elo_min" -lt "$elo_max" ] && echo yes || echo "no: $elo_option")"
send "setoption name UCI_LimitStrength value true"
send "setoption name UCI_Elo value $elo_min"
send "position startpos moves d2d4"
send "go depth 3"
out=$(read_until bestmove)
check "UCI_Elo at its lowest: a lower level, no search lines" "0" "$(printf '%s\n' "$out" | grep -c '^info depth')"
check "UCI_Elo at its lowest plays legally" legal "$(is_legal chess - "$(printf '%s\n' "$out" | tail -n 1 | cut -d' ' -f2)" d2d4)"
send "setoption name UCI_Elo value $elo_max"
send "go depth 3"
check "UCI_Elo at its highest: level 8's full search" "1" "$(read_until bestmove | grep -c '^info depth 3 ')"
send "setoption name UCI_Elo value $elo_min"
send "setoption name UCI_LimitStrength value false"
send "go depth 3"
check "UCI_LimitStrength off: Skill Level's level 8" "1" "$(read_until bestmove | grep -c '^info depth 3 ')"
send "setoption name UCI_Elo value $((elo_max + 1))"
send "setoption name UCI_LimitStrength value maybe"
send isready
out=$(read_until readyok)
check "UCI_Elo out of range" "1" "$(printf '%s\n' "$out" | grep -c "^info string UCI_Elo must be $elo_min to $elo_max$")"
check "UCI_LimitStrength not a check" "1" "$(printf '%s\n' "$out" | grep -c '^info string UCI_LimitStrength must be true or false$')"
send "go depth 3"
check "bad options changed nothing" "1" "$(read_until bestmove | grep -c '^info depth 3 ')"

# Bad input: a clear message, nothing changed, the session goes on.
send "setoption name UCI_Variant value kriegspiel"
send isready
out=$(read_until readyok)
check "kriegspiel refused" "1" "$(printf '%s\n' "$out" | grep -c '^info string kriegspiel is not playable over UCI')"
send "setoption name UCI_Variant value fog-chess"
send isready
out=$(read_until readyok)
check "fog refused" "1" "$(printf '%s\n' "$out" | grep -c '^info string fog-chess is not playable over UCI')"
send "setoption name UCI_Variant value shogi"
send "setoption name Skill Level value 9"
send isready
out=$(read_until readyok)
check "unknown variant" "1" "$(printf '%s\n' "$out" | grep -c "^info string unknown variant 'shogi'")"
check "skill out of range" "1" "$(printf '%s\n' "$out" | grep -c '^info string Skill Level must be 1 to 8')"
send "position startpos moves e2e5"
send "go depth 1"
out=$(read_until bestmove)
check "illegal move refused" "1" "$(printf '%s\n' "$out" | grep -c '^info string bad position')"
check "no move from a bad position" "bestmove (none)" "$(printf '%s\n' "$out" | tail -n 1)"
send "position startpos"
send "go depth two"
check "bad go" "bestmove (none)" "$(read_until bestmove | tail -n 1)"
send "position fen rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2 moves d8h4"
send "go depth 3"
check "mated: no move" "bestmove (none)" "$(read_until bestmove | tail -n 1)"
send "position startpos"
send "go depth 2"
check "still playing after bad input" legal "$(is_legal chess - "$(bestmove_of)")"

# VariantPath: a variants file's variants join UCI_Variant, as Fairy-Stockfish's option loads a variants.ini.
OPERATOR="$(cd "$(dirname "$0")/../variants" && pwd)/operator.toml"
check "VariantPath offered" "1" "$(printf '%s\n' "$hello" | grep -c '^option name VariantPath type string default <empty>$')"
send "setoption name VariantPath value /nonexistent/variants.toml"
send isready
check "VariantPath: an unreadable file said" "info string VariantPath: /nonexistent/variants.toml: file: cannot be read" \
  "$(read_until readyok | grep '^info string VariantPath')"
send "setoption name VariantPath value $OPERATOR"
send isready
check "VariantPath loads the file" "info string VariantPath: 2 variants from $OPERATOR: wizard-chess wizard-ring" \
  "$(read_until readyok | grep '^info string VariantPath')"
send uci
check "the file's variants join UCI_Variant" "1" "$(read_until uciok | grep -c ' var byzantine var wizard-chess var wizard-ring$')"
send "setoption name UCI_Variant value wizard-chess"
wizard_mate=(h2h4 g7g5 h4g5 h7h6 g5h6 a7a6 h6h7 a6a5 h7g8w b7b6 e2e3 b6b5 d1h5 a5a4)
send "position startpos moves ${wizard_mate[*]}"
send "go depth 3"
out=$(read_until bestmove)
check "wizard-chess: the mate the new wizard guards" "info depth 3 score mate 1" "$(printf '%s\n' "$out" | grep '^info depth 3 ' | cut -d' ' -f1-6)"
check "wizard-chess: its bestmove legal" legal \
  "$(VARIANTS=$OPERATOR is_legal wizard-chess - "$(printf '%s\n' "$out" | tail -n 1 | cut -d' ' -f2)" "${wizard_mate[@]}")"
send "setoption name UCI_Variant value wizard-ring"
send "position startpos"
send "go nodes 3000"
check "wizard-ring start" legal "$(VARIANTS=$OPERATOR is_legal wizard-ring - "$(bestmove_of)")"

send quit
exec 4>&-
wait "$engine_pid"
check "quit exits cleanly" 0 "$?"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
