#!/usr/bin/env bash
# Benchmarks and load figures (bench/README.md records what they printed).
# Not part of `make test`: the fleet benchmark builds 1,000,000 rows per engine.
#   scripts/bench.sh [quick|all]
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS=-buildvcs=false
export TEST_DATABASE_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}
what=${1:-quick}

# PostGIS is only needed for the comparison figure of the near-route query.
if ! dpkg -s postgresql-15-postgis-3 >/dev/null 2>&1; then
  echo "==> apt-get install postgresql-15-postgis-3 (for the PostGIS comparison)"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15-postgis-3 >/dev/null || true; fi
fi

echo "==> spatial index and plan optimizer"
go test ./geo ./plan -run '^$' -bench . -benchmem
go test ./geo -run '^$' -bench NearRouteLatency -benchtime 2000x -count=1

echo "==> stations, near-route (in memory and PostGIS), radius, plan, built-in routes"
go test ./bench -run '^$' -bench . -benchtime 2s

echo "==> sign-in latency under load (a demo server on loopback)"
dir=$(mktemp -d); port=$((20000 + RANDOM % 20000))
bin/fuelportal serve --addr "127.0.0.1:$port" --db "sqlite:$dir/bench.db" --demo >"$dir/server.log" 2>&1 &
server=$!; trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.5; done
go run ./bench/signin -url "http://127.0.0.1:$port" -c 8 -n 400

if [ "$what" = all ]; then
  echo "==> fleet: transactions page over 1,000,000 rows, purchase ingest, export"
  go test ./purchases/ -run '^$' -bench 'TransactionsPage|PurchaseIngest' -benchtime 300x -timeout 60m
  go test ./http/ -run '^$' -bench Export -benchtime 2x -timeout 30m
fi
