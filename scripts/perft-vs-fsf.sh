#!/usr/bin/env bash
# Perft of this engine against Fairy-Stockfish, alternated, ROUNDS times:
# Capablanca Chess from the start to depth 5 (against FSF_LB, a build with
# largeboards=yes, which 10x8 needs) and Chess960 array 518 to depth 6
# (against FSF, the 8x8 build). Prints nodes and CPU seconds (user + sys)
# of each run and the ratio, Fairy-Stockfish's time over ours.
#
# SET=ends runs instead the variants that end a game another way, against
# the 8x8 build (FSF alone needed): King of the Hill, three-check, Racing
# Kings, antichess, Three Kings, Knightmate, Horde, atomic, no-check atomic,
# Atomar, Coregal, Extinction and Losers, each from its start and from
# a middle game of its perft suite, at depths that take a second or more
# (Fairy-Stockfish's start-up, about 0.1 s of CPU, counts in its time).
#
#   git clone https://github.com/fairy-stockfish/Fairy-Stockfish && cd Fairy-Stockfish/src
#   make -j2 build ARCH=x86-64-modern nnue=no && cp stockfish /tmp/fsf-8x8
#   make clean && make -j2 build ARCH=x86-64-modern largeboards=yes nnue=no && cp stockfish /tmp/fsf-lb
#   FSF=/tmp/fsf-8x8 FSF_LB=/tmp/fsf-lb scripts/perft-vs-fsf.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SET=${SET:-large}
: "${FSF:?the 8x8 Fairy-Stockfish binary}"
[ "$SET" = ends ] || : "${FSF_LB:?the largeboards Fairy-Stockfish binary}"
ROUNDS=${ROUNDS:-3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
go build -o "$T/adjudicator" ./cmd/adjudicator
cpu() { awk '{printf "%.2f", $1 + $2}' "$T/time"; }
ours() { /usr/bin/time -o "$T/time" -f "%U %S" "$T/adjudicator" perft --variant "$1" --depth "$2" 2>/dev/null | tail -1; }
fsf() { printf '%s\nposition startpos\ngo perft %s\nquit\n' "$2" "$3" |
  /usr/bin/time -o "$T/time" -f "%U %S" "$1" | sed -n 's/^Nodes searched: //p'; }
echo "commit $(git rev-parse --short HEAD); $(nproc) cores; $(uptime)"
if [ "$SET" = ends ]; then
  # variant | position (UCI: startpos or fen ...) | depth
  runs=(
    "kingofthehill|startpos|6"
    "kingofthehill|fen rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12|5"
    "3check|startpos|6"
    "3check|fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 2+3 0 1|4"
    "racingkings|startpos|5"
    "racingkings|fen 8/8/1rk4K/8/8/8/2bnNBR1/qrbnNBRQ b - - 0 1|5"
    "antichess|startpos|6"
    "antichess|fen r1bqkb2/p2pp2r/2n4n/2p2p2/8/5P2/P1PPNKPP/R1BQ1B1R w - - 0 12|6"
    "threekings|startpos|6"
    "threekings|fen k1b2bk1/4pppp/np1pk3/p1p5/4q3/PPPP1P1P/3Q2P1/KNBK1BNK w - - 0 15|5"
    "knightmate|startpos|6"
    "knightmate|fen rm1qkbmr/2p4p/bp5p/p2p1p2/4PP1P/4P1PR/PPP3K1/R1MQ1BM1 w - - 2 13|5"
    "horde|startpos|7"
    "horde|fen rnbqkbnr/6p1/2p1Pp1P/P1PPPP2/Pp4PP/1p2PPPP/1P2PPPP/PP1nPPPP b kq a3 0 18|6"
    "atomic|startpos|5"
    "atomic|fen rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1|5"
    "nocheckatomic|startpos|6"
    "nocheckatomic|fen 7r/6Pb/1np5/1p2kp2/P1P1n3/1P2KP1B/5N2/8 w - - 0 1|6"
    "atomar|startpos|6"
    "atomar|fen r1b5/3p2k1/4n2p/Bp3p2/8/6P1/P1PK1P2/1R3B2 w - - 12 31|5"
    "coregal|startpos|6"
    "coregal|fen rn2kb1r/ppp1pppp/6q1/8/2PP2b1/5B2/PP3P1P/R1BQK1NR w KQkq - 1 9|5"
    "extinction|startpos|6"
    "extinction|fen rnb1kbnr/1ppp1p2/4p1p1/p5q1/P5p1/2PP4/1PQBPP1P/RN2KBNR w KQkq - 2 7|5"
    "losers|startpos|6"
    "losers|fen r3kbn1/pp2ppp1/8/4n3/4P1b1/8/PPPP2P1/R1B1K1N1 w Qq - 0 12|6"
  )
  for round in $(seq "$ROUNDS"); do
    for run in "${runs[@]}"; do
      IFS='|' read -r v pos d <<<"$run"
      fen=()
      [ "$pos" = startpos ] || fen=(--fen "${pos#fen }")
      n1=$(/usr/bin/time -o "$T/time" -f "%U %S" "$T/adjudicator" perft --variant "$v" --depth "$d" "${fen[@]}" 2>/dev/null | tail -1); t1=$(cpu)
      n2=$(printf 'setoption name UCI_Variant value %s\nposition %s\ngo perft %s\nquit\n' "$v" "$pos" "$d" |
        /usr/bin/time -o "$T/time" -f "%U %S" "$FSF" | sed -n 's/^Nodes searched: //p'); t2=$(cpu)
      [ "$n1" = "$n2" ] || { echo "$v $pos d$d: ours $n1, FSF $n2: the counts differ" >&2; exit 1; }
      echo "round $round: $v ${pos%% *} d$d: $n1 nodes, ours ${t1}s, FSF ${t2}s, $(awk -v a="$t2" -v b="$t1" 'BEGIN {printf "%.2f", a/b}')x"
    done
  done
  exit 0
fi
for round in $(seq "$ROUNDS"); do
  n1=$(ours capablanca 5); t1=$(cpu)
  n2=$(fsf "$FSF_LB" "setoption name UCI_Variant value capablanca" 5); t2=$(cpu)
  n3=$(ours chess960 6); t3=$(cpu)
  n4=$(fsf "$FSF" "setoption name UCI_Chess960 value true" 6); t4=$(cpu)
  echo "round $round: capablanca d5: ours $n1 in ${t1}s, FSF $n2 in ${t2}s, $(awk -v a="$t2" -v b="$t1" 'BEGIN {printf "%.2f", a/b}')x;" \
    "chess960 518 d6: ours $n3 in ${t3}s, FSF $n4 in ${t4}s, $(awk -v a="$t4" -v b="$t3" 'BEGIN {printf "%.2f", a/b}')x"
done
