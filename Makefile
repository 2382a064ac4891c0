# bidpass: `make run` to try it, `make test` for the whole suite.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
GO      ?= go
BIN     := bin/bidpass
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)
TOOLS   := $(GO) tool -modfile=tools/go.mod
# Not ./...: web/node_modules holds stray Go files of npm packages.
PKGS    := ./cmd/... ./internal/... ./scripts/... ./web

.PHONY: run build web web-deps go-build size test test-go test-web lint e2e bench vuln docs screenshots clean

## run: install what is needed, build, and start on SQLite and local files (dev mode)
run: build
	@echo "Starting bidpass in development mode (SQLite and files under ./data)."
	./$(BIN) serve --dev

## build: the web app and the binary that embeds it
build: web go-build

web-deps: web/node_modules/.package-lock.json

web/node_modules/.package-lock.json: web/package-lock.json web/package.json
	@command -v npm >/dev/null || { echo "npm is required (Node.js 20): apt-get install nodejs npm"; exit 1; }
	cd web && npm ci --no-audit --no-fund
	@touch $@

# The app is rebuilt only when something it is built from changed: make test needs it for the
# browser tests and for the size check, and each build costs a minute or two on 2 cores.
WEB_SRC := $(shell find web/src web/public web/scripts -type f 2>/dev/null) \
	web/index.html web/vite.config.ts web/package.json web/tsconfig.json web/tsconfig.node.json
web: web/dist/index.html
web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SRC)
	cd web && npm run build

# Static (no cgo: modernc SQLite is pure Go) and without the symbol table and DWARF (-s -w),
# about a quarter of the binary; panics still print their stack traces.
go-build:
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags "-s -w -X main.version=$(VERSION)" -o $(BIN) ./cmd/bidpass

## size: the binary under 40 MiB and every route's JavaScript within its budget (web/scripts/size.mjs)
size: build
	@n=$$(stat -c %s $(BIN)); echo "$(BIN): $$((n / 1024 / 1024)) MiB ($$n bytes)"; \
	  [ "$$n" -lt 41943040 ] || { echo "$(BIN) is over 40 MiB (issue 19); see docs/performance.md for what it embeds"; exit 1; }
	cd web && npm run size -- --check

## test: everything: static checks, Go tests (SQLite always; PostgreSQL/Redis when
## BIDPASS_TEST_POSTGRES / BIDPASS_TEST_REDIS are set), web unit tests, browser tests
test: lint test-go test-web e2e size

lint: web-deps
	@test -z "$$(gofmt -l cmd internal web/embed.go)" || { echo "gofmt needed:"; gofmt -l cmd internal; exit 1; }
	$(GO) vet $(PKGS)
	$(TOOLS) staticcheck $(PKGS)
	cd web && npm run typecheck && npm run lint && npm run check:api

## bin/versitygw: the S3 gateway the files contract tests run against (BIDPASS_TEST_VERSITYGW),
## built at the version pinned in tools/versitygw/go.mod (a module of its own: its ~80 modules stay
## out of the product's and the other tools' graphs)
bin/versitygw: tools/versitygw/go.mod tools/versitygw/go.sum
	$(GO) build -modfile=tools/versitygw/go.mod -o $@ github.com/versity/versitygw/cmd/versitygw

test-go: bin/versitygw web
	@[ -n "$${BIDPASS_TEST_POSTGRES:-}" ] || echo "SKIP postgres: BIDPASS_TEST_POSTGRES not set (storage tests run on SQLite only)"
	@[ -n "$${BIDPASS_TEST_REDIS:-}" ] || echo "SKIP redis: BIDPASS_TEST_REDIS not set (ephemeral-store tests run in memory only)"
	@# web: TestBuiltLoginPageHasItsFirstPaint reads the built app (embedded); without it, it skips.
	@# BIDPASS_CONTRACT_COVERAGE: internal/httpapi fails when an operation of api/openapi.yaml
	@# is never exercised by a checked request (scripts/contract-coverage.sh prints the list).
	BIDPASS_TEST_VERSITYGW=$(CURDIR)/bin/versitygw BIDPASS_CONTRACT_COVERAGE=1 $(GO) test -race $(NORACE_GCFLAGS) \
	  $(TEST_GO_VET) -count=1 -timeout 25m $(PKGS)

