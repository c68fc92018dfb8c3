# fuelportal: the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
GO    ?= go
BIN   := bin/fuelportal
TOOLS := $(CURDIR)/.tools/bin
export GOFLAGS := -buildvcs=false
export PATH := $(TOOLS):$(PATH)

.PHONY: run test build web deps deps-web deps-test tools go-test web-test e2e lint bench clean

## run: install what is missing, build, start on SQLite with the demo data.
run: build
	@mkdir -p data
	$(BIN) serve --demo

## test: everything CI runs (Go with -race on SQLite and PostgreSQL, web unit tests, e2e in Chromium).
## The test tools (Chromium, stripe-mock) install while npm installs and the app builds.
test:
	@$(MAKE) --no-print-directory -j3 tools build
	FUELPORTAL_WEB_BUILT=1 bash scripts/test.sh

## build: the web app embedded into one binary at bin/fuelportal.
build: web
	CGO_ENABLED=0 $(GO) build -o $(BIN) ./cmd/fuelportal

web: deps-web
	cd web && npm run build

deps-web:
	@bash scripts/deps.sh web

deps-test: deps-web
	@bash scripts/deps.sh test

tools:
	@bash scripts/deps.sh tools

go-test: deps-test
	bash scripts/test.sh go

web-test: deps-web
	bash scripts/test.sh web

e2e: deps-test build
	bash scripts/test.sh e2e

lint: deps-web
	$(GO) vet ./...
	cd web && npm run lint

## bench: benchmarks and load figures (see bench/README.md).
bench: deps-test build
	bash scripts/bench.sh

clean:
	rm -rf bin web/dist/assets web/dist/index.html .tools
