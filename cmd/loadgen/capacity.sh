#!/usr/bin/env bash
# The input figures of docs/CAPACITY.md, in one run. Every figure comes
# from the load generator at CONNS connections and from the service's own
# /metrics (process_cpu_seconds_total, the cache and engine counters) or
# redis-server's INFO; nothing is estimated here. It prints tab-separated
# lines, each starting with its table's name, and the machine's load before
# each table:
#
#   cost      variant endpoint mode req/s server-us/req loadgen-us/req p99-ms answer-bytes non-2xx memory-hits/req
#             for every built-in variant (VARIANTS) and the position, game
#             and picture endpoints (ENDPOINTS), computed (--cache-size 0)
#             and cached (the default in-process cache, filled by a first
#             pass);
#   redis     variant endpoint pass req/s server-us/req redis-us/req, round
#             trips per request (get, pipeline, set-trips: a round trip of the
#             background writes waiting), keys-written/req, bytes-read/req,
#             bytes-written/req, redis-hits/req, redis-misses/req,
#             for a service whose memory tier keeps nothing in front of its
#             own redis-server: the fill pass (every lookup a miss, every
#             answer written) and the measured pass (every lookup a hit);
#   corr      setup req/s server-us/req loadgen-us/req redis-us/req plies/req
#             memory-hits/req redis-hits/req misses/req calls/req
#             bytes-read/req bytes-written/req keys-stored/req
#             redis-memory/req (growth of DBSIZE and of INFO used_memory): a
#             correspondence site's traffic (GAMES games of CORR_PLIES plies,
#             each resubmitted after every move, loadgen -gen-correspondence),
#             through the in-process cache alone and through Redis alone;
#   memory    kind limit-bytes idle-rss-kb full-rss-kb peak-rss-kb held-bytes sent:
#             the in-process cache filled past each limit (MEM_LIMITS) with
#             Bigorra answers ("answers"), and the inline definitions' cache
#             with INLINE_DEFS distinct 16x16 definitions ("inline"); the
#             largest cache again under GOMEMLIMIT (the idle service, the
#             cache and a quarter more), as the Helm chart sets it.
#
#   cmd/loadgen/capacity.sh                        # every built-in variant
#   VARIANTS="chess bigorra" DURATION=2s cmd/loadgen/capacity.sh
#   TABLES=cost ENDPOINTS=board.svg cmd/loadgen/capacity.sh   # one table, one endpoint
#   REV=37d8a38 cmd/loadgen/capacity.sh            # a commit, from git archive
set -euo pipefail
cd "$(dirname "$0")/../.."
VARIANTS=${VARIANTS-$(ls internal/rules/variants | sed -n 's/\.json$//p' | tr '\n' ' ')}
REDIS_VARIANTS=${REDIS_VARIANTS-chess grand bigorra}
ENDPOINTS=${ENDPOINTS-legal-moves status validate-move adjudicate board.svg}
TABLES=${TABLES-cost redis corr memory}
DURATION=${DURATION:-3s}
CONNS=${CONNS:-32}
N=${N:-200}                 # distinct bodies per variant and endpoint
REDIS_N=${REDIS_N:-1000}    # the same for the redis table, whose fill pass is measured once
PLIES=${PLIES:-30}          # plies before each position
GAME_PLIES=${GAME_PLIES:-60} # plies of each adjudicated game
GAMES=${GAMES:-200}         # correspondence games
CORR_PLIES=${CORR_PLIES:-40}
MEM_LIMITS=${MEM_LIMITS:-32 128} # MiB of the memory table's in-process caches
INLINE_LIMIT=${INLINE_LIMIT:-4096} # MiB bound of the inline definitions (by footprint): high, so that all are kept
INLINE_DEFS=${INLINE_DEFS:-20}     # distinct inline definitions sent
T=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; rm -rf "$T"' EXIT
src=.
if [ -n "${REV:-}" ]; then
  mkdir "$T/src" && git archive "$REV" | tar -x -C "$T/src"
  src=$T/src
fi
(cd "$src" && go build -o "$T/adjudicator" ./cmd/adjudicator)
go build -o "$T/loadgen" ./cmd/loadgen
LG=$T/loadgen
echo "# service at ${REV:-$(git rev-parse --short HEAD) (work tree, $(git status --porcelain -- internal cmd | wc -l) changed files)}; $(go version | cut -d' ' -f3); $(nproc) cores; $CONNS connections, $DURATION a run; $(date -u '+%Y-%m-%d %H:%M UTC')"

free() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# serve NAME FLAGS...: starts a service on a free port; sets port_NAME and pid_NAME.
serve() {
  local name=$1 port
  shift
  port=$(free)
  env ${SERVE_ENV:-} ADJUDICATOR_CACHE_SECRET=capacity-run-secret-0123456789abcdef "$T/adjudicator" serve --addr "127.0.0.1:$port" \
    --log-level warn "$@" 2>"$T/$name.log" &
  pids+=($!)
  printf -v "pid_$name" %s $!
  printf -v "port_$name" %s "$port"
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/livez" >/dev/null && return; sleep 0.1; done
  echo "the $name service did not start"; cat "$T/$name.log"; exit 1
}
stop() {
  local pid=pid_$1
  kill "${!pid}" 2>/dev/null || true
  wait "${!pid}" 2>/dev/null || true
}

# metric PORT REGEX: the sum of the /metrics samples whose name and labels match.
metric() {
  curl -sf "http://127.0.0.1:$1/metrics" | awk -v re="$2" '$0 !~ /^#/ && $1 ~ re {s += $2} END {printf "%.6f\n", s + 0}'
}
# snapshot PORT: the counters a run reads, one a line, in a fixed order.
snapshot() {
  local m
  m=$(curl -sf "http://127.0.0.1:$1/metrics")
  awk '
    /^#/ {next}
    $1 == "process_cpu_seconds_total" {v[0] += $2}
    $1 ~ /^adjudicator_cache_lookups_total/ && /tier="memory"/ && /result="hit"/ {v[1] += $2}
    $1 ~ /^adjudicator_cache_lookups_total/ && /tier="redis"/ && /result="hit"/ {v[2] += $2}
    $1 ~ /^adjudicator_cache_lookups_total/ && /tier="redis"/ && /result="miss"/ {v[3] += $2}
    $1 ~ /^adjudicator_cache_redis_calls_total/ && /call="get"/ {v[4] += $2}
    $1 ~ /^adjudicator_cache_redis_calls_total/ && /call="pipeline"/ {v[5] += $2}
    $1 ~ /^adjudicator_cache_redis_calls_total/ && /call="set"/ {v[6] += $2}
    $1 ~ /^adjudicator_cache_redis_bytes_total/ && /direction="read"/ {v[7] += $2}
    $1 ~ /^adjudicator_cache_redis_bytes_total/ && /direction="written"/ {v[8] += $2}
    $1 == "adjudicator_engine_plies_total" {v[9] += $2}
    $1 ~ /^adjudicator_cache_lookups_total/ && /tier="memory"/ && /result="miss"/ {v[10] += $2}
    $1 ~ /^adjudicator_cache_writes_total/ && /tier="redis"/ && /result="ok"/ {v[11] += $2}
    END {for (i = 0; i <= 11; i++) printf "%.6f\n", v[i] + 0}' <<<"$m"
}
redis_cpu() { redis-cli -p "$1" info cpu | awk -F: '/^used_cpu_(sys|user):/ {s += $2} END {printf "%.6f\n", s}'; }
redis_mem() { redis-cli -p "$1" info memory | awk -F: '/^used_memory:/ {print $2 + 0}'; }

# load PORT PATH BODIES [loadgen args]: a measured run; prints "requests req/s p99-ms non-2xx loadgen-cpu-s".
load() {
  local port=$1 path=$2 bodies=$3
  shift 3
  local out
  out=$({ /usr/bin/time -f "LGCPU %U %S" "$LG" -url "http://127.0.0.1:$port$path" -bodies "$bodies" -c "$CONNS" "$@"; } 2>&1)
  awk '
    /^requests/ {n = $2; r = $5}
    /^latency/ {for (i = 1; i <= NF; i++) if ($i == "p99") p = $(i + 1)}
    /^non-2xx/ {x = $2}
    /^LGCPU/ {c = $2 + $3}
    END {v = p + 0; if (p ~ /µs$/) v /= 1000; else if (p ~ /[0-9]s$/ && p !~ /ms$/) v *= 1000;
      printf "%d %s %.2f %d %.2f\n", n, r, v, x, c}' <<<"$out"
}

# delta A B: B minus A, line by line, as one line of numbers.
delta() { paste <(echo "$1") <(echo "$2") | awk '{printf "%s%.6f", (NR > 1 ? " " : ""), $2 - $1}'; }

