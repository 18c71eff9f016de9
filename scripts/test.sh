#!/usr/bin/env bash
# The project's one test command: static checks, the race-enabled unit tests,
# and the full perft suites. CI runs exactly this (see .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

# need PROGRAM PACKAGE: install Debian's PACKAGE when PROGRAM is missing
# and this runs as root with apt-get; otherwise say what to install.
need() {
  if ! command -v "$1" >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
    else
      echo "$1 is not installed: run 'sudo apt-get install $2' (Debian) and retry"; exit 1
    fi
  fi
}

step "redis-server, redis-cli and redis-sentinel (the cache tests start their own servers, Clusters and Sentinels on free ports)"
need redis-server redis-server
need redis-cli redis-tools
need redis-sentinel redis-sentinel
redis-server --version

step "rsvg-convert (the picture tests render their SVGs to PNG)"
need rsvg-convert librsvg2-bin
rsvg-convert --version

step "chromium (the browser tests of the playground and the docs page drive Debian's headless Chromium at /usr/bin/chromium)"
need /usr/bin/chromium chromium
/usr/bin/chromium --version 2>/dev/null

step "npm (the client test compiles the TypeScript types generated from the contract)"
need npm npm
echo "node $(node --version), npm $(npm --version)"

step "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

step "go vet"
go vet ./...

step "staticcheck"
go tool staticcheck ./...

step "internal/rules imports only the standard library"
leak=$(go list -deps ./internal/rules | grep -E 'net/http|labstack|zap|redis' || true)
if [ -n "$leak" ]; then
  echo "internal/rules depends on: $leak"; exit 1
fi

# Fairy-Stockfish's own variants.ini is not part of the repository; where a
# copy lies beside the checkout (shared/fsf/variants.ini), the import test
# reads it too.
if [ -z "${FSF_VARIANTS_INI:-}" ] && [ -f ../shared/fsf/variants.ini ]; then
  export FSF_VARIANTS_INI=$(cd .. && pwd)/shared/fsf/variants.ini
fi

step "unit tests with the race detector (deep perft skipped by -short)"
go test -race -short -count=1 ./...

step "the independent reference generator against the engine (without -race)"
go test -count=1 -short -run '^TestReference' ./internal/rules

step "bulk adjudication of 10,000 games in one request (without -race)"
go test -count=1 -run '^TestBulk10000$' ./internal/handlers

step "end-to-end test of the real binary"
go test -count=1 -run '^TestEndToEnd$' ./cmd/adjudicator

step "Helm chart and Dockerfile (deploy/helm, a module of its own: Helm is built on first use)"
(cd deploy/helm && go tool -n helm >/dev/null && go vet ./... && go test -count=1 -timeout 20m ./...)

step "full perft suites"
go test -count=1 -run '^TestPerft' ./internal/rules ./internal/fsf
