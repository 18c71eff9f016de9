#!/usr/bin/env bash
# The Redis hit-rate run of docs/BENCHMARKS.md ("Redis under load"): the
# service with a small in-process cache (so that Redis matters) in front of
# its own redis-server on a free loopback port, adjudicating GAMES distinct
# random games. A first pass at 8 connections stores every game in Redis;
# the measured pass replays them at CONNS (64) connections for DURATION,
# and prints the Redis lookups by result, the probes, the breaker's
# transitions and the share of 100 ms samples in which it was open, all
# from the service's /metrics.
#
#   cmd/loadgen/redisrun.sh                 # the work tree
#   REV=9b560f9 cmd/loadgen/redisrun.sh     # a commit, built from git archive
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${GAMES:-2000}
PLIES=${PLIES:-60}
CONNS=${CONNS:-64}
DURATION=${DURATION:-20s}
MEM=${MEM:-100}
B=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; rm -rf "$B"' EXIT
src=.
if [ -n "${REV:-}" ]; then
  mkdir "$B/src" && git archive "$REV" | tar -x -C "$B/src"
  src=$B/src
fi
echo "service at ${REV:-$(git rev-parse --short HEAD) (work tree)}; $(go version), $(nproc) cores; $(uptime)"
(cd "$src" && go build -o "$B/adjudicator" ./cmd/adjudicator)
go build -o "$B/loadgen" ./cmd/loadgen
free() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
rport=$(free)
redis-server --port "$rport" --bind 127.0.0.1 --save "" --appendonly no --dir "$B" --logfile "$B/redis.log" &
pids+=($!)
sport=$(free)
ADJUDICATOR_CACHE_SECRET=$(head -c 48 /dev/urandom | base64) "$B/adjudicator" serve --addr "127.0.0.1:$sport" \
  --log-level warn --cache-size "$MEM" --redis-url "redis://127.0.0.1:$rport/0" ${SERVE_FLAGS:-} 2>"$B/adjudicator.log" &
pids+=($!)
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$sport/livez" >/dev/null && break; sleep 0.1; done
"$B/loadgen" -gen-games "$GAMES" -plies "$PLIES" >"$B/games.ndjson"
url=http://127.0.0.1:$sport/v1/games/adjudicate
"$B/loadgen" -url "$url" -bodies "$B/games.ndjson" -c 8 -n "$GAMES" >/dev/null
sleep 2 # the background writes land
echo "redis keys after the fill: $(redis-cli -p "$rport" dbsize)"
metrics() { curl -sf "http://127.0.0.1:$sport/metrics" | grep -E '^adjudicator_cache_(lookups_total\{.*tier="redis"|redis_probes_total|breaker_transitions_total|writes_total\{.*tier="redis")' || true; }
metrics >"$B/before"
(while :; do curl -sf "http://127.0.0.1:$sport/metrics" | awk '/^adjudicator_cache_breaker_state/ {print $2}'; sleep 0.1; done) >"$B/states" &
sampler=$!
pids+=($sampler)
echo "=== $CONNS connections, $DURATION, $(uptime)"
"$B/loadgen" -url "$url" -bodies "$B/games.ndjson" -c "$CONNS" -d "$DURATION"
kill $sampler
metrics >"$B/after"
echo "--- Redis, during the measured pass (after minus before)"
awk 'NR==FNR {b[$1]=$2; next} {printf "%-80s %d\n", $1, $2-b[$1]}' "$B/before" "$B/after"
awk '{n++; if ($1==2) o++} END {printf "breaker open in %d of %d samples (%.0f%%)\n", o, n, 100*o/n}' "$B/states"
