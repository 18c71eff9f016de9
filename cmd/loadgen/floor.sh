#!/usr/bin/env bash
# The request path against the floor, as docs/BENCHMARKS.md records it:
# one build of the service served twice on loopback, with its default
# in-process cache ("cached") and with none ("computed", --cache-size 0),
# and the bare echo baseline (loadgen -serve-baseline). Each round
# measures, at 32 connections for DURATION after a 1 s warm-up, every case
# in an order that rotates between rounds, with the baseline run before
# the first case and after each one: legal-moves of the chess start
# position, of Kiwipete and of a Bigorra middle game, cached and computed.
# A case's ratio is to the mean of the baseline runs just before and just
# after it, so that a change of the machine's load during a round moves
# both sides of the ratio. It prints each case's requests per second, its
# ratio and its p99, then the median of each over the rounds.
#
#   cmd/loadgen/floor.sh                         # builds the working tree
#   ADJ=/tmp/old/adjudicator cmd/loadgen/floor.sh  # or a given binary
#   ROUNDS=6 DURATION=10s cmd/loadgen/floor.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-5s}
T=$(mktemp -d)
go build -o "$T/loadgen" ./cmd/loadgen
if [ -z "${ADJ:-}" ]; then
  go build -o "$T/adjudicator" ./cmd/adjudicator
  ADJ=$T/adjudicator
else
  ADJ_NAME="$ADJ"
fi
"$ADJ" serve --addr 127.0.0.1:18281 --log-level warn 2>"$T/cached.log" &
pc=$!
"$ADJ" serve --addr 127.0.0.1:18282 --log-level warn --cache-size 0 2>"$T/computed.log" &
pn=$!
"$T/loadgen" -serve-baseline 127.0.0.1:18283 2>"$T/base.log" &
pb=$!
trap 'kill $pc $pn $pb; wait $pc $pn $pb 2>/dev/null; rm -rf "$T"' EXIT
sleep 1
printf '{"variant":"chess"}' >"$T/start.json"
TD=cmd/loadgen/testdata
# The cases: name, port, body.
names=(start-cached start-computed kiwipete-cached kiwipete-computed bigorra-cached bigorra-computed)
ports=(18281 18282 18281 18282 18281 18282)
bodies=("$T/start.json" "$T/start.json" $TD/legal-moves-chess.json $TD/legal-moves-chess.json
  $TD/legal-moves-bigorra.json $TD/legal-moves-bigorra.json)
# run PORT BODY: warm up, then one measured run; prints "req/s p99-ms".
run() {
  "$T/loadgen" -url "http://127.0.0.1:$1/v1/legal-moves" -body "$2" -c 32 -d 1s >/dev/null
  "$T/loadgen" -url "http://127.0.0.1:$1/v1/legal-moves" -body "$2" -c 32 -d "$DURATION" |
    awk '/^requests/ {r = $5}
      /^latency/ {for (i = 1; i <= NF; i++) if ($i == "p99") p = $(i + 1)}
      END {v = p + 0; if (p ~ /µs$/) v /= 1000; else if (p ~ /[0-9]s$/ && p !~ /ms$/) v *= 1000; printf "%s %.2f\n", r, v}'
}
echo "service ${ADJ_NAME:-built at $(git rev-parse --short HEAD 2>/dev/null || echo none)}, $ROUNDS rounds of $DURATION at 32 connections, $(nproc) cores, $(uptime)"
declare -A ratio p99
for round in $(seq "$ROUNDS"); do
  read -r base basep99 <<<"$(run 18283 $TD/legal-moves-chess.json)"
  line="round $round: baseline $base req/s (p99 $basep99);"
  n=${#names[@]}
  for k in $(seq 0 $((n - 1))); do
    i=$(((k + round) % n))
    read -r rps p <<<"$(run "${ports[$i]}" "${bodies[$i]}")"
    read -r after _ <<<"$(run 18283 $TD/legal-moves-chess.json)"
    r=$(awk -v a="$rps" -v b="$base" -v c="$after" 'BEGIN {printf "%.3f", 2*a/(b+c)}')
    base=$after
    ratio[${names[$i]}]+="$r "
    p99[${names[$i]}]+="$p "
    line+=" ${names[$i]} $rps ($r, p99 $p), baseline $after;"
  done
  echo "$line"
done
med() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
for name in "${names[@]}"; do
  echo "$name: median ratio to the baseline $(med <<<"${ratio[$name]}"), median p99 $(med <<<"${p99[$name]}") ms"
done
