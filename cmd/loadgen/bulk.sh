#!/usr/bin/env bash
# The bulk measurement of docs/BENCHMARKS.md: N random chess games of PLIES
# plies (loadgen -gen-games), adjudicated (a) one request each at 32
# connections (loadgen -bodies) and (b) all in one bulk NDJSON request
# (curl), alternately, ROUNDS times. Each run has a fresh server (log level
# warn, --request-timeout 60s, SERVE_FLAGS), so that neither path finds the
# other's answers or game states in the cache; after each run the server's
# peak resident memory (VmHWM) and its CPU time (user + system, from
# /proc/PID/stat) per game are read from /proc.
#
#   cmd/loadgen/bulk.sh                      # from the repository root
#   N=1000 ROUNDS=1 cmd/loadgen/bulk.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${N:-10000}
PLIES=${PLIES:-80}
ROUNDS=${ROUNDS:-3}
ADDR=127.0.0.1:18191
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
if git rev-parse --git-dir >/dev/null 2>&1; then
  echo "commit $(git rev-parse --short HEAD), $(git status --porcelain -- internal cmd | wc -l) changed files in internal/ and cmd/"
fi
go build -o "$T/adjudicator" ./cmd/adjudicator
go build -o "$T/loadgen" ./cmd/loadgen
"$T/loadgen" -gen-games "$N" -plies "$PLIES" >"$T/games.ndjson"
echo "$N games of $PLIES plies, $(wc -c <"$T/games.ndjson") bytes; $(nproc) cores; $(uptime)"

start() {
  "$T/adjudicator" serve --addr "$ADDR" --log-level warn --request-timeout 60s ${SERVE_FLAGS:-} 2>"$T/server.log" &
  pid=$!
  for _ in $(seq 50); do curl -sf "http://$ADDR/livez" >/dev/null && return; sleep 0.1; done
  echo "the server did not start"; cat "$T/server.log"; exit 1
}
stop() {
  ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  echo "    peak RSS $(awk '/VmHWM/ {printf "%.0f MB", $2/1024}' "/proc/$pid/status"), server CPU" \
    "$(awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" -v n="$N" 'BEGIN {printf "%.2f s, %.0f us a game", t/hz, t/hz/n*1e6}')"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}
single() {
  start
  "$T/loadgen" -url "http://$ADDR/v1/games/adjudicate" -bodies "$T/games.ndjson" -n "$N" -c 32 |
    awk '/^requests/ {printf "(a) one request a game: %s requests in %s %.0f games/s\n", $2, $4, $5}'
  stop
}
bulk() {
  start
  secs=$(curl -s -o "$T/answers.ndjson" -w '%{time_total}' -H 'Content-Type: application/x-ndjson' \
    --data-binary @"$T/games.ndjson" "http://$ADDR/v1/games/adjudicate/bulk")
  lines=$(wc -l <"$T/answers.ndjson")
  stopped=$(grep -c '"stopped":true' "$T/answers.ndjson" || true)
  awk -v n="$N" -v s="$secs" -v l="$lines" -v st="$stopped" \
    'BEGIN {printf "(b) one bulk request: %d answer lines (%d stopped) in %.2f s: %.0f games/s\n", l, st, s, n/s}'
  stop
}
for round in $(seq "$ROUNDS"); do
  echo "=== round $round, $(uptime)"
  if [ $((round % 2)) = 1 ]; then single; bulk; else bulk; single; fi
done
