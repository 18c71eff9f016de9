#!/usr/bin/env bash
# The check of docs/CAPACITY.md's model on this machine: REPLICAS service
# processes on loopback share one Redis Cluster (three masters, started
# here from redis-server on free ports), under a correspondence site's
# traffic (GAMES chess games of CORR_PLIES plies, each resubmitted whole
# after every move; loadgen -gen-correspondence). One load generator sends
# the submissions in order to the replicas in turn, as a load balancer's
# round robin would: with GAMES not a multiple of REPLICAS, a game's next
# submission always goes to another replica than its last, which must
# resume the game from the state that replica left in Redis. Each replica
# runs with GOMAXPROCS=PROCS (default the cores divided among the
# replicas, at least 1), as Go sets it from a container's CPU limit: the
# model's unit is a replica of that size.
#
# 1. Inputs: one replica whose memory tier keeps nothing (every game state
#    comes from Redis, as it does behind the round robin) takes the whole
#    traffic, through the same load generator. Per submission: the service's CPU (process_cpu_seconds_total),
#    the load generator's, the Redis nodes' (INFO cpu), the Redis round
#    trips and bytes (adjudicator_cache_redis_calls_total, _bytes_total).
# 2. Prediction: the machine's cores divided by the CPU a submission takes
#    (service + load generator + Redis) is the combined throughput, and the
#    throughput times the calls and bytes per submission is the Redis load.
# 3. Measurement: REPLICAS replicas with their default memory tier (or
#    REPLICA_FLAGS), the same counters summed over the replicas.
#
#   cmd/loadgen/capacity-check.sh
#   REPLICAS=2 GAMES=1001 CORR_PLIES=40 cmd/loadgen/capacity-check.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
REPLICAS=${REPLICAS:-3}
GAMES=${GAMES:-1001}
CORR_PLIES=${CORR_PLIES:-20}
CONNS=${CONNS:-32} # connections of the load generator
PROCS=${PROCS:-$(($(nproc) / REPLICAS > 0 ? $(nproc) / REPLICAS : 1))}
if [ $((GAMES % REPLICAS)) = 0 ]; then
  echo "GAMES ($GAMES) must not be a multiple of REPLICAS ($REPLICAS)"; exit 2
fi
T=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; rm -rf "$T"' EXIT
go build -o "$T/adjudicator" ./cmd/adjudicator
go build -o "$T/loadgen" ./cmd/loadgen
LG=$T/loadgen
CORES=$(nproc)
echo "# service at $(git rev-parse --short HEAD) ($(git status --porcelain -- internal cmd | wc -l) changed files); $(go version | cut -d' ' -f3); $CORES cores; $(redis-server --version | cut -d' ' -f3); $(date -u '+%Y-%m-%d %H:%M UTC')"

free() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# cluster_port: a free port whose cluster bus port (10000 higher) is free too.
cluster_port() {
  python3 -c '
import random, socket
while True:
    p = random.randint(20000, 55000)
    try:
        for q in (p, p + 10000):
            s = socket.socket(); s.bind(("127.0.0.1", q)); s.close()
    except OSError:
        continue
    print(p); break'
}

# The Redis Cluster: three masters, no replicas (failover is tested
# elsewhere; here only the load counts).
rports=()
for i in 1 2 3; do
  p=$(cluster_port)
  mkdir -p "$T/r$p"
  redis-server --port "$p" --bind 127.0.0.1 --save "" --appendonly no --dir "$T/r$p" --logfile "$T/r$p/log" \
    --cluster-enabled yes --cluster-config-file nodes.conf &
  pids+=($!)
  rports+=("$p")
done
for p in "${rports[@]}"; do
  for _ in $(seq 100); do redis-cli -p "$p" ping >/dev/null 2>&1 && break; sleep 0.1; done
  redis-cli -p "$p" ping >/dev/null 2>&1 || { echo "redis-server on port $p did not start:"; tail -5 "$T/r$p/log"; exit 1; }
done
redis-cli --cluster create "${rports[@]/#/127.0.0.1:}" --cluster-replicas 0 --cluster-yes >"$T/create.log" 2>&1 ||
  { cat "$T/create.log"; exit 1; }
for _ in $(seq 100); do
  ok=0
  for p in "${rports[@]}"; do redis-cli -p "$p" cluster info | grep -q 'cluster_state:ok' && ok=$((ok + 1)); done
  [ "$ok" = 3 ] && break
  sleep 0.1
done
URL="redis://127.0.0.1:${rports[0]}?addr=127.0.0.1:${rports[1]}&addr=127.0.0.1:${rports[2]}"
redis_cpu() {
  for p in "${rports[@]}"; do redis-cli -p "$p" info cpu; done | awk -F: '/^used_cpu_(sys|user):/ {s += $2} END {printf "%.6f\n", s}'
}
redis_flush() { for p in "${rports[@]}"; do redis-cli -p "$p" flushall >/dev/null; done; }