# bodies VARIANT [COUNT [TAG]]: COUNT (N) request bodies of each kind for
# one variant, in $T/VARIANT.TAGpos, .TAGmove and .TAGgame.
bodies() {
  local v=$1 count=${2:-$N} tag=${3:-}
  [ -s "$T/$v.${tag}pos" ] && return
  "$LG" -variant "$v" -gen-positions "$count" -plies "$PLIES" >"$T/$v.${tag}pos"
  "$LG" -variant "$v" -gen-positions "$count" -plies "$PLIES" -with-move >"$T/$v.${tag}move"
  "$LG" -variant "$v" -gen-games "$count" -plies "$GAME_PLIES" >"$T/$v.${tag}game"
}
# The endpoints (ENDPOINTS selects among them), their paths and bodies.
all_endpoints=(legal-moves status validate-move adjudicate board.svg)
all_paths=(/v1/legal-moves /v1/status /v1/validate-move /v1/games/adjudicate /v1/board.svg)
all_kinds=(pos pos move game pos)
endpoints=() paths=() kinds=()
for i in "${!all_endpoints[@]}"; do
  case " $ENDPOINTS " in *" ${all_endpoints[$i]} "*)
    endpoints+=("${all_endpoints[$i]}") paths+=("${all_paths[$i]}") kinds+=("${all_kinds[$i]}") ;;
  esac
done
# table NAME: whether TABLES asks for it.
table() { case " $TABLES " in *" $1 "*) return 0 ;; esac; return 1; }

# answer_bytes PORT PATH BODIES: the mean answer size of the first 20 bodies.
answer_bytes() {
  head -n 20 "$3" | while IFS= read -r b; do
    curl -s -o /dev/null -w '%{size_download}\n' -H 'Content-Type: application/json' --data-binary "$b" "http://127.0.0.1:$1$2"
  done | awk '{s += $1; n++} END {printf "%.0f\n", s / n}'
}

# --- cost: every variant and endpoint, computed and cached.
if table cost; then
serve computed --cache-size 0
serve cached
echo "# cost table; $(uptime)"
printf 'cost\tvariant\tendpoint\tmode\treq/s\tserver-us/req\tloadgen-us/req\tp99-ms\tanswer-bytes\tnon-2xx\tmemory-hits/req\n'
for v in $VARIANTS; do
  bodies "$v"
  for i in "${!endpoints[@]}"; do
    f=$T/$v.${kinds[$i]}
    size=$(answer_bytes "$port_computed" "${paths[$i]}" "$f")
    for mode in computed cached; do
      pv=port_$mode
      port=${!pv}
      if [ "$mode" = cached ]; then
        "$LG" -url "http://127.0.0.1:$port${paths[$i]}" -bodies "$f" -n "$(wc -l <"$f")" -c 4 >/dev/null
      fi
      "$LG" -url "http://127.0.0.1:$port${paths[$i]}" -bodies "$f" -c "$CONNS" -d 1s >/dev/null # warm-up
      a=$(snapshot "$port")
      read -r n rps p99 non2xx lgcpu <<<"$(load "$port" "${paths[$i]}" "$f" -d "$DURATION")"
      b=$(snapshot "$port")
      read -r cpu mhit _ <<<"$(delta "$a" "$b")"
      awk -v v="$v" -v e="${endpoints[$i]}" -v m="$mode" -v n="$n" -v r="$rps" -v c="$cpu" -v l="$lgcpu" \
        -v p="$p99" -v s="$size" -v x="$non2xx" -v h="$mhit" \
        'BEGIN {printf "cost\t%s\t%s\t%s\t%.0f\t%.1f\t%.1f\t%.2f\t%d\t%d\t%.2f\n", v, e, m, r, c / n * 1e6, l / n * 1e6, p, s, x, h / n}'
    done
  done
done
stop computed
stop cached
fi

