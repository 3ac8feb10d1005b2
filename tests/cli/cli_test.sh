#!/usr/bin/env bash
# The `arbiter` tool's rules commands: output formats, and bad input answered by one line on stderr and exit 2.
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

bad_input() {  # bad_input NAME ARGS... : exit code 2, nothing on stdout, exactly one line on stderr
  local name=$1 out err code
  shift
  out=$("$ARBITER" "$@" 2>/tmp/arbiter-cli-err.$$)
  code=$?
  err=$(cat /tmp/arbiter-cli-err.$$)
  check "$name: exit code" 2 "$code"
  check "$name: stdout" "" "$out"
  check "$name: one stderr line" 1 "$(printf '%s\n' "$err" | grep -c .)"
}

check "variants lists every variant" "chess capablanca grand" "$("$ARBITER" variants | cut -f1 | grep -E '^(chess|capablanca|grand)$' | tr '\n' ' ' | sed 's/ $//')"
check "perft chess 3" "Nodes searched: 8902" "$("$ARBITER" perft --variant chess --depth 3)"
check "perft grand 2" "Nodes searched: 4225" "$("$ARBITER" perft --variant grand --depth 2)"

divide=$("$ARBITER" perft --variant capablanca --depth 2 --divide)
check "divide: one line per legal move" 28 "$(printf '%s\n' "$divide" | grep -cE '^[a-j][0-9]+[a-j][0-9]+[a-z]?: [0-9]+$')"
check "divide: blank line then total" $'\nNodes searched: 784' "$(printf '%s\n' "$divide" | tail -n 2)"
check "divide: lines add up" 784 "$(printf '%s\n' "$divide" | awk -F': ' '/^[a-j]/ {s += $2} END {print s}')"

check "perft after --moves" "Nodes searched: 29" "$("$ARBITER" perft --variant chess --moves e2e4 e7e5 --depth 1)"
check "perft from --fen" "Nodes searched: 48" "$("$ARBITER" perft --variant chess --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' --depth 1)"
check "moves: legal moves one per line" 20 "$("$ARBITER" moves --variant chess | grep -cE '^[a-h][1-8][a-h][1-8]$')"
check "moves: castling as the king's move" "f1i1" "$("$ARBITER" moves --variant capablanca --fen 'r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1' | grep '^f1i1$')"
check "moves: checkmate has none" "" "$("$ARBITER" moves --variant chess --moves f2f3 e7e5 g2g4 d8h4)"

# Variants files (rules/VARIANTS.md): the Fairy-Stockfish set of tests/rules, and a broken one.
FAIRY="$(dirname "$0")/../rules/variants/fairy.toml"
BROKEN=/tmp/arbiter-cli-broken.$$.toml
printf '[a]\nparent = "chess"\nfiles = 99\n[b]\nparent = "chess"\n[[b.pieces]]\nid = "cannon"\nletter = "X"\nbetza = "mRcpN"\n' > "$BROKEN"
checked=$("$ARBITER" check-variants "$FAIRY")
check "check-variants: OK and the count" "OK: 12 variants" "$(printf '%s\n' "$checked" | head -n 1)"
check "check-variants: one line per variant" "gothic	Gothic Chess" "$(printf '%s\n' "$checked" | grep '^gothic')"
out=$("$ARBITER" check-variants "$BROKEN" 2>/tmp/arbiter-cli-err.$$)
check "check-variants broken: exit code" 2 "$?"
check "check-variants broken: stdout" "" "$out"
check "check-variants broken: every error with its line and field" \
  "arbiter: $BROKEN:3: a.files: must be from 2 to 16|arbiter: $BROKEN:9: b.pieces[0].betza: at character 4: not supported: a hopper ('p') other than an unlimited rider (pR, gQ)" \
  "$(paste -sd'|' /tmp/arbiter-cli-err.$$)"