# -race instruments every package but argon2's key derivation (golang.org/x/crypto/argon2): one
# password hash (m=19 MiB, t=2) took about 1 s under the race detector on this 2-core machine,
# 0.2 s without, and the tests hash at every registration and sign-in. It is a pure function of
# its arguments whose goroutines touch only its own memory: uninstrumented, it hides no race of
# ours (docs/decisions/testing.md, "make test's time").
NORACE_GCFLAGS := -gcflags=golang.org/x/crypto/argon2=-race=false
# In make test, lint has just run the whole of go vet on the same packages: go test's own vet
# (a subset of go vet's checks) would only repeat it.
TEST_GO_VET :=
test: TEST_GO_VET := -vet=off

test-web: web-deps
	cd web && npm test

## e2e: real binary, real headless Chromium (skipped with a clear line when no browser)
e2e: web
	cd web && BIDPASS_E2E_SKIP_WEB_BUILD=1 npm run e2e

## screenshots: every route as its user (seeded accounts, staff, review items) at 1440×900 and
## 1280×720 into docs/screenshots/<viewport>/<route>.png (real binary, headless Chromium);
## ONLY=admin-review re-takes only the routes whose name contains it
screenshots: web
	cd web && BIDPASS_E2E_SKIP_WEB_BUILD=1 node e2e/screenshots.mjs $(ONLY)

## bench: Go benchmarks, load runs against the running binary, the web pages (LCP, DCL, JS,
## transfer) and last the small-vs-1 M table of bench-scale (figures in docs/performance.md)
bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./internal/...
	@for s in scripts/bench-*.sh; do [ -x "$$s" ] || continue; "$$s"; done
	scripts/scale-bench.sh

## bench-brief: every make bench script once with BENCH_BRIEF=1, a few requests each and no
## figure judged, so that a benchmark cannot break unnoticed (make test runs it; a minute or so)
.PHONY: bench-brief
bench-brief: build
	@for s in scripts/bench-*.sh; do [ -x "$$s" ] || continue; echo "== $$s (brief)"; BENCH_BRIEF=1 "$$s"; done
	BENCH_BRIEF=1 scripts/scale-bench.sh
test: bench-brief

## bench-scale: small vs 1 M accounts, every portal and console operation, PostgreSQL
## and SQLite, as the store's statements and as requests through the application (minutes: the end of make bench, or alone; never in make test; KEEP=1 keeps the
## seeded databases for the next run; figures in docs/performance.md)
.PHONY: bench-scale
bench-scale: go-build
	scripts/scale-bench.sh

vuln:
	mkdir -p /tmp/vulndb && tar xzf ../shared/vulndb/vulndb.tgz -C /tmp/vulndb
	$(TOOLS) govulncheck -db file:///tmp/vulndb $(PKGS)

# make test also fails on a called vulnerability (the offline database next to the clone, kept
# relative for CI) and mutates each fuzz target briefly (docs/decisions/personal-data.md, "Data protection").
test: vuln fuzz-brief

## fuzz: each parser of client input under native Go fuzzing for FUZZTIME (package:Target below);
## the seeds (f.Add and testdata/fuzz/<Target>) also run as plain tests in test-go
FUZZ_TARGETS := internal/captcha:FuzzPointJSON internal/pwtransport:FuzzEnvelope internal/files:FuzzUpload \
	internal/identity:FuzzDecodeSubmissions internal/certificate:FuzzVerify internal/httpapi:FuzzRouteBodies \
	internal/httpapi:FuzzOIDCRequests
