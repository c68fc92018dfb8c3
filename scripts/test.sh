#!/usr/bin/env bash
# The whole test suite: Go (with -race, SQLite always, PostgreSQL via
# TEST_DATABASE_URL), web unit tests, and end-to-end tests in headless Chromium
# against the real binary on SQLite and on PostgreSQL. stripe-mock is started
# here on loopback and stopped on exit.
#   scripts/test.sh [all|go|web|e2e [spec file…]]
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
export PATH="$PWD/.tools/bin:$PATH"
export GOFLAGS=-buildvcs=false
# Tests that need a dependency (stripe-mock, PostgreSQL, Chromium) fail
# instead of skipping when it is missing: CI must never pass by skipping.
export FUELPORTAL_TEST_STRICT=1
export TEST_DATABASE_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

# Each phase says its wall time and the CPU time of what it ran (user + system of its finished
# child processes, from /proc: fairer than wall time on a shared host).
# The CPU time of the finished children of the shell $1 (a phase passes its own: $BASHPID, not $$,
# since a phase run in the background is a subshell of its own).
children_cpu_ms() { local f; read -ra f <"/proc/$1/stat"; echo $(( (f[15] + f[16]) * 1000 / $(getconf CLK_TCK) )); }
phase() {
  local name=$1 t0 c0 me=$BASHPID; shift
  t0=$(date +%s%N); c0=$(children_cpu_ms "$me")
  "$@"  # not in an `||`: a failing command still ends the script (set -e)
  printf '==> %s: wall %d s, CPU %d s\n' "$name" $(( ($(date +%s%N) - t0) / 1000000000 )) $(( ($(children_cpu_ms "$me") - c0) / 1000 ))
}

free_port() { python3 - <<'PY' 2>/dev/null || echo $((20000 + RANDOM % 20000))
import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])
PY
}

ensure_postgres() {
  if pg_isready -q -d "$TEST_DATABASE_URL" 2>/dev/null; then return; fi
  # A machine of this kind runs PostgreSQL as a service; start it if it stopped.
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | tail -1)" main start 2>/dev/null || true
    for _ in $(seq 1 20); do pg_isready -q -d "$TEST_DATABASE_URL" && return; sleep 0.5; done
  fi
  echo "PostgreSQL is not reachable at TEST_DATABASE_URL=$TEST_DATABASE_URL" >&2
  exit 1
}

start_stripe_mock() {
  local http https
  http=$(free_port); https=$(free_port)
  stripe-mock -http-addr "127.0.0.1:$http" -https-addr "127.0.0.1:$https" >/tmp/stripe-mock.$$.log 2>&1 &
  pids+=($!)
  for _ in $(seq 1 50); do
    if curl -fs -o /dev/null -H 'Authorization: Bearer sk_test_123' "http://127.0.0.1:$http/v1/customers"; then
      export STRIPE_MOCK_URL="http://127.0.0.1:$http"; return
    fi
    sleep 0.2
  done
  echo "stripe-mock did not start" >&2; cat /tmp/stripe-mock.$$.log >&2; exit 1
}

run_words() {
  echo "==> words: no issue numbers, no document the repository lacks"
  bash scripts/check-words.sh
}

run_go() {
  echo "==> go vet"
  go vet ./...
  echo "==> go test -race (SQLite and PostgreSQL)"
  # -vet=off: go vet has just run all its checks, a superset of those go test would run again.
  # Every package of ours and of Go's is built with -race; modernc.org's SQLite (C translated to
  # Go, no Go code of ours) is not: instrumenting each memory access of the SQL engine made every
  # SQLite test 3-6x slower (seeding the demo 183 s against 28 s), and a C SQLite under cgo would
  # not be instrumented either. The race detector still sees every access our code makes.
  # -timeout is a test binary's wall time: beside e2e and the web checks a package waits for the
  # CPU, so the limit only stops a hung binary (CI gives the whole suite 90 minutes).
  # -ldflags=-w: test binaries without DWARF (a debugger's tables; stack traces and the race
  # detector's reports read the runtime's own symbol table), about a fourth of each link's work.
  go test -race -gcflags='modernc.org/...=-race=false' -ldflags=-w -vet=off -count=1 -timeout 75m ./...
}

