#!/usr/bin/env bash
# What one adjudication leaves in Redis, by the game's length: the service
# (built from the work tree, and with BASE=<commit> also from that commit,
# checked out with `git worktree add` into a temporary folder that is
# removed at the end) in front of its own redis-server on a free loopback
# port. Each game is sent once, as one adjudication, to a service of its
# own on an emptied Redis; the script prints the keys left, the sums of
# their STRLEN and of their MEMORY USAGE, both per ply, and each
# service's Redis writes by result (none dropped).
#
# The games are legal however long: they are played in "marathon", chess
# sent inline with no automatic draw (repetitionEnd, moveEnd 0), no
# dead-position rule, threefold repetition and the 50-move rule claimable
# only (a built-in variant's 75-move rule ends every game long before
# 5,000 plies). Two games of each length in PLIES: "random", uniformly
# random legal moves (drawn from the work tree's legal-moves, served
# without Redis, seeds from SEED on until a game lasts; the same games for
# both builds), and "shuffle", Knights out and back (Nf3 Nf6 Ng1 Ng8 ...),
# no capture or Pawn move at all, so that every repetition key of the game
# is one since the last irreversible move.
#
#   cmd/loadgen/redisgrowth.sh                      # the work tree
#   BASE=660dd27 cmd/loadgen/redisgrowth.sh         # that commit, then the work tree
#   PLIES="80 500 5000" SEED=1 WORK_FLAGS="--max-state-bytes 65536" cmd/loadgen/redisgrowth.sh
#
# WORK_FLAGS are further flags of the work tree's serve (not BASE's, which
# may not know them).
set -euo pipefail
cd "$(dirname "$0")/../.."
PLIES=${PLIES:-80 500 5000}
SEED=${SEED:-1}
B=$(mktemp -d)
pids=()
wt=""
cleanup() {
  kill "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
  if [ -n "$wt" ]; then git worktree remove --force "$wt" 2>/dev/null || true; fi
  rm -rf "$B"
}
trap cleanup EXIT
free() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
waitup() { for _ in $(seq 100); do curl -sf "http://127.0.0.1:$1/livez" >/dev/null && return; sleep 0.1; done; echo "service on :$1 did not start" >&2; exit 1; }

echo "$(date -u +%Y-%m-%dT%H:%MZ); work tree at $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' with changes'); $(go version); $(nproc) cores; $(redis-server --version | cut -d' ' -f3)"
go build -o "$B/adjudicator-work" ./cmd/adjudicator
builds=()
if [ -n "${BASE:-}" ]; then
  wt=$B/base
  git worktree add --quiet --detach "$wt" "$BASE"
  (cd "$wt" && go build -o "$B/adjudicator-base" ./cmd/adjudicator)
  git worktree remove --force "$wt"
  wt=""
  builds+=("base:$(git rev-parse --short "$BASE")")
fi
builds+=("work:$(git rev-parse --short HEAD)+")

# The games, from a generator of the work tree without Redis.
gport=$(free)
"$B/adjudicator-work" serve --addr "127.0.0.1:$gport" --log-level warn 2>"$B/generator.log" &
gpid=$!
pids+=("$gpid")
waitup "$gport"
python3 - "$gport" "$SEED" "$B" $PLIES <<'EOF'
import json, random, sys, urllib.request
port, seed, out, plies = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], [int(p) for p in sys.argv[4:]]
base = "http://127.0.0.1:%d" % port
def post(path, body):
    req = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)
with urllib.request.urlopen(base + "/v1/variants/chess") as r:
    d = json.load(r)
d["id"], d["name"] = "marathon", "Marathon"
d["rules"]["draws"] = {"repetitionClaim": 3, "moveClaim": 50}
d["rules"]["insufficientMaterial"] = "none"
def random_game(n, seed):
    while True:
        rng, moves = random.Random(seed), []
        while len(moves) < n:
            ans = post("/v1/legal-moves", {"definition": d, "moves": moves})
            if ans["status"]["outcome"] != "ongoing" or not ans["moves"]:
                break
            moves.append(rng.choice(ans["moves"])["uci"])
        if len(moves) == n:
            return moves, seed
        seed += 1