# serve I FLAGS...: replica I on a free port; sets port[I] and pid[I].
declare -a port pid
serve() {
  local i=$1 p
  shift
  p=$(free)
  GOMAXPROCS=$PROCS ADJUDICATOR_CACHE_SECRET=capacity-check-secret-0123456789abcdef "$T/adjudicator" serve --addr "127.0.0.1:$p" --log-level warn \
    --redis-mode cluster --redis-url "$URL" "$@" 2>"$T/s$i.log" &
  pids+=($!)
  pid[i]=$!
  port[i]=$p
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$p/livez" >/dev/null && return; sleep 0.1; done
  echo "replica $i did not start"; cat "$T/s$i.log"; exit 1
}
# counters PORT: process CPU s, Redis calls, bytes read, bytes written,
# plies, memory hits, Redis hits, Redis writes not done (dropped, timed out...).
counters() {
  curl -sf "http://127.0.0.1:$1/metrics" | awk '
    /^#/ {next}
    $1 == "process_cpu_seconds_total" {v[0] += $2}
    $1 ~ /^adjudicator_cache_redis_calls_total/ {v[1] += $2}
    $1 ~ /^adjudicator_cache_redis_bytes_total/ && /direction="read"/ {v[2] += $2}
    $1 ~ /^adjudicator_cache_redis_bytes_total/ && /direction="written"/ {v[3] += $2}
    $1 == "adjudicator_engine_plies_total" {v[4] += $2}
    $1 ~ /^adjudicator_cache_lookups_total/ && /tier="memory"/ && /result="hit"/ {v[5] += $2}
    $1 ~ /^adjudicator_cache_lookups_total/ && /tier="redis"/ && /result="hit"/ {v[6] += $2}
    $1 ~ /^adjudicator_cache_writes_total/ && /tier="redis"/ && !/result="ok"/ {v[7] += $2}
    END {for (i = 0; i <= 7; i++) printf "%s%.6f", (i ? " " : ""), v[i] + 0; print ""}'
}
sub() { awk -v a="$1" -v b="$2" 'BEGIN {n = split(a, x, " "); split(b, y, " "); for (i = 1; i <= n; i++) printf "%s%.6f", (i > 1 ? " " : ""), y[i] - x[i]; print ""}'; }
# drive URLS OUT [loadgen flags]: the load generator sends every
# submission once, to URLS in turn; its output and CPU in OUT.
drive() {
  local urls=$1 out=$2
  shift 2
  { /usr/bin/time -f "LGCPU %U %S" "$LG" -url "$urls" -bodies "$T/corr" -n "$lines" -c "$CONNS" "$@"; } >"$out" 2>&1
}

"$LG" -gen-correspondence "$GAMES" -plies "$CORR_PLIES" >"$T/corr"
lines=$(wc -l <"$T/corr")
echo "# traffic: $GAMES chess games of $CORR_PLIES plies, $lines submissions; the load generator at $CONNS connections; GOMAXPROCS=$PROCS in each replica"

# 1. Inputs. measure RATE: one fresh replica whose memory tier keeps
# nothing, from an empty Redis, takes the submissions in order: all of
# them as fast as the connections allow (RATE 0) or RATE a second (all of
# them too: the games grow longer through the traffic, and a part of it
# would cost less than the whole). It sets n and the costs per submission: service, loadgen and
# redis (us of CPU), calls, bread and bwrit (bytes), plies.
measure() {
  local extra=() a b ra rb t0 t1 cpu lgs rcs k br bw pl rh lost
  [ "$1" = 0 ] || extra=(-rate "$1")
  redis_flush
  serve 0 --cache-size 1
  a=$(counters "${port[0]}"); ra=$(redis_cpu); t0=$(date +%s.%N)
  drive "http://127.0.0.1:${port[0]}/v1/games/adjudicate" "$T/in.out" "${extra[@]}"
  t1=$(date +%s.%N)
  sleep 1 # the background writes land
  b=$(counters "${port[0]}"); rb=$(redis_cpu)
  kill "${pid[0]}"; wait "${pid[0]}" 2>/dev/null || true
  grep -q '^non-2xx     0' "$T/in.out" || { echo "inputs run: errors"; cat "$T/in.out"; exit 1; }
  read -r cpu k br bw pl _ rh lost <<<"$(sub "$a" "$b")"
  n=$(awk '/^requests/ {print $2}' "$T/in.out")
  lgs=$(awk '/^LGCPU/ {print $2 + $3}' "$T/in.out")
  rcs=$(awk -v a="$ra" -v b="$rb" 'BEGIN {print b - a}')
  read -r service loadgen redis calls bread bwrit plies <<<"$(awk -v n="$n" -v c="$cpu" -v l="$lgs" -v r="$rcs" -v k="$k" -v br="$br" -v bw="$bw" -v pl="$pl" \
    'BEGIN {printf "%.1f %.1f %.1f %.3f %.0f %.0f %.2f\n", c / n * 1e6, l / n * 1e6, r / n * 1e6, k / n, br / n, bw / n, pl / n}')"
  printf 'input\trate %s\tsubmissions/s %.0f\tservice us %s\tloadgen us %s\tredis us %s\tcalls %s\tbytes read %s\tbytes written %s\tplies %s\tredis hits %.2f\twrites lost %.2f\n' \
    "$1" "$(awk -v n="$n" -v a="$t0" -v b="$t1" 'BEGIN {print n / (b - a)}')" "$service" "$loadgen" "$redis" "$calls" "$bread" "$bwrit" "$plies" \
    "$(awk -v h="$rh" -v n="$n" 'BEGIN {print h / n}')" "$(awk -v w="$lost" -v n="$n" 'BEGIN {print w / n}')"
}
echo "# 1. inputs, one replica, every state from Redis; $(uptime)"
measure 0
sat_loadgen=$loadgen sat_redis=$redis sat_bytes=$((bread + bwrit)) sat_service=$service
sat_rate=$(awk -v s="$service" -v p="$PROCS" 'BEGIN {printf "%.0f\n", p * 1e6 / s}')