run_web() {
  echo "==> web lint + unit tests"
  (cd web && npm run lint && npm test)
  # The sign-in page's JS+CSS up front stays within its budget (170 KB gzipped), and every
  # signed-in route's first load within its own (scripts/check-bundle-size.mjs ROUTE_BUDGETS_KB).
  # `make test` has just built web/dist (and says so); run alone, this builds it first so
  # the check never reads a stale dist/.
  echo "==> web bundle budgets (the sign-in page, every signed-in route's first load)"
  if [ "${FUELPORTAL_WEB_BUILT:-}" != 1 ]; then (cd web && npm run build); fi
  (cd web && npm run check:bundle)
}

# Seeds the demo into the database $1 (a URL for --db) with the binary itself (`serve --demo` until
# it answers, then stopped), its log at $2: the e2e servers start from it instead of each seeding
# the demo again (3,000 purchases through the purchase service: seconds of CPU each; `serve
# --demo` seeds only an empty database).
seed_demo() {
  local db=$1 log=$2 port pid
  port=$(free_port)
  bin/fuelportal serve --addr "127.0.0.1:$port" --db "$db" --demo >"$log" 2>&1 &
  pid=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$port/api/health"; do
    if ! kill -0 "$pid" 2>/dev/null; then echo "seeding the demo failed:" >&2; cat "$log" >&2; return 1; fi
    sleep 0.2
  done
  kill -TERM "$pid"; wait "$pid" || true
}

# A copy of the seeded SQLite demo at $1 (with its write-ahead log, if the server left one).
copy_demo_sqlite() {
  local from=$1 to=$2 suffix
  for suffix in "" -wal -shm; do if [ -f "$from$suffix" ]; then cp "$from$suffix" "$to$suffix"; fi; done
}

run_e2e() {  # [spec file…]: only those (each must hold tests of both sizes), e.g. e2e/audit.spec.ts
  # A database of this run's own: two clones testing on one host do not collide.
  local pgname="fuelportal_e2e_$$" pgdb
  pgdb="${TEST_DATABASE_URL%%\?*}"; pgdb="${pgdb%/*}/$pgname?sslmode=disable"
  psql -q -d "$TEST_DATABASE_URL" -c "DROP DATABASE IF EXISTS $pgname" -c "CREATE DATABASE $pgname"
  local tmp; tmp=$(mktemp -d)
  # The SQLite demo (copied for the phone run and the no-payments server) and the desktop run's
  # PostgreSQL demo are seeded side by side; each run starts as soon as its databases are: the
  # phone run once the SQLite demo is, the desktop run once both are.
  local t0; t0=$(date +%s)
  seed_demo "sqlite:$tmp/demo.db" "$tmp/demo.db.log" &
  local sqlite_seed=$!
  seed_demo "$pgdb" "$tmp/postgres-seed.log" &
  local postgres_seed=$!
  wait "$sqlite_seed" || { wait "$postgres_seed"; return 1; }
  echo "==> the SQLite demo seeded in $(( $(date +%s) - t0 )) s"
  copy_demo_sqlite "$tmp/demo.db" "$tmp/phone.db"
  copy_demo_sqlite "$tmp/demo.db" "$tmp/nopay.db"
  # Each flow runs at one size (web/playwright.config.ts: a driver's flows on the phone, the
  # owner's on the desktop; the screens tour at both). The phone project runs on SQLite, the
  # desktop project on PostgreSQL. The two runs are independent (each its own server, database,
  # port and output folder; one worker each, since a run's specs share the demo company) and
  # partly wait on the browser and timers, so they run side by side; each line says which run
  # it is from. (The payments-not-configured spec, a desktop flow, has its own server without
  # Stripe keys, on SQLite: playwright.config.ts; the phone run starts none, E2E_NOPAY=0.) The
  # phone run lets the server post pushes to push.spec.ts's receiver on loopback
  # (E2E_ALLOW_PRIVATE); the desktop run refuses private addresses. The servers on SQLite start
  # from copies of one seeded demo; the one on PostgreSQL from its database seeded beside it, its
  # stand-in journal in this run's temp folder (by default it would be web/data/standin-…).
  echo "==> e2e (Chromium): [sqlite] the phone flows; [postgres] the desktop flows; the screens tour in both"
  # Each server's port is one the system just handed out free (a random one could be a port Go's
  # tests or the other run had open: "address already in use").
  local phone_port desktop_port nopay_port
  phone_port=$(free_port); desktop_port=$(free_port); nopay_port=$(free_port)
  (cd web && E2E_PORT=$phone_port E2E_ALLOW_PRIVATE=1 E2E_NOPAY=0 E2E_DB="sqlite:$tmp/phone.db" npx playwright test --project=phone --output=test-results/sqlite-phone "$@") 2>&1 | sed -u 's/^/[sqlite] /' &
  local sqlite_run=$!
  local failed=0
  if wait "$postgres_seed"; then
    echo "==> the PostgreSQL demo seeded in $(( $(date +%s) - t0 )) s"
    (cd web && E2E_PORT=$desktop_port E2E_NOPAY_PORT=$nopay_port E2E_DB="$pgdb" FUELPORTAL_STANDIN_JOURNAL="$tmp/postgres-standin" E2E_NOPAY_DB="sqlite:$tmp/nopay.db" npx playwright test --project=desktop --output=test-results/postgres "$@") 2>&1 | sed -u 's/^/[postgres] /' &
    local postgres_run=$!
    wait "$postgres_run" || failed=1
  else
    failed=1
  fi
  wait "$sqlite_run" || failed=1
  psql -q -d "$TEST_DATABASE_URL" -c "DROP DATABASE IF EXISTS $pgname WITH (FORCE)" || true
  rm -rf "$tmp"
  return "$failed"
}

