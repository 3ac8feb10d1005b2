#!/usr/bin/env bash
# The levels rated: each level plays Fairy-Stockfish at a few UCI_Elo values (and the level below),
# one match at a time through engine_match, and each level's rating is estimated with a 95% interval.
#
# Usage: bench/level_ladder.sh [--build DIR] [--variant V] [--games N] [--movetime MS] [--seed S]
#                              [--results FILE] [--code LABEL] POINT...
#   POINT: LEVEL@ELO   the level against `fairy-stockfish` with UCI_LimitStrength at UCI_Elo ELO
#          LEVEL/LOWER the level against another level
#   No POINT: only the fit, over what FILE already holds.
#   --code LABEL: the engine's code version the matches are filed under, and the one fitted (`all`:
#   every line together). Default: engine-<tree hash of engine/> (+ if engine/ has changes not
#   committed) for a run; for the fit alone, the version of the file's last line.
# Each match is N games (N/2 openings of 4 random plies, both colours; the seed moves on by one per
# match), the engine's levels at their own budgets (level 8: 1 s), Fairy-Stockfish at MS a move.
# Results are appended to FILE (default bench/level_ladder.results, one line a match:
# variant level opponent seed movetime games wins draws losses code), so runs add up. A level's
# strength is its code's: the fit takes one code version's matches only, so figures measured before
# a change to the search or the evaluation do not blend into those after it.
#
# The fit, per variant: every level's rating R at once, by maximum likelihood over all its matches
# (the logistic expected score 1/(1+10^((OPPONENT-R)/400)), the opponent a fixed UCI_Elo or another
# level's R, a draw half a point), each with R +- 1.96 standard errors from the inverse of the
# Fisher information. Only levels joined to some UCI_Elo through their matches are rated; a level
# that won (or lost) every game gets only a bound, where so clean a sweep has a 5% chance.
# Fairy-Stockfish's UCI_Elo starts at 1350: what lies below it is known only through the
# level-against-level matches, so its intervals grow down the ladder.
set -euo pipefail
build=build variant=chess games=12 movetime=100 seed=1
results=bench/level_ladder.results code=
points=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --variant) variant=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --movetime) movetime=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    --code) code=$2; shift 2 ;;
    -*) echo "level_ladder: unknown option $1" >&2; exit 2 ;;
    *) points+=("$1"); shift ;;
  esac
