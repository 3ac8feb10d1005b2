#!/usr/bin/env bash
# The levels rated: each level plays Fairy-Stockfish at a few UCI_Elo values (and the level below),
# one match at a time through engine_match, and each level's rating is estimated with a 95% interval.
#
# Usage: bench/level_ladder.sh [--build DIR] [--variant V] [--games N] [--movetime MS] [--seed S]
#                              [--results FILE] POINT...
#   POINT: LEVEL@ELO   the level against `fairy-stockfish` with UCI_LimitStrength at UCI_Elo ELO
#          LEVEL/LOWER the level against another level
#   No POINT: only the fit, over what FILE already holds.
# Each match is N games (N/2 openings of 4 random plies, both colours; the seed moves on by one per
# match), the engine's levels at their own budgets (level 8: 1 s), Fairy-Stockfish at MS a move.
# Results are appended to FILE (default bench/level_ladder.results, one line a match:
# variant level opponent seed movetime games wins draws losses), so runs add up.
#
# The fit, per variant and level: against Fairy-Stockfish, the rating R whose logistic expected
# score 1/(1+10^((ELO-R)/400)) over the games played adds up to the points scored (maximum
# likelihood), with R +- 1.96/sqrt(Fisher information); a level that scored nothing (or
# everything) gets only a bound, where so clean a sweep has a 5% chance. A level with no finite
# figure of its own is placed from its match with a neighbour whose figure is known (the Elo of
# the score, its error added in quadrature). Fairy-Stockfish's UCI_Elo starts at 1350: what lies
# below it is known only through the level-against-level matches.
set -euo pipefail
build=build variant=chess games=12 movetime=100 seed=1
results=bench/level_ladder.results
points=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --variant) variant=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --movetime) movetime=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    -*) echo "level_ladder: unknown option $1" >&2; exit 2 ;;
    *) points+=("$1"); shift ;;
  esac
done
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)

for point in "${points[@]}"; do
  if [[ "$point" =~ ^([1-8])@([0-9]+)$ ]]; then
    level=${BASH_REMATCH[1]} opponent="fsf:${BASH_REMATCH[2]}"
    b=(--b "$fsf" --b-option UCI_LimitStrength=true --b-option "UCI_Elo=${BASH_REMATCH[2]}")
  elif [[ "$point" =~ ^([1-8])/([1-8])$ ]]; then
    level=${BASH_REMATCH[1]} opponent="level:${BASH_REMATCH[2]}"
    b=(--b "$build/server/arbiter uci" --b-option "Skill Level=${BASH_REMATCH[2]}")
  else
    echo "level_ladder: a point is LEVEL@ELO or LEVEL/LOWER, not '$point'" >&2
    exit 2
  fi
  # Levels 1-7 keep to their own budgets whatever `go` says; level 8 is told its own, 1 s.
  own=()
  [ "$level" = 8 ] && own=(--a-movetime 1000)
  out=$(nice -n 5 "$build/engine/engine_match" --variant "$variant" --games "$games" --movetime "$movetime" "${own[@]}" \
    --seed "$seed" --a "$build/server/arbiter uci" --a-option "Skill Level=$level" "${b[@]}" \
    --adjudicate-win 1000,4 --adjudicate-draw 10,10,40)
  echo "$out" >&2
  tally=$(printf '%s\n' "$out" | sed -nE 's/^[a-z]+: ([0-9]+) games, A \+([0-9]+) =([0-9]+) -([0-9]+).*/\1 \2 \3 \4/p')
  echo "$variant $level $opponent $seed $movetime $tally" >>"$results"
  seed=$((seed + 1))
done