# --- redis: the Redis tier's calls and bytes per request.
if table redis || table corr; then
rport=$(free)
redis-server --port "$rport" --bind 127.0.0.1 --save "" --appendonly no --dir "$T" --logfile "$T/redis.log" &
pids+=($!)
for _ in $(seq 50); do redis-cli -p "$rport" ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
if table redis; then
serve redis --cache-size 1 --redis-url "redis://127.0.0.1:$rport/0"
echo "# redis table; $(uptime)"
printf 'redis\tvariant\tendpoint\tpass\treq/s\tserver-us/req\tredis-us/req\tget/req\tpipeline/req\tset-trips/req\tkeys-written/req\tbytes-read/req\tbytes-written/req\tredis-hits/req\tredis-misses/req\n'
for v in $REDIS_VARIANTS; do
  bodies "$v" "$REDIS_N" r
  for i in "${!endpoints[@]}"; do
    f=$T/$v.r${kinds[$i]}
    lines=$(wc -l <"$f")
    for pass in fill hit; do
      a=$(snapshot "$port_redis")
      ra=$(redis_cpu "$rport")
      if [ "$pass" = fill ]; then
        read -r n rps _ _ _ <<<"$(load "$port_redis" "${paths[$i]}" "$f" -n "$lines")"
        sleep 1 # the background writes land
      else
        read -r n rps _ _ _ <<<"$(load "$port_redis" "${paths[$i]}" "$f" -d "$DURATION")"
      fi
      b=$(snapshot "$port_redis")
      rb=$(redis_cpu "$rport")
      read -r cpu _ rhit rmiss get pipe set bread bwrit _ _ wok <<<"$(delta "$a" "$b")"
      awk -v v="$v" -v e="${endpoints[$i]}" -v ps="$pass" -v n="$n" -v r="$rps" -v c="$cpu" -v rc="$(awk -v a="$ra" -v b="$rb" 'BEGIN {print b - a}')" \
        -v g="$get" -v pp="$pipe" -v st="$set" -v wk="$wok" -v br="$bread" -v bw="$bwrit" -v h="$rhit" -v mi="$rmiss" \
        'BEGIN {printf "redis\t%s\t%s\t%s\t%.0f\t%.1f\t%.1f\t%.2f\t%.2f\t%.2f\t%.2f\t%.0f\t%.0f\t%.2f\t%.2f\n", v, e, ps, r, c / n * 1e6, rc / n * 1e6, g / n, pp / n, st / n, wk / n, br / n, bw / n, h / n, mi / n}'
    done
  done
done
stop redis
fi

# --- corr: a correspondence site's traffic.
if table corr; then
"$LG" -gen-correspondence "$GAMES" -plies "$CORR_PLIES" >"$T/corr"
lines=$(wc -l <"$T/corr")
echo "# corr table: $GAMES chess games of $CORR_PLIES plies, $lines submissions in order; $(uptime)"
printf 'corr\tsetup\treq/s\tserver-us/req\tloadgen-us/req\tredis-us/req\tplies/req\tmemory-hits/req\tredis-hits/req\tredis-misses/req\tcalls/req\tbytes-read/req\tbytes-written/req\tkeys-stored/req\tredis-memory/req\n'
redis-cli -p "$rport" flushall >/dev/null
for setup in memory redis; do
  if [ "$setup" = memory ]; then serve corr; else serve corr --cache-size 1 --redis-url "redis://127.0.0.1:$rport/0"; fi
  a=$(snapshot "$port_corr")
  ra=$(redis_cpu "$rport")
  ka=$(redis-cli -p "$rport" dbsize); ma=$(redis_mem "$rport")
  # Few connections, so that a game's next submission follows the one before it.
  read -r n rps _ _ lgcpu <<<"$(load "$port_corr" /v1/games/adjudicate "$T/corr" -n "$lines" -c 4)"
  sleep 1 # the background writes land
  b=$(snapshot "$port_corr")
  rb=$(redis_cpu "$rport")
  kb=$(redis-cli -p "$rport" dbsize); mb=$(redis_mem "$rport")
  read -r cpu mhit rhit rmiss get pipe set bread bwrit plies _ <<<"$(delta "$a" "$b")"
  awk -v s="$setup" -v n="$n" -v r="$rps" -v c="$cpu" -v l="$lgcpu" -v rc="$(awk -v a="$ra" -v b="$rb" 'BEGIN {print b - a}')" \
    -v pl="$plies" -v mh="$mhit" -v h="$rhit" -v mi="$rmiss" \
    -v calls="$(awk -v a="$get" -v b="$pipe" -v c="$set" 'BEGIN {print a + b + c}')" -v br="$bread" -v bw="$bwrit" \
    -v keys=$((kb - ka)) -v mem=$((mb - ma)) \
    'BEGIN {printf "corr\t%s\t%.0f\t%.1f\t%.1f\t%.1f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.0f\t%.0f\t%.2f\t%.0f\n", s, r, c / n * 1e6, l / n * 1e6, rc / n * 1e6, pl / n, mh / n, h / n, mi / n, calls / n, br / n, bw / n, keys / n, mem / n}'
  stop corr
