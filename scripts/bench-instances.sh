#!/usr/bin/env bash
# Captcha gets and password sign-ins per second with 1, 2 and 3 instances of
# bidpass over one PostgreSQL and one Redis on this machine (docs/decisions/deployment.md, "Several instances, metrics and deployment (lead)"; make
# bench runs it). Each request goes to the next instance (scripts/bench-instances).
# Needs BIDPASS_TEST_POSTGRES and BIDPASS_TEST_REDIS (as make test): without
# them it says SKIP. Uses its own database (created, dropped) and Redis db
# BENCH_REDIS_DB (default 11; flushed: none of the Go tests' databases, internal/ephemeral/ephemeraltest).
# Settings: N (sign-ins, default 200), CONCURRENCY (default 4), BENCH_BRIEF=1
# (make test: 4 sign-ins, 2 clients, 1 and 2 instances).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BIDPASS_TEST_POSTGRES:-}" ] || [ -z "${BIDPASS_TEST_REDIS:-}" ]; then
  echo "SKIP bench-instances: BIDPASS_TEST_POSTGRES and BIDPASS_TEST_REDIS are needed"; exit 0
fi
N=${N:-200}
# At most MaxFailures (5) sign-ins of one account are checked at once; beyond, 登录尝试过于频繁.
CONCURRENCY=${CONCURRENCY:-4}
counts="1 2 3"
if [ -n "${BENCH_BRIEF:-}" ]; then N=4 CONCURRENCY=2 counts="1 2"; fi
work=$(mktemp -d)
pids=()
stop_all() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; pids=(); }
db="bidpass_bench_inst"
cleanup() { stop_all; psql "$BIDPASS_TEST_POSTGRES" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

bin=${BIDPASS_BIN:-bin/bidpass}
[ -x "$bin" ] || { go build -trimpath -o "$work/bidpass" ./cmd/bidpass; bin="$work/bidpass"; }
go build -trimpath -o "$work/bench-instances" ./scripts/bench-instances

psql "$BIDPASS_TEST_POSTGRES" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null
psql "$BIDPASS_TEST_POSTGRES" -qc "CREATE DATABASE $db" >/dev/null
export BIDPASS_DATABASE_URL="${BIDPASS_TEST_POSTGRES%/*}/$db?sslmode=disable"
export BIDPASS_REDIS_URL="${BIDPASS_TEST_REDIS%/*}/${BENCH_REDIS_DB:-11}"
redis-cli -u "$BIDPASS_REDIS_URL" flushdb >/dev/null
export BIDPASS_DATA_KEY; BIDPASS_DATA_KEY=$(head -c 32 /dev/urandom | base64)
export BIDPASS_CAPTCHA_GET_PER_MINUTE=100000000 BIDPASS_CAPTCHA_CHECK_PER_MINUTE=100000000 BIDPASS_GRAPHIC_CODES_PER_MINUTE=0
BIDPASS_DATA_DIR="$work/d0" "$bin" account create --type person --account benchuser --password 'Passw0rd!bench' --phone 13900000000 >/dev/null 2>"$work/create.err" || { cat "$work/create.err"; exit 1; }

for k in $counts; do
  addrs=()
  for i in $(seq 1 "$k"); do
    BIDPASS_DATA_DIR="$work/d$i" "$bin" serve --dev --log-format json --addr 127.0.0.1:0 >"$work/out$i" 2>"$work/err$i" &
    pids+=($!)
  done
  for i in $(seq 1 "$k"); do
    a=""
    for _ in $(seq 1 100); do
      a=$(sed -n 's/^bidpass listening on \(http:\/\/[^ ]*\)$/\1/p' "$work/out$i" | head -1)
      [ -n "$a" ] && break; sleep 0.1
    done
    [ -n "$a" ] || { echo "instance $i did not start:"; cat "$work/err$i"; exit 1; }
    addrs+=("$a")
  done
  "$work/bench-instances" -addrs "$(IFS=,; echo "${addrs[*]}")" -n "$N" -c "$CONCURRENCY" | grep '^RESULT'
  stop_all
  redis-cli -u "$BIDPASS_REDIS_URL" flushdb >/dev/null
done