[ -s "$results" ] || { echo "level_ladder: no results in $results" >&2; exit 1; }
awk '
function expected(r, e) { return 1 / (1 + 10 ^ ((e - r) / 400)) }
function elo(s) { return -400 * log(1 / s - 1) / log(10) }
{
  v = $1; l = $2; split($3, opp, ":"); n = $6; w = $7; d = $8; x = $9
  variants[v] = 1
  if (opp[1] == "fsf") {
    k = ++fsf_points[v, l]; fsf_elo[v, l, k] = opp[2]; fsf_n[v, l, k] = n; fsf_score[v, l, k] = w + d / 2
    games[v, l] += n
  } else {
    lo = opp[2]; hi = l; s = (w + d / 2) / n
    if (l < lo) { lo = l; hi = opp[2]; s = 1 - s; t = w; w = x; x = t }  # kept as the higher level scoring
    pair_n[v, hi, lo] += n; pair_w[v, hi, lo] += w; pair_d[v, hi, lo] += d; pair_l[v, hi, lo] += x
  }
}
END {
  z = 1.96; scale = 400 / log(10)
  for (v in variants) {
    for (l = 1; l <= 8; l++) {
      known[l] = 0; bound[l] = ""; how[l] = ""
      if (!fsf_points[v, l]) continue
      total = 0; scored = 0; lowest = 99999; highest = 0
      for (k = 1; k <= fsf_points[v, l]; k++) {
        total += fsf_n[v, l, k]; scored += fsf_score[v, l, k]
        if (fsf_elo[v, l, k] < lowest) lowest = fsf_elo[v, l, k]
        if (fsf_elo[v, l, k] > highest) highest = fsf_elo[v, l, k]
      }
      how[l] = sprintf("%g/%d against UCI_Elo", scored, total)
      for (k = 1; k <= fsf_points[v, l]; k++)
        how[l] = how[l] sprintf(" %d (%g/%d)", fsf_elo[v, l, k], fsf_score[v, l, k], fsf_n[v, l, k])
      if (scored == 0 || scored == total) {
        # The rating at which a sweep this clean has a 5% chance: a bound, not an estimate.
        a = lowest - 1200; b = highest + 1200
        for (i = 0; i < 60; i++) {
          m = (a + b) / 2; p = 1
          for (k = 1; k <= fsf_points[v, l]; k++) {
            e = expected(m, fsf_elo[v, l, k])
            p *= (scored == 0 ? 1 - e : e) ^ fsf_n[v, l, k]
          }
          if ((scored == 0) == (p > 0.05)) a = m; else b = m
        }
        bound[l] = sprintf("%s %.0f", scored == 0 ? "below" : "above", m)
        continue
      }
      a = lowest - 1200; b = highest + 1200
      for (i = 0; i < 60; i++) {
        m = (a + b) / 2; sum = 0
        for (k = 1; k <= fsf_points[v, l]; k++) sum += fsf_n[v, l, k] * expected(m, fsf_elo[v, l, k])
        if (sum < scored) a = m; else b = m
      }
      info = 0
      for (k = 1; k <= fsf_points[v, l]; k++) { e = expected(m, fsf_elo[v, l, k]); info += fsf_n[v, l, k] * e * (1 - e) }
      rating[l] = m; error[l] = scale / sqrt(info); known[l] = 1
    }
    # Levels with no figure of their own, placed from a neighbour that has one (down, then up).
    for (pass = 0; pass < 2; pass++)
      for (i = 1; i <= 7; i++) {
        l = pass == 0 ? 8 - i : i + 1; nb = pass == 0 ? l + 1 : l - 1
        hi = pass == 0 ? nb : l; lo = pass == 0 ? l : nb
        if (known[l] || !known[nb] || !pair_n[v, hi, lo]) continue
        n = pair_n[v, hi, lo]; s = (pair_w[v, hi, lo] + pair_d[v, hi, lo] / 2) / n
        note = sprintf("; %d/%d: +%d =%d -%d", hi, lo, pair_w[v, hi, lo], pair_d[v, hi, lo], pair_l[v, hi, lo])
        if (s <= 0 || s >= 1) {
          # A clean sweep: only a bound, from the one-sided 5% chance of it.
          d = elo(s >= 1 ? 0.05 ^ (1 / n) : 1 - 0.05 ^ (1 / n))
          if ((s >= 1) == (pass == 0)) { bound[l] = sprintf("%s %.0f", pass == 0 ? "below" : "above", rating[nb] + (pass == 0 ? -d : d)); how[l] = how[l] note }
          continue
        }
        var = (pair_w[v, hi, lo] * (1 - s) ^ 2 + pair_d[v, hi, lo] * (0.5 - s) ^ 2 + pair_l[v, hi, lo] * s ^ 2) / n
        sd = sqrt(var / n) * scale / (s * (1 - s))  # the Elo of the score, by the delta method
        rating[l] = rating[nb] + (pass == 0 ? -elo(s) : elo(s)); error[l] = sqrt(error[nb] ^ 2 + sd ^ 2); known[l] = 1
        how[l] = how[l] note
      }
    printf "%s:\n", v
    for (l = 1; l <= 8; l++) {
      line = ""
      if (known[l]) line = sprintf("about %.0f (%.0f..%.0f)", rating[l], rating[l] - z * error[l], rating[l] + z * error[l])
      else if (bound[l] != "") line = bound[l]
      else continue
      printf "  level %d: %s  [%s]\n", l, line, how[l]
    }
    for (l = 2; l <= 8; l++)
      if (pair_n[v, l, l - 1]) {
        n = pair_n[v, l, l - 1]
        printf "  level %d against %d: +%d =%d -%d, %.1f%% of %d games\n", l, l - 1, pair_w[v, l, l - 1], pair_d[v, l, l - 1],
               pair_l[v, l, l - 1], 100 * (pair_w[v, l, l - 1] + pair_d[v, l, l - 1] / 2) / n, n
      }
  }
}' "$results"