dance = ["Nf3", "Nf6", "Ng1", "Ng8"]
for n in plies:
    moves, s = random_game(n, seed)
    for name, game in (("random", moves), ("shuffle", [dance[i % 4] for i in range(n)])):
        with open("%s/game-%s-%d.json" % (out, name, n), "w") as f:
            json.dump({"definition": d, "moves": game}, f)
    print("random game of %d plies: seed %d" % (n, s), file=sys.stderr)
EOF
kill "$gpid"

rport=$(free)
redis-server --port "$rport" --bind 127.0.0.1 --save "" --appendonly no --dir "$B" --logfile "$B/redis.log" &
pids+=($!)
for _ in $(seq 100); do redis-cli -p "$rport" ping >/dev/null 2>&1 && break; sleep 0.1; done
rcli() { redis-cli -p "$rport" "$@"; }

# held prints the keys under adj:, the sum of their STRLEN and of their
# MEMORY USAGE, once the service's background writes have landed (the
# sums unchanged for a second).
held() {
  local last="" now=""
  for _ in $(seq 100); do
    now=$(rcli --scan --pattern 'adj:*' | awk '{print "STRLEN " $0; print "MEMORY USAGE " $0}' | rcli |
      awk 'NR%2==1 {s+=$1; k++} NR%2==0 {m+=$1} END {printf "%d %d %d\n", k, s, m}')
    if [ "$now" = "$last" ]; then echo "$now"; return; fi
    last=$now
    sleep 1
  done
  echo "$now"
}

printf '%-14s %-8s %6s %9s %6s %12s %12s %10s %10s\n' build game plies body keys strlen memory strlen/ply memory/ply
for b in "${builds[@]}"; do
  name=${b%%:*}
  flags=""
  if [ "$name" = work ]; then flags=${WORK_FLAGS:-}; fi
  writes=""
  for n in $PLIES; do
    for game in random shuffle; do
      # A service of its own for each game, so that nothing of another
      # game (the shorter random games are prefixes of the longer) is
      # resumed from its in-process cache.
      rcli flushall >/dev/null
      sport=$(free)
      ADJUDICATOR_CACHE_SECRET=$(head -c 48 /dev/urandom | base64) "$B/adjudicator-$name" serve --addr "127.0.0.1:$sport" \
        --log-level warn --redis-url "redis://127.0.0.1:$rport/0" --redis-prefix adj: $flags 2>>"$B/$name.log" &
      spid=$!
      pids+=("$spid")
      waitup "$sport"
      body=$B/game-$game-$n.json
      code=$(curl -s -o "$B/answer.json" -w '%{http_code}' -H 'Content-Type: application/json' --data-binary "@$body" "http://127.0.0.1:$sport/v1/games/adjudicate")
      if [ "$code" != 200 ] || [ "$(jq -r '.legal and .plies == '"$n" "$B/answer.json")" != true ]; then
        echo "$b: $game game of $n plies answered $code $(head -c 300 "$B/answer.json")" >&2
        exit 1
      fi
      read -r keys strlen memory < <(held)
      awk -v b="$b" -v g="$game" -v n="$n" -v body="$(wc -c <"$body")" -v k="$keys" -v s="$strlen" -v m="$memory" \
        'BEGIN {printf "%-14s %-8s %6d %9d %6d %12d %12d %10.1f %10.1f\n", b, g, n, body, k, s, m, s/n, m/n}'
      writes+="$game/$n: $(curl -sf "http://127.0.0.1:$sport/metrics" | grep -E '^adjudicator_cache_writes_total\{.*tier="redis"' | sed 's/^adjudicator_cache_writes_total//' | tr '\n' ' ')"$'\n'
      kill "$spid"
      wait "$spid" 2>/dev/null || true
    done
  done
  printf '  %s, Redis writes by result:\n%s' "$b" "$(echo "$writes" | sed '/^$/d; s/^/    /')"$'\n'
done