done
fi

if table memory; then
# --- memory: resident memory against the in-process cache's bytes, then
# against the inline definitions' estimated footprint.
echo "# memory table; $(uptime)"
printf 'memory\tkind\tlimit-bytes\tidle-rss-kb\tfull-rss-kb\tpeak-rss-kb\theld-bytes\tsent\n'
for lim in $MEM_LIMITS; do
  need=$(((lim << 20) / 10000 * 5 / 4))
  [ -s "$T/mem$need" ] || "$LG" -variant bigorra -gen-positions "$need" -plies "$PLIES" >"$T/mem$need"
  serve mem --cache-bytes $((lim << 20)) --cache-size 100000000
  idle=$(awk '/VmRSS/ {print $2}' "/proc/$pid_mem/status")
  "$LG" -url "http://127.0.0.1:$port_mem/v1/legal-moves" -bodies "$T/mem$need" -n "$need" -c 4 >/dev/null
  printf 'memory\tanswers\t%d\t%d\t%d\t%d\t%.0f\t%d\n' $((lim << 20)) "$idle" "$(awk '/VmRSS/ {print $2}' "/proc/$pid_mem/status")" \
    "$(awk '/VmHWM/ {print $2}' "/proc/$pid_mem/status")" "$(metric "$port_mem" '^adjudicator_cache_memory_bytes$')" "$need"
  stop mem
done
# The largest of them again under GOMEMLIMIT (the chart sets it from the
# container's memory limit): the idle service, the cache and a quarter more.
lim=${MEM_LIMITS##* }
need=$(((lim << 20) / 10000 * 5 / 4))
gml=$((80 + lim * 5 / 4))
SERVE_ENV="GOMEMLIMIT=${gml}MiB" serve mem --cache-bytes $((lim << 20)) --cache-size 100000000
idle=$(awk '/VmRSS/ {print $2}' "/proc/$pid_mem/status")
"$LG" -url "http://127.0.0.1:$port_mem/v1/legal-moves" -bodies "$T/mem$need" -n "$need" -c 4 >/dev/null
printf 'memory\tanswers, GOMEMLIMIT=%dMiB\t%d\t%d\t%d\t%d\t%.0f\t%d\n' "$gml" $((lim << 20)) "$idle" "$(awk '/VmRSS/ {print $2}' "/proc/$pid_mem/status")" \
  "$(awk '/VmHWM/ {print $2}' "/proc/$pid_mem/status")" "$(metric "$port_mem" '^adjudicator_cache_memory_bytes$')" "$need"
stop mem
# Distinct inline definitions (Terachess II under new ids), each compiled
# and kept until the bound evicts the oldest.
python3 - "$INLINE_DEFS" internal/rules/variants/terachess2.json >"$T/inline" <<'PY'
import json, sys
n, path = int(sys.argv[1]), sys.argv[2]
d = json.load(open(path))
for i in range(n):
    d["id"], d["name"] = "capacity-%d" % i, "Capacity %d" % i
    print(json.dumps({"definition": d}, separators=(",", ":")))
PY
serve inl --inline-variants 100000 --inline-cache-bytes $((INLINE_LIMIT << 20))
idle=$(awk '/VmRSS/ {print $2}' "/proc/$pid_inl/status")
"$LG" -url "http://127.0.0.1:$port_inl/v1/status" -bodies "$T/inline" -n "$INLINE_DEFS" -c 2 >"$T/inline.out"
grep -q '^non-2xx     0' "$T/inline.out" || { echo "inline definitions refused:"; cat "$T/inline.out"; }
printf 'memory\tinline\t%d\t%d\t%d\t%d\t%.0f\t%d (%s kept)\n' $((INLINE_LIMIT << 20)) "$idle" "$(awk '/VmRSS/ {print $2}' "/proc/$pid_inl/status")" \
  "$(awk '/VmHWM/ {print $2}' "/proc/$pid_inl/status")" "$(metric "$port_inl" '^adjudicator_inline_variants_bytes$')" "$INLINE_DEFS" \
  "$(metric "$port_inl" '^adjudicator_inline_variants_kept$' | cut -d. -f1)"
stop inl
fi
echo "# done; $(uptime)"
