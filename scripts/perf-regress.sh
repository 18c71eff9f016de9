#!/usr/bin/env bash
# perf-regress.sh BASE [HEAD]: is HEAD slower than BASE?
#
# Builds `adjudicator` and the rules test binary at BASE and at HEAD (a
# commit; without it, the working tree as it is, uncommitted changes and
# untracked files included), each from a copy in a temporary directory, and
# runs both on the same perft runs and on the replay of a 300-ply Terachess
# II game, BASE and HEAD alternated (in turn first), ROUNDS times. For each
# run it checks that both builds count the same leaves (or reach the same
# final position), and prints the new/old ratio of their cost: the median
# and the range over the rounds. The verdict fails (exit status 1) when a
# run's median ratio is above 1 + THRESHOLD percent.
#
# Two measures, chosen by MODE:
#
#   MODE=time (default): CPU seconds (user + sys, /usr/bin/time) of each
#     process, runs of 1-4 s on a quiet 2-core machine. Noisy on a shared
#     machine: use ROUNDS of 5 or more and read the range.
#   MODE=callgrind: instructions counted by valgrind's callgrind, which do
#     not depend on the machine's load (they move by about 0.01% from run
#     to run: the Go runtime's own threads), at smaller depths since
#     valgrind runs about 50 times slower. The start-up (reading the
#     variant, compiling it) is left out: a perft's count is the run at its
#     depth less the run at depth 1, the replay's the run of 1+K games less
#     the run of one. ROUNDS defaults to 1 here.
#
# Other settings: ONLY=REGEX keeps the runs whose name matches (for
# instance ONLY='^chess-start$' to bisect); THRESHOLD=3 (percent); GO=go.
#
#   scripts/perf-regress.sh 26fec64                 # working tree against 26fec64
#   MODE=callgrind scripts/perf-regress.sh main~5 main
#   ROUNDS=9 ONLY='chess|kiwipete' scripts/perf-regress.sh HEAD~1
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] && [ $# -le 2 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
BASE=$1
HEAD=${2:-}
MODE=${MODE:-time}
THRESHOLD=${THRESHOLD:-3}
ONLY=${ONLY:-.}
GO=${GO:-go}
case $MODE in
time) ROUNDS=${ROUNDS:-5} ;;
callgrind) ROUNDS=${ROUNDS:-1}; command -v valgrind >/dev/null || { echo "MODE=callgrind needs valgrind (apt-get install valgrind)"; exit 2; } ;;
*) echo "MODE must be time or callgrind"; exit 2 ;;
esac

KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
SHAKO_MID='r5k3/4q2c2/1ebppnp3/1pp3BeEQ/10/2PE2P3/1P3P4/5NP2P/rR3KB3/7C2 w Q - 3 35'

# The runs: name, variant, depth in time mode, depth in callgrind mode,
# FEN (- for the start), and in time mode how many times the perft is
# repeated within one measurement (for runs shorter than a second).
RUNS=$(
  cat <<EOF
chess-start|chess|6|5|-|1
kiwipete|chess|5|4|$KIWIPETE|1
chess960|chess960|6|4|-|1
capablanca|capablanca|5|4|-|2
shako-start|shako|4|4|-|5
shako-middlegame|shako|4|3|$SHAKO_MID|2
grand|grand|4|3|-|4
gigachess2|gigachess2|4|3|-|2
terachess2|terachess2|4|3|-|2
bigorra|bigorra|4|3|-|2
giant|giant|4|3|-|4
EOF
  if [ "$MODE" = callgrind ]; then
    # Instructions are cheap to compare: every other built-in variant too.
    for v in carrera chancellor courier embassy giant-quick gothic janus modern omicron opulent tencubed torpedo troitzky wildebeest wolf; do
      echo "$v|$v|4|4|-|1"
    done
  fi
)
RUNS=$(echo "$RUNS" | awk -F'|' -v re="$ONLY" '$1 ~ re')
REPLAY=0
if echo "terachess2-replay-300" | grep -Eq -- "$ONLY"; then REPLAY=1; fi

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# The replay benchmark, the same file compiled into both test binaries: a
# 300-ply game of random legal moves of Terachess II (fixed seed) replayed
# from its coordinate texts with its final status, as games/adjudicate does
# (Game.PlayText). It prints the plies and the final FEN, so that the two
# builds are seen to replay the same game.
cat >"$T/replay_regress_test.go" <<'EOF'
package rules_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