# 2. Prediction. The machine's CPU a second divided by a submission's CPU:
# the service's at the rate each replica will take (a replica spends more
# per request when it is not saturated: fewer requests share each wake-up,
# each poll, each collection), the load generator's and Redis's at full
# rate. The rate each replica takes follows from the prediction itself:
# two rounds from the saturated figure.
predict() { awk -v cores="$CORES" -v s="$service" -v l="$sat_loadgen" -v r="$sat_redis" 'BEGIN {printf "%.0f\n", cores * 1e6 / (s + l + r)}'; }
pred=$(predict)
echo "predict	from the saturated replica: $pred submissions/s"
for round in 1 2; do
  measure $((pred / REPLICAS))
  pred=$(predict)
  echo "predict	round $round, service us at $((pred / REPLICAS))/s a replica: $pred submissions/s"
done
# The operating point of docs/CAPACITY.md, for the record: a replica kept
# at 70% of what it can take, as the chart's autoscaler aims.
last_calls=$calls
measure $((sat_rate * 7 / 10))
echo "factor	at 70% of the replica's saturated rate ($((sat_rate * 7 / 10))/s), a submission costs the service $(awk -v a="$service" -v b="$sat_service" 'BEGIN {printf "%.2f", a / b}') times its saturated CPU"
# Round trips per submission, like the service's CPU, at the rate each
# replica takes: a replica's writer batches fewer writes when it is less busy.
pcalls=$(awk -v x="$pred" -v k="$last_calls" 'BEGIN {printf "%.0f\n", x * k}')
pbytes=$(awk -v x="$pred" -v b="$sat_bytes" 'BEGIN {printf "%.0f\n", x * b}')
echo "predict	$REPLICAS replicas: $pred submissions/s, $pcalls Redis calls/s, $pbytes Redis bytes/s"

# 3. Measurement.
redis_flush
urls=()
for i in $(seq "$REPLICAS"); do
  serve "$i" ${REPLICA_FLAGS:-}
  urls+=("http://127.0.0.1:${port[i]}/v1/games/adjudicate")
done
declare -a before
for i in $(seq "$REPLICAS"); do before[i]=$(counters "${port[i]}"); done
ra=$(redis_cpu)
t0=$(date +%s.%N)
drive "$(IFS=,; echo "${urls[*]}")" "$T/m.out"
t1=$(date +%s.%N)
sleep 1
rb=$(redis_cpu)
tot="0 0 0 0 0 0 0 0"
for i in $(seq "$REPLICAS"); do
  d=$(sub "${before[i]}" "$(counters "${port[i]}")")
  tot=$(awk -v a="$tot" -v b="$d" 'BEGIN {n = split(a, x, " "); split(b, y, " "); for (i = 1; i <= n; i++) printf "%s%.6f", (i > 1 ? " " : ""), x[i] + y[i]; print ""}')
done
read -r cpu calls bread bwrit plies mhit rhit lost <<<"$tot"
grep -q '^non-2xx     0' "$T/m.out" || { echo "measured run: errors"; cat "$T/m.out"; }
lg=$(awk '/^LGCPU/ {print $2 + $3}' "$T/m.out")
el=$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')
echo "# 3. measured, $REPLICAS replicas with their memory tier; $(uptime)"
awk -v n="$lines" -v el="$el" -v c="$cpu" -v l="$lg" -v r="$(awk -v a="$ra" -v b="$rb" 'BEGIN {print b - a}')" -v k="$calls" -v br="$bread" -v bw="$bwrit" -v pl="$plies" -v m="$mhit" -v h="$rhit" -v w="$lost" \
  -v pred="$pred" -v pcalls="$pcalls" -v pbytes="$pbytes" \
  'BEGIN {x = n / el; printf "measured\tsubmissions/s %.0f\tservice us %.1f\tloadgen us %.1f\tredis us %.1f\tcalls %.2f\tbytes read %.0f\tbytes written %.0f\tplies %.2f\tmemory hits %.2f\tredis hits %.2f\twrites lost %.2f\n",
    x, c / n * 1e6, l / n * 1e6, r / n * 1e6, k / n, br / n, bw / n, pl / n, m / n, h / n, w / n;
    printf "check\tthroughput measured/predicted %.2f\tRedis calls/s measured/predicted %.2f\tRedis bytes/s measured/predicted %.2f\n",
      x / pred, (x * k / n) / pcalls, (x * (br + bw) / n) / pbytes}'