check "variants --variants: the file's after the built-ins" "chess janus" "$("$ARBITER" variants --variants "$FAIRY" | cut -f1 | grep -E '^(chess|janus)$' | tr '\n' ' ' | sed 's/ $//')"
check "perft --variants gothic 3 (fairy-stockfish: 25283)" "Nodes searched: 25283" "$("$ARBITER" perft --variants "$FAIRY" --variant gothic --depth 3)"
check "perft: --variants after --variant" "Nodes searched: 25283" "$("$ARBITER" perft --variant gothic --depth 3 --variants "$FAIRY")"
check "moves --variants gardner: 7 at the start" 7 "$("$ARBITER" moves --variants "$FAIRY" --variant gardner | grep -cE '^[a-e][1-5][a-e][1-5]$')"
check "moves --variants janus: castling as the king's move" "e1i1" "$("$ARBITER" moves --variants "$FAIRY" --variant janus --fen 'r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1' | grep '^e1i1$')"
bad_input "perft: a broken variants file" perft --variants "$BROKEN" --variant a --depth 1
bad_input "perft: a missing variants file" perft --variants /nonexistent.toml --variant a --depth 1
bad_input "perft: a variant not in the file" perft --variants "$FAIRY" --variant xiangqi --depth 1
bad_input "variants: a broken variants file" variants --variants "$BROKEN"
bad_input "check-variants without a file" check-variants
rm -f "$BROKEN"

# import-variants (ini_import/variant_ini.h): Fairy-Stockfish's variants.ini to our file, refused sections named.
INI="$(dirname "$0")/../ini_import/variants/fairy.ini"
IMPORTED=/tmp/arbiter-cli-imported.$$.toml
MIXED=/tmp/arbiter-cli-mixed.$$.ini
"$ARBITER" import-variants "$INI" >"$IMPORTED" 2>/tmp/arbiter-cli-err.$$
check "import-variants: exit code" 0 "$?"
check "import-variants: nothing refused" "" "$(cat /tmp/arbiter-cli-err.$$)"
check "import-variants: check-variants reads the output" "OK: $(grep -c '^\[[a-z]' "$INI") variants" "$("$ARBITER" check-variants "$IMPORTED" | head -n 1)"
check "import-variants: perft of an imported gothic (fairy-stockfish: 25283)" "Nodes searched: 25283" "$("$ARBITER" perft --variants "$IMPORTED" --variant gothic-ini --depth 3)"
printf '[mine:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n[shogi]\nshogiPawn = p\nking = k\npieceDrops = true\n' >"$MIXED"
out=$("$ARBITER" import-variants "$MIXED" 2>/tmp/arbiter-cli-err.$$)
check "import-variants, one refused: exit code" 2 "$?"
check "import-variants, one refused: the rule and its line" "arbiter: $MIXED: line 6: [shogi] pieceDrops = true: drops are not supported" "$(cat /tmp/arbiter-cli-err.$$)"
check "import-variants, one refused: the other still printed" "[mine]" "$(printf '%s\n' "$out" | grep '^\[[a-z]')"
check "import-variants --variant: only that section" "[hoppelpoppel-ini]" "$("$ARBITER" import-variants "$INI" --variant hoppelpoppel-ini | grep '^\[[a-z]')"
bad_input "import-variants without a file" import-variants
bad_input "import-variants: a missing file" import-variants /nonexistent.ini
bad_input "import-variants: no such section" import-variants "$INI" --variant nosuch
bad_input "import-variants: an unknown option" import-variants "$INI" --depth 3
rm -f "$IMPORTED" "$MIXED"