func BenchmarkRegressReplay(b *testing.B) {
	start := rules.MustBuiltin("terachess2").Start()
	g := rules.NewGame(start)
	r := rand.New(rand.NewPCG(2, 2^0x9e3779b97f4a7c15))
	var moves []string
	for len(moves) < 300 && g.Status().Outcome == rules.Ongoing {
		legal := g.LegalMoves()
		m := legal[r.IntN(len(legal))]
		moves = append(moves, g.Position().UCI(m))
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	var fen string
	for b.Loop() {
		g := rules.NewGame(start)
		for _, text := range moves {
			if _, _, err := g.PlayText(text); err != nil {
				b.Fatal(err)
			}
		}
		_ = g.Status()
		fen = g.Position().FEN()
	}
	fmt.Printf("replayed %d plies to %s\n", len(moves), fen)
}
EOF

# tree DIR REV: a copy of REV (empty: the working tree) in DIR.
tree() {
  mkdir -p "$1"
  if [ -n "$2" ]; then
    git archive "$2" | tar -x -C "$1"
  else
    git ls-files -z --cached --others --exclude-standard |
      while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
      tar -c --null -T - | tar -x -C "$1"
  fi
}

# build NAME REV: $T/NAME/adjudicator, and $T/NAME/rules.test when the
# replay benchmark compiles there (it needs Game.PlayText, since d0ee315).
build() {
  tree "$T/$1/src" "$2"
  (cd "$T/$1/src" && $GO build -o "$T/$1/adjudicator" ./cmd/adjudicator)
  if [ "$REPLAY" = 1 ]; then
    cp "$T/replay_regress_test.go" "$T/$1/src/internal/rules/"
    (cd "$T/$1/src" && $GO test -c -o "$T/$1/rules.test" ./internal/rules 2>"$T/$1/test-c.err") ||
      echo "note: no replay benchmark at ${2:-the working tree} (it needs Game.PlayText): $(head -1 "$T/$1/test-c.err")"
  fi
  rm -rf "$T/$1/src"
}

BASE_REV=$(git rev-parse --short "$BASE^{commit}")
if [ -n "$HEAD" ]; then
  HEAD_REV=$(git rev-parse --short "$HEAD^{commit}")
  HEAD_NAME=$HEAD_REV
else
  HEAD_REV=
  HEAD_NAME="working tree at $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (modified)')"
fi
echo "building $BASE_REV (old) and $HEAD_NAME (new)..."
build old "$BASE_REV"
build new "$HEAD_REV"
if [ ! -x "$T/old/rules.test" ] || [ ! -x "$T/new/rules.test" ]; then REPLAY=0; fi

# measure BUILD KIND ARGS...: prints "RESULT COST" for one measurement.
# KIND perft: ARGS are variant, depth, FEN, repeats; KIND replay: ARGS is
# the number of games.
cg() {
  GODEBUG=cpu.rdtscp=off,asyncpreemptoff=1 GOMAXPROCS=1 GOGC=off \
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>"$T/cg.err" >"$T/out" ||
    { echo "valgrind failed:" >&2; tail -20 "$T/cg.err" >&2; exit 1; }
  sed -n 's/^==[0-9]*== Collected : //p' "$T/cg.err"
}
perft_args() { # variant depth fen
  if [ "$3" = - ]; then echo "perft --variant $1 --depth $2"; else echo "perft --variant $1 --depth $2 --fen"; fi
}
measure() {
  local bin=$T/$1/adjudicator test=$T/$1/rules.test kind=$2
  shift 2
  if [ "$kind" = perft ]; then
    local v=$1 d=$2 fen=$3 reps=$4 args
    args=$(perft_args "$v" "$d" "$fen")
    if [ "$MODE" = callgrind ]; then
      local a b
      if [ "$fen" = - ]; then
        a=$(cg "$bin" $args); cp "$T/out" "$T/out.keep"
        b=$(cg "$bin" perft --variant "$v" --depth 1)
      else
        a=$(cg "$bin" $args "$fen"); cp "$T/out" "$T/out.keep"
        b=$(cg "$bin" perft --variant "$v" --depth 1 --fen "$fen")
      fi
      echo "$(tail -1 "$T/out.keep") $((a - b))"
      return
    fi
    local total=0 i
    for i in $(seq "$reps"); do
      if [ "$fen" = - ]; then
        /usr/bin/time -o "$T/time" -f "%U %S" "$bin" $args >"$T/out" 2>/dev/null
      else
        /usr/bin/time -o "$T/time" -f "%U %S" "$bin" $args "$fen" >"$T/out" 2>/dev/null
      fi
      total=$(awk -v t="$total" '{printf "%.3f", t + $1 + $2}' "$T/time")
    done
    echo "$(tail -1 "$T/out") $total"
    return
  fi
  local games=$1
  if [ "$MODE" = callgrind ]; then
    local a b
    a=$(cg "$test" -test.run '^$' -test.bench '^BenchmarkRegressReplay$' -test.benchtime "$((games + 1))x")
    cp "$T/out" "$T/out.keep"
    b=$(cg "$test" -test.run '^$' -test.bench '^BenchmarkRegressReplay$' -test.benchtime 1x)
    echo "$(replay_result "$T/out.keep") $(((a - b) / games))"
    return
  fi
  /usr/bin/time -o "$T/time" -f "%U %S" "$test" -test.run '^$' -test.bench '^BenchmarkRegressReplay$' \
    -test.benchtime "${games}x" >"$T/out" 2>/dev/null
  echo "$(replay_result "$T/out") $(awk '{printf "%.3f", $1 + $2}' "$T/time")"
}
# replay_result FILE: the replay's plies and final FEN, without spaces.
replay_result() { grep '^replayed' "$1" | tail -1 | tr ' ' '_'; }

echo "mode $MODE, $ROUNDS rounds, threshold ${THRESHOLD}%; $(nproc) cores;$(uptime | sed 's/.*,  *load/ load/')"
date -u '+%Y-%m-%d %H:%M UTC'
names=()
while IFS='|' read -r name v dtime dcg fen reps; do
  [ -n "$name" ] || continue
  names+=("$name")
  d=$dtime
  [ "$MODE" = callgrind ] && d=$dcg && reps=1
  echo "perft|$name|$v|$d|$fen|$reps" >>"$T/plan"
done <<<"$RUNS"
if [ "$REPLAY" = 1 ]; then
  games=6000
  [ "$MODE" = callgrind ] && games=50
  echo "replay|terachess2-replay-300|$games" >>"$T/plan"
fi
[ -s "$T/plan" ] || { echo "no run matches ONLY=$ONLY"; exit 2; }

for round in $(seq "$ROUNDS"); do
  order="old new"
  [ $((round % 2)) = 0 ] && order="new old"
  while IFS='|' read -r kind name a b c d; do
    for which in $order; do
      if [ "$kind" = perft ]; then
        out=$(measure "$which" perft "$a" "$b" "$c" "$d")
        label="$a d$b"
      else
        out=$(measure "$which" replay "$a")
        label="$a games"
      fi
      read -r res cost <<<"$out"
      echo "$name|$which|$res|$cost" >>"$T/results"
    done
    awk -F'|' -v n="$name" -v r="$round" -v l="$label" '$1 == n { c[$2] = $4; x[$2] = $3 }
      END { printf "round %d %-22s %-14s old %s new %s  new/old %.4f%s\n", r, n, "(" l ")", c["old"], c["new"],
            c["new"] / c["old"], (x["old"] == x["new"] ? "" : "  RESULTS DIFFER: " x["old"] " / " x["new"]) }' \
      <(grep "^$name|" "$T/results" | tail -2)
  done <"$T/plan"
done

echo
echo "summary: new/old cost, median (range) over $ROUNDS rounds; $BASE_REV -> $HEAD_NAME"
status=0
while IFS='|' read -r kind name _; do
  line=$(grep "^$name|" "$T/results" | awk -F'|' -v t="$THRESHOLD" '
    { if ($2 == "old") { o[++no] = $4; ro[no] = $3 } else { nw[++nn] = $4; rn[nn] = $3 } }
    END {
      for (i = 1; i <= no; i++) { r[i] = nw[i] / o[i]; if (ro[i] != rn[i]) bad = 1 }
      n = no
      for (i = 2; i <= n; i++) for (j = i; j > 1 && r[j - 1] > r[j]; j--) { x = r[j]; r[j] = r[j - 1]; r[j - 1] = x }
      med = (n % 2) ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2
      v = bad ? "RESULTS DIFFER" : (med > 1 + t / 100 ? "SLOWER" : (med < 1 - t / 100 ? "faster" : "ok"))
      printf "%.4f (%.4f-%.4f) %s\n", med, r[1], r[n], v
    }')
  printf '  %-22s %s\n' "$name" "$line"
  case $line in *SLOWER* | *DIFFER*) status=1 ;; esac
done <"$T/plan"
if [ $status = 0 ]; then
  echo "verdict: no run slower by more than ${THRESHOLD}%"
else
  echo "verdict: FAIL (a run slower by more than ${THRESHOLD}%, or the builds disagree)"
fi
exit $status
