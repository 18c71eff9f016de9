#!/usr/bin/env bash
# Perft of FIDE chess against two 8x8 engines, alternated, ROUNDS times: the
# start position to depth 6 and Kiwipete to depth 5, by this engine
# (`adjudicator perft`, built here from the working tree), Fairy-Stockfish
# (FSF) and dragontoothmg (DRAGON). Prints each run's leaves and CPU seconds
# (user + sys), checks that the three count the same leaves, and gives
# this engine's speed as a multiple of each peer's: the peer's time over
# ours, so above 1 is faster. Two ratios: whole processes, and the counts
# alone (each program's run at depth 1 of the same position, its start-up,
# subtracted from each side, rounds' order rotated).
#
# All three count the last ply without playing it (bulk counting: the
# length of the legal move list), so leaves per second compare directly.
#
# The peers are built by the person running this from their public
# sources, as their own documentation says; nothing of theirs is in this
# repository. What the script expects of them:
#
#   FSF     Fairy-Stockfish (github.com/fairy-stockfish/Fairy-Stockfish), its
#           default 8x8 build (no largeboards), with nnue=no: a UCI engine
#           that answers `go perft N` with "Nodes searched: N".
#   DRAGON  a program `DRAGON FEN DEPTH` (FEN or the word startpos) that
#           prints dragontoothmg.Perft's count for the position
#           (github.com/dylhunn/dragontoothmg; its Perft lists the legal
#           moves at every node and returns their number at depth 1).
#
#   FSF=/tmp/fsf-8x8 DRAGON=/tmp/dragon-perft ROUNDS=5 scripts/perft-vs-peers.sh
set -euo pipefail
cd "$(dirname "$0")/.."
: "${FSF:?the Fairy-Stockfish 8x8 binary}" "${DRAGON:?the dragontoothmg perft program}"
ROUNDS=${ROUNDS:-3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
go build -o "$T/adjudicator" ./cmd/adjudicator

KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
# name|FEN (- for the start)|depth
POSITIONS="start|-|6
kiwipete|$KIWIPETE|5"

cpu() { awk '{printf "%.3f", $1 + $2}' "$T/time"; }
timed() { /usr/bin/time -o "$T/time" -f "%U %S" "$@"; }
# run ENGINE FEN DEPTH: prints "LEAVES SECONDS".
run() {
  local n
  case $1 in
  ours)
    if [ "$2" = - ]; then
      n=$(timed "$T/adjudicator" perft --variant chess --depth "$3" 2>/dev/null | tail -1)
    else
      n=$(timed "$T/adjudicator" perft --variant chess --fen "$2" --depth "$3" 2>/dev/null | tail -1)
    fi
    ;;
  fsf)
    local pos="position startpos"
    [ "$2" = - ] || pos="position fen $2"
    n=$(printf '%s\ngo perft %s\nquit\n' "$pos" "$3" | timed "$FSF" | sed -n 's/^Nodes searched: //p')
    ;;
  dragon)
    local fen=$2
    [ "$fen" = - ] && fen=startpos
    n=$(timed "$DRAGON" "$fen" "$3")
    ;;
  esac
  echo "$n $(cpu)"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", a / b}'; }

echo "commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (modified)'); $(nproc) cores; $(uptime)"
date -u '+%Y-%m-%d %H:%M UTC'
engines=(ours fsf dragon)
for round in $(seq "$ROUNDS"); do
  while IFS='|' read -r name fen depth; do
    declare -A leaves=() secs=() start=()
    for i in 0 1 2; do
      e=${engines[$(((i + round) % 3))]}
      read -r leaves[$e] secs[$e] <<<"$(run "$e" "$fen" "$depth")"
      read -r _ start[$e] <<<"$(run "$e" "$fen" 1)"
    done
    same=yes
    [ "${leaves[ours]}" = "${leaves[fsf]}" ] && [ "${leaves[ours]}" = "${leaves[dragon]}" ] || same=NO
    net_ours=$(awk -v a="${secs[ours]}" -v b="${start[ours]}" 'BEGIN {print a - b}')
    line="round $round $name d$depth: leaves ${leaves[ours]} (same: $same); CPU s ours ${secs[ours]} FSF ${secs[fsf]} dragon ${secs[dragon]}"
    line+="; ours/FSF $(ratio "${secs[fsf]}" "${secs[ours]}")x"
    line+=" counts alone $(ratio "$(awk -v a="${secs[fsf]}" -v b="${start[fsf]}" 'BEGIN {print a - b}')" "$net_ours")x"
    line+="; ours/dragon $(ratio "${secs[dragon]}" "${secs[ours]}")x"
    line+=" counts alone $(ratio "$(awk -v a="${secs[dragon]}" -v b="${start[dragon]}" 'BEGIN {print a - b}')" "$net_ours")x"
    echo "$line" | tee -a "$T/log"
    unset leaves secs start
  done <<<"$POSITIONS"
done

echo
echo "summary, this engine's speed as a multiple of the peer's (peer's CPU time / ours): median (range)"
summ() { # grep-pattern field-label
  grep " $1 " "$T/log" | sed -n "s|.*$2 \([0-9.]*\)x counts alone \([0-9.]*\)x.*|\1 \2|p" |
    awk '{ a[NR] = $1; b[NR] = $2 }
      function med(x, n,   i, j, t) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && x[j - 1] > x[j]; j--) { t = x[j]; x[j] = x[j - 1]; x[j - 1] = t }
        lo = x[1]; hi = x[n]
        return (n % 2) ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
      }
      END { m = med(a, NR); l1 = lo; h1 = hi; m2 = med(b, NR)
        printf "%.2f (%.2f-%.2f), counts alone %.2f (%.2f-%.2f)\n", m, l1, h1, m2, lo, hi }'
}
while IFS='|' read -r name _ depth; do
  echo "  $name d$depth: ours/FSF $(summ "$name" "ours/FSF"); ours/dragon $(summ "$name" "ours/dragon")"
done <<<"$POSITIONS"
grep -q "same: NO" "$T/log" && { echo "THE COUNTS DIFFER"; exit 1; }
exit 0