bad_input "unknown variant" perft --variant shogi --depth 1
bad_input "missing variant" perft --depth 1
bad_input "malformed FEN" perft --variant chess --fen 'not a fen' --depth 1
bad_input "illegal move" perft --variant chess --moves e2e5 --depth 1
bad_input "garbage move" moves --variant chess --moves '%%%'
bad_input "depth zero" perft --variant chess --depth 0
bad_input "depth too deep" perft --variant chess --depth 99
bad_input "depth not a number" perft --variant chess --depth five
bad_input "missing depth" perft --variant chess
bad_input "unknown option" moves --variant chess --colour white
bad_input "unknown command" fly
bad_input "serve: address limits neither on nor off" serve --address-limits maybe
bad_input "serve: a trusted proxy that is not an address" serve --trusted-proxy proxy.example.org
bad_input "serve: metrics without a port" serve --metrics 127.0.0.1
bad_input "serve: a rate of zero" serve --creates-per-minute 0
bad_input "serve: a cap of zero connections per address" serve --connections-per-address 0
bad_input "serve: a connection message rate of zero" serve --connection-messages-per-second 0
bad_input "serve: a connection message rate that is not a number" serve --connection-messages-per-second fast
bad_input "serve: a page folder that is not there" serve --web /nonexistent/arbiter-web

# analyse: a line per position (ply, move and mark, evaluation from White's side, best move and
# line), then the PGN with [%eval] comments. Fool's mate: 2. g4 walks into mate in one.
PGN=/tmp/arbiter-cli-fool.$$.pgn
printf '[Event "Fool"]\n[Variant "Chess"]\n\n1. f3 e5 2. g4 {a comment} Qh4# 0-1\n' > "$PGN"
analysed=$("$ARBITER" analyse --pgn "$PGN" --movetime 20)
check "analyse: exit code" 0 "$?"
check "analyse: a line per position" 5 "$(printf '%s\n' "$analysed" | grep -cP '^\d+\t')"
check "analyse: the blunder marked, mate in one against White" "3	g4??	#-1" "$(printf '%s\n' "$analysed" | grep -P '^3\t' | cut -f1-3)"
check "analyse: the mated position, no line" "4	Qh4#	mated" "$(printf '%s\n' "$analysed" | grep -P '^4\t')"
check "analyse: the tags kept" '[Event "Fool"]' "$(printf '%s\n' "$analysed" | grep '^\[Event')"
check "analyse: the PGN with evals" "1. f3" "$(printf '%s\n' "$analysed" | grep -oP '^1\. f3(?= \{\[%eval -?\d+\.\d\d\]\})')"
check "analyse: mate in one written #-1" 1 "$(printf '%s\n' "$analysed" | tr '\n' ' ' | grep -c 'g4 {\[%eval #-1\]} 2\.\.\. Qh4# 0-1')"
printf '1. e4 e5 2. Ke3 *\n' > "$PGN"
bad_input "analyse: an illegal move" analyse --pgn "$PGN"
bad_input "analyse: an unknown variant" analyse --pgn "$PGN" --variant shogi
bad_input "analyse: no file" analyse --movetime 20
bad_input "analyse: a missing file" analyse --pgn /nonexistent.pgn
bad_input "analyse: a bad movetime" analyse --pgn "$PGN" --movetime soon
rm -f "$PGN"

# --help: every command prints its usage on stdout and exits 0, never "unknown option".
for command in serve variants check-variants perft moves uci import-variants analyse; do
  out=$("$ARBITER" "$command" --help 2>/tmp/arbiter-cli-err.$$)
  check "$command --help: exit code" 0 "$?"
  check "$command --help: usage line" "usage: arbiter $command" "$(printf '%s\n' "$out" | head -n 1 | cut -d' ' -f1-3)"
  check "$command --help: nothing on stderr" "" "$(cat /tmp/arbiter-cli-err.$$)"
done
# Every option serve accepts (its own list, from an unknown option's answer) is explained in --help.
accepted=$("$ARBITER" serve --no-such-option 2>&1 | sed -n 's/.*(options: \(.*\))/\1/p' | tr ' ' '\n' | grep -c '^--')
explained=$("$ARBITER" serve --help | grep -cE '^  --[a-z-]+ [^ ]+ +[A-Za-z]')
check "serve --help explains every option" "$accepted" "$explained"
check "serve accepts options" 1 "$([ "$accepted" -gt 10 ] && echo 1)"

rm -f /tmp/arbiter-cli-err.$$
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