FUZZTIME  ?= 2m
FUZZBRIEF ?= 3s
.PHONY: fuzz fuzz-brief soak crash
fuzz:
	@for t in $(FUZZ_TARGETS); do echo "== $$t $(FUZZTIME)"; \
	  $(GO) test -run '^$$' -fuzz "^$${t#*:}$$" -fuzztime $(FUZZTIME) ./$${t%%:*}; done

fuzz-brief:
	@$(MAKE) --no-print-directory fuzz FUZZTIME=$(FUZZBRIEF)

## fuzz-oidc: malformed requests to every /oidc endpoint and discovery for OIDC_FUZZTIME, 5xx = 0
## (make test mutates them for FUZZBRIEF with the other targets; docs/sso.md "Protocol answers")
OIDC_FUZZTIME ?= 10m
.PHONY: fuzz-oidc
fuzz-oidc:
	$(GO) test -run '^$$' -fuzz '^FuzzOIDCRequests$$' -fuzztime $(OIDC_FUZZTIME) ./internal/httpapi

## soak: the mix (captcha, sign-in, registration, reads, real-name, reviews) against the binary
## on loopback at SOAK_RATE for SOAK_DURATION; requests, 5xx, p50/p99 per operation (SQLite; and
## PostgreSQL + Redis when BIDPASS_TEST_POSTGRES / BIDPASS_TEST_REDIS are set)
SOAK_RATE     ?= 60
SOAK_DURATION ?= 5m
soak: go-build
	$(GO) run ./scripts/soak -bin $(BIN) -rate $(SOAK_RATE) -duration $(SOAK_DURATION)
	@if [ -n "$${BIDPASS_TEST_POSTGRES:-}" ]; then \
	  $(GO) run ./scripts/soak -bin $(BIN) -rate $(SOAK_RATE) -duration $(SOAK_DURATION) -postgres "$$BIDPASS_TEST_POSTGRES" -redis "$${BIDPASS_TEST_REDIS:-}"; \
	else echo "SKIP soak on postgres: BIDPASS_TEST_POSTGRES not set"; fi

## crash: CRASH_ROUNDS of kill -9 mid-mix, restart, check writes, rows and files (SQLite; and
## PostgreSQL + Redis when BIDPASS_TEST_POSTGRES / BIDPASS_TEST_REDIS are set)
CRASH_ROUNDS ?= 5
crash: go-build
	$(GO) run ./scripts/soak -mode crash -bin $(BIN) -rounds $(CRASH_ROUNDS)
	@if [ -n "$${BIDPASS_TEST_POSTGRES:-}" ]; then \
	  $(GO) run ./scripts/soak -mode crash -bin $(BIN) -rounds $(CRASH_ROUNDS) -postgres "$$BIDPASS_TEST_POSTGRES" -redis "$${BIDPASS_TEST_REDIS:-}"; \
	else echo "SKIP crash on postgres: BIDPASS_TEST_POSTGRES not set"; fi

## soak-export: EXPORT_ACCOUNTS accounts of EXPORT_MB each download their data at once from the
## binary; the server's RSS growth (/proc/<pid>/status) under 64 MB and every zip whole (SQLite; and
## PostgreSQL when BIDPASS_TEST_POSTGRES is set). A brief version runs in make test (TestExportMemory).
EXPORT_ACCOUNTS ?= 8
EXPORT_MB       ?= 200
.PHONY: soak-export
soak-export: go-build
	$(GO) run ./scripts/soak -mode export -bin $(BIN) -export-accounts $(EXPORT_ACCOUNTS) -export-mb $(EXPORT_MB)
	@if [ -n "$${BIDPASS_TEST_POSTGRES:-}" ]; then \
	  $(GO) run ./scripts/soak -mode export -bin $(BIN) -export-accounts $(EXPORT_ACCOUNTS) -export-mb $(EXPORT_MB) -postgres "$$BIDPASS_TEST_POSTGRES"; \
	else echo "SKIP soak-export on postgres: BIDPASS_TEST_POSTGRES not set"; fi

## docs: regenerate docs/configuration.md's settings table
docs:
	scripts/update-config-doc.sh

clean:
	rm -rf bin web/dist/assets web/dist/index.html