# The whole suite. Go, the web checks and e2e run side by side: on a 2-core host none of them
# keeps both cores busy alone (Go's largest package runs its tests one at a time, e2e waits on the
# browser), and none reads what another writes (each e2e run has its own server and database; Go's
# tests make their own schemas). The web app must be built first (`make test` has; run alone, this
# builds it), since go test compiles the package that embeds web/dist. All three run at the same
# priority: on a loaded host Go at nice +10 made no headway beside e2e and the web checks (still
# compiling 24 minutes in) and then ran alone at the end; at one priority it gets its share from
# the start. No test waits on a time limit tighter than its own, so a slower share fails none.
# Each line says which phase it is from; each phase prints its wall and CPU time.


# What a failed phase said, again at the very end of the output (which is what a CI log shows
# first): its lines that name a failure, then its last lines.
failure_summary() {  # name log
  echo "==> what failed in $1: the lines naming a failure, then its last 40 lines"
  grep -E -e '--- FAIL|^FAIL|panic:|FAIL |✗|×|✘|Error:|failed|Timeout|timed out' "$2" | head -n 60 || true
  echo "--- the last lines of $1:"
  tail -n 40 "$2"
}

run_all() {
  if [ "${FUELPORTAL_WEB_BUILT:-}" != 1 ]; then (cd web && npm run build); export FUELPORTAL_WEB_BUILT=1; fi
  local t0 name failed=() pids_of=() logs
  logs=$(mktemp -d)
  t0=$(date +%s%N)
  ( phase e2e run_e2e ) 2>&1 | sed -u 's/^/[e2e] /' | tee "$logs/e2e" &
  pids_of+=("e2e:$!")
  ( phase go run_go ) 2>&1 | sed -u 's/^/[go] /' | tee "$logs/go" &
  pids_of+=("go:$!")
  ( phase web run_web ) 2>&1 | sed -u 's/^/[web] /' | tee "$logs/web" &
  pids_of+=("web:$!")
  for name in "${pids_of[@]}"; do wait "${name#*:}" || failed+=("${name%%:*}"); done
  printf '==> go, web and e2e side by side: wall %d s\n' $(( ($(date +%s%N) - t0) / 1000000000 ))
  if [ ${#failed[@]} -gt 0 ]; then
    for name in "${failed[@]}"; do failure_summary "$name" "$logs/$name"; done
    rm -rf "$logs"
    echo "==> failed: ${failed[*]}" >&2; return 1
  fi
  rm -rf "$logs"
}

case "$what" in
  go) ensure_postgres; start_stripe_mock; phase go run_go ;;
  web) phase words run_words; phase web run_web ;;
  e2e) shift; ensure_postgres; start_stripe_mock; phase e2e run_e2e "$@" ;;
  all) phase words run_words; ensure_postgres; start_stripe_mock; run_all
       echo "==> all suites passed" ;;
  *) echo "usage: test.sh [all|go|web|e2e [spec file…]]" >&2; exit 2 ;;
esac