done
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
if [ -z "$code" ] && [ ${#points[@]} -gt 0 ]; then
  # The engine's version is that of the sources the build was made from.
  source=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")
  code=engine-$(git -C "$source" rev-parse --short HEAD:engine)
  git -C "$source" diff --quiet HEAD -- engine || code+=+
fi

for point in "${points[@]}"; do
  if [[ "$point" =~ ^([1-8])@([0-9]+)$ ]]; then
    level=${BASH_REMATCH[1]} opponent="fsf:${BASH_REMATCH[2]}"
    b=(--b "$fsf" --b-option UCI_LimitStrength=true --b-option "UCI_Elo=${BASH_REMATCH[2]}")
  elif [[ "$point" =~ ^([1-8])/([1-8])$ ]]; then
    level=${BASH_REMATCH[1]} opponent="level:${BASH_REMATCH[2]}"
    b=(--b "$build/arbiter uci" --b-option "Skill Level=${BASH_REMATCH[2]}")
  else
    echo "level_ladder: a point is LEVEL@ELO or LEVEL/LOWER, not '$point'" >&2
    exit 2
  fi
  # Levels 1-7 keep to their own budgets whatever `go` says; level 8 is told its own, 1 s.
  own=()
  [ "$level" = 8 ] && own=(--a-movetime 1000)
  out=$(nice -n 5 "$build/engine/engine_match" --variant "$variant" --games "$games" --movetime "$movetime" "${own[@]}" \
    --seed "$seed" --a "$build/arbiter uci" --a-option "Skill Level=$level" "${b[@]}" \
    --adjudicate-win 1000,4 --adjudicate-draw 10,10,40)
  echo "$out" >&2
  tally=$(printf '%s\n' "$out" | sed -nE 's/^[a-z]+: ([0-9]+) games, A \+([0-9]+) =([0-9]+) -([0-9]+).*/\1 \2 \3 \4/p')
  echo "$variant $level $opponent $seed $movetime $tally $code" >>"$results"
  seed=$((seed + 1))
done

[ -s "$results" ] || { echo "level_ladder: no results in $results" >&2; exit 1; }
[ -n "$code" ] || code=$(awk 'END { print $10 }' "$results")
echo "code version fitted: $code"
awk -v code="$code" '
function expected(diff) { return 1 / (1 + 10 ^ (-diff / 400)) }
# The rating now of the opponent in match m, seen from its level: a fixed UCI_Elo or a level fitted.
function opponent(m) { return op_level[m] ? rating[op_level[m]] : op_elo[m] }
code != "all" && $10 != code { next }
{
  v = $1; split($3, opp, ":")
  if (!(v in seen)) { seen[v] = 1; order[++variants] = v }
  m = ++count[v]; key = v SUBSEP m
  x_of[key] = $2; n_of[key] = $6; w_of[key] = $7; d_of[key] = $8; l_of[key] = $9
  elo_of[key] = opp[1] == "fsf" ? opp[2] : 0; lv_of[key] = opp[1] == "level" ? opp[2] : 0
}
END {
  z = 1.96; c = log(10) / 400
  for (vi = 1; vi <= variants; vi++) {
    v = order[vi]; matches = count[v]
    split("", op_level); split("", op_elo); split("", x); split("", n); split("", s); split("", fitted)
    split("", rating); split("", error); split("", bound); split("", games); split("", points); split("", how)
    split("", won_all); split("", unjoined)
    for (m = 1; m <= matches; m++) {
      key = v SUBSEP m
      x[m] = x_of[key]; n[m] = n_of[key]; s[m] = w_of[key] + d_of[key] / 2; op_level[m] = lv_of[key]; op_elo[m] = elo_of[key]
      games[x[m]] += n[m]; points[x[m]] += s[m]
      if (op_level[m]) { games[op_level[m]] += n[m]; points[op_level[m]] += n[m] - s[m] }
      how[x[m]] = how[x[m]] sprintf("%s%s %g/%d", how[x[m]] == "" ? "" : ", ", op_level[m] ? "level " op_level[m] : "UCI_Elo " op_elo[m], s[m], n[m])
      if (op_level[m]) how[op_level[m]] = how[op_level[m]] sprintf("%slevel %d %g/%d", how[op_level[m]] == "" ? "" : ", ", x[m], n[m] - s[m], n[m])
    }
    # The levels fitted: joined to a UCI_Elo through matches, and not a clean sweep of their games
    # against what is fitted (a UCI_Elo or a fitted level). A level that swept them gets a bound
    # instead, which can leave a neighbour swept in turn (level 2 beat every level 1 and lost to
    # every level 3): repeated until nothing changes. Without it the likelihood of such a level has no
    # maximum and the fit diverges.
    for (m = 1; m <= matches; m++) if (!op_level[m]) fitted[x[m]] = 1
    for (pass = 0; pass < 8; pass++)
      for (m = 1; m <= matches; m++)
        if (op_level[m] && (fitted[x[m]] || fitted[op_level[m]])) fitted[x[m]] = fitted[op_level[m]] = 1
    do {
      changed = 0
      for (l = 1; l <= 8; l++) {
        if (!fitted[l]) continue
        fitted_games = fitted_points = 0
        for (m = 1; m <= matches; m++)
          if (x[m] == l && (!op_level[m] || fitted[op_level[m]])) { fitted_games += n[m]; fitted_points += s[m] }
          else if (op_level[m] == l && fitted[x[m]]) { fitted_games += n[m]; fitted_points += n[m] - s[m] }
        if (fitted_points == 0 || fitted_points == fitted_games) {
          fitted[l] = 0; changed = 1
          if (fitted_games) { bound[l] = 1; won_all[l] = fitted_points > 0 }
        }
      }
    } while (changed)
    for (l = 1; l <= 8; l++) rating[l] = 1500
    # Maximum likelihood, every fitted level at once: Newton steps on the log-likelihood of the
    # points scored (a draw half a point), each step at most 200 Elo a level.
    for (iteration = 0; iteration < 100; iteration++) {
      split("", g); split("", h)
      for (m = 1; m <= matches; m++) {
        a = x[m]; b = op_level[m]
        if (!fitted[a] && !(b && fitted[b])) continue
        if ((b && !fitted[b]) || !fitted[a]) continue  # a match with a swept level fits neither
        p = expected(rating[a] - opponent(m)); q = n[m] * p * (1 - p) * c * c
        g[a] += (s[m] - n[m] * p) * c; h[a, a] += q
        if (b) { g[b] -= (s[m] - n[m] * p) * c; h[b, b] += q; h[a, b] -= q; h[b, a] -= q }
      }
      k = 0
      for (l = 1; l <= 8; l++) if (fitted[l]) index_of[++k] = l
      # Solve h * step = g and invert h (Gauss-Jordan, h positive definite): h^-1 is the covariance.
      for (i = 1; i <= k; i++) {
        for (j = 1; j <= k; j++) { A[i, j] = h[index_of[i], index_of[j]]; A[i, k + j] = i == j }
        A[i, 2 * k + 1] = g[index_of[i]]
      }
      for (col = 1; col <= k; col++) {
        pivot = A[col, col]
        for (j = 1; j <= 2 * k + 1; j++) A[col, j] /= pivot
        for (i = 1; i <= k; i++)
          if (i != col) { f = A[i, col]; for (j = 1; j <= 2 * k + 1; j++) A[i, j] -= f * A[col, j] }
      }
      moved = 0
      for (i = 1; i <= k; i++) {
        step = A[i, 2 * k + 1]; step = step > 200 ? 200 : step < -200 ? -200 : step
        rating[index_of[i]] += step; if (step > 0.01 || step < -0.01) moved = 1
        error[index_of[i]] = sqrt(A[i, k + i])
      }
      if (!moved) break
    }
    # A level that won (or lost) every game: only the rating where so clean a sweep has a 5% chance.
    for (l = 1; l <= 8; l++) {
      if (!bound[l]) continue
      lo = -2000; hi = 5000
      for (i = 0; i < 60; i++) {
        mid = (lo + hi) / 2; p = 1; used = 0
        for (m = 1; m <= matches; m++) {
          # e: the chance that level l, rated mid, wins a game of match m.
          if (x[m] == l && (!op_level[m] || fitted[op_level[m]])) e = expected(mid - opponent(m))
          else if (op_level[m] == l && fitted[x[m]]) e = expected(mid - rating[x[m]])
          else continue
          p *= (won_all[l] ? e : 1 - e) ^ n[m]; used++
        }
        if (!won_all[l] == (p > 0.05)) lo = mid; else hi = mid
      }
      # Its sweep was over a level that got only a bound itself: nothing fitted to measure it by.
      bound[l] = used ? sprintf("%s %.0f", won_all[l] ? "above" : "below", mid) : ""
      if (!used) unjoined[l] = 1
    }
    printf "%s:\n", v
    for (l = 1; l <= 8; l++) {
      if (fitted[l]) printf "  level %d: about %.0f (%.0f..%.0f)", l, rating[l], rating[l] - z * error[l], rating[l] + z * error[l]
      else if (bound[l]) printf "  level %d: %s", l, bound[l]
      else if (unjoined[l]) printf "  level %d: no rating (its games are all won or all lost against levels only bounded)", l
      else if (games[l]) printf "  level %d: no rating (no match joins it to a UCI_Elo)", l
      else continue
      printf ", %d games: %s\n", games[l], how[l]
    }
    for (l = 2; l <= 8; l++) {
      w = d = lost = 0
      for (m = 1; m <= matches; m++) {
        key = v SUBSEP m
        if (x[m] == l && op_level[m] == l - 1) { w += w_of[key]; d += d_of[key]; lost += l_of[key] }
        if (x[m] == l - 1 && op_level[m] == l) { w += l_of[key]; d += d_of[key]; lost += w_of[key] }
      }
      if (w + d + lost) printf "  level %d against %d: +%d =%d -%d, %.1f%% of %d games\n", l, l - 1, w, d, lost, 100 * (w + d / 2) / (w + d + lost), w + d + lost
    }
  }
}' "$results"
