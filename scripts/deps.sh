#!/usr/bin/env bash
# Installs what the project needs on a fresh machine of its kind (Go, Node 20,
# Debian). Each step is skipped when its result is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}

need_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

web() {
  # npm ci only when package-lock.json changed since the last install; packages already in
  # npm's cache are taken from it without asking the registry again (the lock file pins them).
  local stamp=web/node_modules/.install-stamp
  if [ ! -f "$stamp" ] || [ web/package-lock.json -nt "$stamp" ]; then
    echo "==> npm ci (web)"
    (cd web && npm ci --prefer-offline --no-audit --no-fund --loglevel=error)
    touch "$stamp"
  fi
  # Some npm packages ship Go files; a go.mod here keeps them out of ./... .
  [ -f web/node_modules/go.mod ] || echo 'module node_modules_ignored' > web/node_modules/go.mod
}

test_tools() {
  if ! command -v chromium >/dev/null 2>&1; then
    echo "==> apt-get install chromium"
    need_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive need_root apt-get install -y -qq chromium >/dev/null
  fi
  if [ ! -x .tools/bin/stripe-mock ]; then
    echo "==> go install stripe-mock"
    mkdir -p .tools/bin
    GOBIN="$PWD/.tools/bin" go install github.com/stripe/stripe-mock@v0.203.0
  fi
}

case "$what" in
  web) web ;;
  test) web; test_tools ;;
  tools) test_tools ;;
  all) web; test_tools ;;
  *) echo "usage: deps.sh [web|test|tools|all]" >&2; exit 2 ;;
esac
