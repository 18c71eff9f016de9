#!/usr/bin/env bash
# pathregress.sh BASE: is the request path of the working tree slower than
# BASE's? Server CPU time (utime + stime from /proc, the load generator
# outside it: curl) of three workloads, each on a fresh server, BASE and
# the working tree alternated (in turn first), ROUNDS times:
#
#   bulk: N random 80-ply chess games (loadgen -gen-games) in one bulk
#         NDJSON request;
#   long: LONG random 300-ply games, one adjudication request each, one
#         connection, requests in sequence;
#   pgn:  PGNGAMES of the bulk games as one PGN file (the service's own PGN
#         output), in one bulk request.
#
# Prints each round's CPU ticks and the ratio working tree / BASE, then the
# median ratio and the ratio of the sums per workload. The bulk path is
# found by asking each server (POST /v1/games/adjudicate/bulk, or the older
# /v1/games/adjudicate with an NDJSON body).
#
#   cmd/loadgen/pathregress.sh aadb651
#   ROUNDS=3 N=2000 cmd/loadgen/pathregress.sh HEAD~3
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 1 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
BASE=$1
ROUNDS=${ROUNDS:-6}
N=${N:-10000}
LONG=${LONG:-1000}
PGNGAMES=${PGNGAMES:-1000}
WORK=${WORK:-bulk long pgn}
ADDR=127.0.0.1:18193
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
git archive "$BASE" | tar -x -C "$T" --one-top-level=base
(cd "$T/base" && go build -o "$T/old" ./cmd/adjudicator)
go build -o "$T/new" ./cmd/adjudicator
go build -o "$T/loadgen" ./cmd/loadgen
"$T/loadgen" -gen-games "$N" -plies 80 >"$T/games.ndjson"
mkdir "$T/long"
"$T/loadgen" -gen-games "$LONG" -plies 300 | split -l 1 -a 5 - "$T/long/g"
echo "commit $(git rev-parse --short HEAD) ($(git status --porcelain -- internal cmd api | wc -l) changed files) against $(git rev-parse --short "$BASE"); $(nproc) cores; $(uptime)"

start() {
  "$1" serve --addr "$ADDR" --log-level error --request-timeout 600s --max-body-bytes 67108864 2>/dev/null &
  pid=$!
  for _ in $(seq 100); do curl -sf "http://$ADDR/livez" >/dev/null && break; sleep 0.1; done
  bulk=/v1/games/adjudicate/bulk
  code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/x-ndjson' --data-binary '' "http://$ADDR$bulk")
  if [ "$code" = 404 ] || [ "$code" = 405 ]; then bulk=/v1/games/adjudicate; fi
}
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
# run BINARY WORKLOAD: the server CPU ticks of the workload
run() {
  start "$1"
  local t0; t0=$(ticks)
  case $2 in
  bulk) curl -sf -H 'Content-Type: application/x-ndjson' --data-binary @"$T/games.ndjson" "http://$ADDR$bulk" >/dev/null ;;
  long) for f in "$T"/long/g*; do printf -- '-H Content-Type:application/json -d @%s http://%s/v1/games/adjudicate\n' "$f" "$ADDR"; done |
    xargs -n 1000 curl -sf --no-progress-meter >/dev/null ;;
  pgn) curl -sf -H 'Content-Type: application/x-chess-pgn' --data-binary @"$T/games.pgn" "http://$ADDR$bulk" >/dev/null ;;
  esac
  local t1; t1=$(ticks)
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo $((t1 - t0))
}
# The PGN file: the first PGNGAMES games as the working tree writes them.
start "$T/new"
head -n "$PGNGAMES" "$T/games.ndjson" | sed 's/^{/{"pgnOut":true,/' |
  curl -sf -H 'Content-Type: application/x-ndjson' --data-binary @- "http://$ADDR$bulk" |
  jq -r 'select(.pgn) | .pgn + "\n"' >"$T/games.pgn"
kill "$pid"; wait "$pid" 2>/dev/null || true

for r in $(seq "$ROUNDS"); do
  for w in $WORK; do
    if [ $((r % 2)) = 1 ]; then o=$(run "$T/old" "$w"); n=$(run "$T/new" "$w")
    else n=$(run "$T/new" "$w"); o=$(run "$T/old" "$w"); fi
    echo "round $r $w: base $o ticks, new $n ticks, $(awk -v a="$n" -v b="$o" 'BEGIN {printf "%.3f", a/b}')x"
    echo "$w $o $n" >>"$T/all"
  done
done
for w in $WORK; do
  # The ratios sorted (sort, not gawk's asort: Debian's awk is mawk).
  awk -v w="$w" '$1 == w {print $3 / $2}' "$T/all" | sort -g |
    awk -v w="$w" '{r[++k] = $1} END {m = k % 2 ? r[(k + 1) / 2] : (r[k / 2] + r[k / 2 + 1]) / 2
      printf "%s: median %.3fx, range %.3f-%.3f, ", w, m, r[1], r[k]}'
  awk -v w="$w" '$1 == w {o += $2; n += $3} END {printf "sums %.3fx\n", n / o}' "$T/all"
done
