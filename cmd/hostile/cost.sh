#!/usr/bin/env bash
# cost.sh measures what the worst request of each endpoint costs the
# server (cmd/hostile/cost.go): it builds adjudicator and hostile from the
# working tree, and for each case starts a fresh `adjudicator serve` on
# loopback with the default limits (no Redis), sends the case's request
# (hostile -costs ID), and stops that server; then prints the table in
# Markdown with the commit, the date and the machine.
#
#   cmd/hostile/cost.sh                 # every case
#   cmd/hostile/cost.sh perft import    # some of them
#
# COST_PORT chooses the port (default 18931). Each case is bounded: the
# server is stopped after the case or after 120 s, whichever comes first.
set -euo pipefail
cd "$(dirname "$0")/../.."

port=${COST_PORT:-18931}
work=$(mktemp -d)
server=""
stop_server() {
	if [ -n "$server" ]; then
		kill "$server" 2>/dev/null || true
		wait "$server" 2>/dev/null || true
		server=""
	fi
}
trap 'stop_server; rm -rf "$work"' EXIT

if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
	echo "cost.sh: 127.0.0.1:$port is in use; set COST_PORT" >&2
	exit 2
fi

go build -o "$work/adjudicator" ./cmd/adjudicator
go build -o "$work/hostile" ./cmd/hostile

if [ $# -gt 0 ]; then
	cases=("$@")
else
	mapfile -t cases < <("$work/hostile" -costs list)
fi

commit=$(git rev-parse --short HEAD)
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
	commit="$commit (working tree with uncommitted changes)"
fi
echo "Commit $commit, $(date -u '+%Y-%m-%d %H:%M UTC'), $(go version | cut -d' ' -f3), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run."
echo "Each case alone on a fresh \`adjudicator serve --addr 127.0.0.1:$port --log-level error\` (defaults, no Redis); the client accepts gzip."
echo
echo "| case | endpoint | sends | sent | answer | status | wall | server CPU | peak rise MB | CPU µs / KB sent | peak MB / MB sent | answer B / B sent |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
failed=0
for c in "${cases[@]}"; do
	"$work/adjudicator" serve --addr "127.0.0.1:$port" --log-level error &
	server=$!
	for _ in $(seq 100); do
		if curl -fs "http://127.0.0.1:$port/livez" >/dev/null 2>&1; then break; fi
		sleep 0.1
	done
	if ! timeout 120 "$work/hostile" -costs "$c" -url "http://127.0.0.1:$port" -pid "$server"; then
		echo "| \`$c\` | failed (see stderr) |"
		failed=1
	fi
	stop_server
done
echo
echo "Load average $(cut -d' ' -f1-3 /proc/loadavg) after the run."
exit $failed
