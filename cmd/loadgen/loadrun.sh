#!/usr/bin/env bash
# The load run of docs/BENCHMARKS.md ("HTTP service"): builds the service
# and loadgen, starts the service (log level warn) and the bare echo
# baseline on loopback ports, then measures each target at 32 connections
# for 10 s after a 1 s warm-up, ROUNDS times, interleaved. Also prints the
# CPU time each server process used per request (from /proc), which the
# other work on a shared machine disturbs less than the throughput.
#
#   cmd/loadgen/loadrun.sh            # from the repository root
#   ROUNDS=1 DURATION=3s cmd/loadgen/loadrun.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
SVC_ADDR=${SVC_ADDR:-127.0.0.1:8080}
BASE_ADDR=${BASE_ADDR:-127.0.0.1:8081}
B=$(mktemp -d)
if git rev-parse --git-dir >/dev/null 2>&1; then
  echo "commit $(git rev-parse --short HEAD), $(git status --porcelain -- internal cmd/adjudicator | wc -l) changed files in internal/ and cmd/adjudicator/"
fi
echo "$(go version), $(nproc) cores"
go build -o "$B/adjudicator" ./cmd/adjudicator
go build -o "$B/loadgen" ./cmd/loadgen
"$B/adjudicator" serve --addr "$SVC_ADDR" --log-level warn ${SERVE_FLAGS:-} 2>"$B/adjudicator.log" &
svc=$!
"$B/loadgen" -serve-baseline "$BASE_ADDR" 2>"$B/baseline.log" &
base=$!
trap 'kill $svc $base; wait $svc $base 2>/dev/null; rm -rf "$B"' EXIT
sleep 1

TD=cmd/loadgen/testdata
# cpu PID: user+system CPU time of the process, in clock ticks.
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# measure NAME PID URL BODY: warm up, then one measured run.
measure() {
  local name=$1 pid=$2 url=$3 body=$4 out c0 c1 n
  if [ -n "$body" ]; then body=(-body "$body"); else body=(); fi
  "$B/loadgen" -url "$url" "${body[@]}" -c 32 -d 1s >/dev/null
  c0=$(cpu "$pid")
  out=$("$B/loadgen" -url "$url" "${body[@]}" -c 32 -d "$DURATION")
  c1=$(cpu "$pid")
  n=$(awk '/^requests/ {print $2}' <<<"$out")
  echo "--- $name"
  echo "$out"
  awk -v d=$((c1 - c0)) -v n="$n" -v hz="$(getconf CLK_TCK)" \
    'BEGIN {printf "server cpu  %.1f s, %.0f us per request\n", d/hz, d/hz/n*1e6}'
}
for round in $(seq "$ROUNDS"); do
  echo "=== round $round, $(uptime)"
  measure "(a) baseline: bare echo" $base "http://$BASE_ADDR/v1/legal-moves" $TD/legal-moves-chess.json
  measure "(b) legal-moves chess" $svc "http://$SVC_ADDR/v1/legal-moves" $TD/legal-moves-chess.json
  measure "(c) legal-moves bigorra" $svc "http://$SVC_ADDR/v1/legal-moves" $TD/legal-moves-bigorra.json
  measure "(d) adjudicate 200 plies" $svc "http://$SVC_ADDR/v1/games/adjudicate" $TD/game200.json
  measure "(e) GET /livez" $svc "http://$SVC_ADDR/livez" ""
done
