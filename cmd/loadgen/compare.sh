#!/usr/bin/env bash
# Compares two builds of the service on the legal-moves path, as
# docs/BENCHMARKS.md records it: both serve on loopback ports at once (log
# level warn), and each round measures the one, then the other, at 32
# connections for DURATION after a 1 s warm-up, ROUNDS times; the order
# alternates between rounds. Prints requests/s per round and the ratio of
# the medians. Each round also measures the bare echo baseline
# (loadgen -serve-baseline) between the two, and prints each build's ratio
# to it, the figure docs/BENCHMARKS.md follows. SERVE_FLAGS go to both servers (e.g. "--cache-size 0", so
# that every answer is computed); BODY is the legal-moves request;
# LOADGEN_FLAGS go to every loadgen run (e.g. -gzip, to ask for gzip).
#
#   go build -o /tmp/before/adjudicator ./cmd/adjudicator   # at the old commit
#   go build -o /tmp/after/adjudicator ./cmd/adjudicator    # at the new one
#   cmd/loadgen/compare.sh /tmp/before/adjudicator /tmp/after/adjudicator
set -euo pipefail
cd "$(dirname "$0")/../.."
A=$1 B=$2
ROUNDS=${ROUNDS:-6}
DURATION=${DURATION:-10s}
BODY=${BODY:-cmd/loadgen/testdata/legal-moves-chess.json}
T=$(mktemp -d)
go build -o "$T/loadgen" ./cmd/loadgen
"$A" serve --addr 127.0.0.1:18181 --log-level warn ${SERVE_FLAGS:-} 2>"$T/a.log" &
pa=$!
"$B" serve --addr 127.0.0.1:18182 --log-level warn ${SERVE_FLAGS:-} 2>"$T/b.log" &
pb=$!
"$T/loadgen" -serve-baseline 127.0.0.1:18183 2>"$T/base.log" &
pc=$!
trap 'kill $pa $pb $pc; wait $pa $pb $pc 2>/dev/null; rm -rf "$T"' EXIT
sleep 1
rate() {
  "$T/loadgen" -url "http://127.0.0.1:$1/v1/legal-moves" -body "$BODY" ${LOADGEN_FLAGS:-} -c 32 -d 1s >/dev/null
  "$T/loadgen" -url "http://127.0.0.1:$1/v1/legal-moves" -body "$BODY" ${LOADGEN_FLAGS:-} -c 32 -d "$DURATION" | awk '/^requests/ {print $5}'
}
echo "body $BODY, flags '${SERVE_FLAGS:-}', $ROUNDS rounds of $DURATION, $(nproc) cores, $(uptime)"
ra=() rb=() qa=() qb=()
for round in $(seq "$ROUNDS"); do
  if [ $((round % 2)) = 1 ]; then x=$(rate 18181); c=$(rate 18183); y=$(rate 18182); else y=$(rate 18182); c=$(rate 18183); x=$(rate 18181); fi
  ra+=("$x") rb+=("$y")
  qa+=("$(awk -v x="$x" -v c="$c" 'BEGIN {print x/c}')") qb+=("$(awk -v y="$y" -v c="$c" 'BEGIN {print y/c}')")
  echo "round $round: $(basename "$(dirname "$A")") $x req/s, baseline $c req/s, $(basename "$(dirname "$B")") $y req/s"
done
med() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
ma=$(med "${ra[@]}") mb=$(med "${rb[@]}")
awk -v a="$ma" -v b="$mb" 'BEGIN {printf "median %.0f vs %.0f req/s: ratio %.3f\n", a, b, b/a}'
awk -v a="$(med "${qa[@]}")" -v b="$(med "${qb[@]}")" 'BEGIN {printf "median ratio to the bare echo baseline, same round: %.3f vs %.3f\n", a, b}'
