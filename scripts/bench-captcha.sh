#!/usr/bin/env bash
# Load run of POST /captcha/get against the real binary (make bench runs it).
# Builds bidpass, starts it on 127.0.0.1 with a throw-away data directory, drives
# each captcha type with wrk for a fixed time, prints gets/s, latency percentiles and
# bytes per answer, and stops the server. Only loopback traffic; bounded in time.
#
# The per-client get limit is raised for the run: wrk is one client, and the
# limit (30/min) would otherwise answer 6201 after the first 30 requests, which
# would measure the limiter rather than image making.
#
# Then the tail at a steady rate: RATE gets/s (default 400) of blockPuzzle for
# RATE_DURATION (default 10s) with vegeta (scripts/bench-captcha, constant rate,
# open model: a slow answer does not slow the sender), p50/p99/max.
#
# Settings: DURATION (default 15s), CONNECTIONS (default 8), THREADS (default 2),
# RATE, RATE_DURATION, BIDPASS_BIN (default bin/bidpass, built by make bench;
# REBUILD=1 builds afresh); BENCH_BRIEF=1 (make test): 1 s each, 20 gets/s.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-15s}
CONNECTIONS=${CONNECTIONS:-8}
THREADS=${THREADS:-2}
command -v wrk >/dev/null || { echo "SKIP bench-captcha: wrk not installed (apt-get install wrk)"; exit 0; }

# shellcheck source=lib/bench-server.sh
. scripts/lib/bench-server.sh
if [ -n "$brief" ]; then DURATION=1s RATE=20 RATE_DURATION=1s; fi
go build -trimpath -o "$work/bench-captcha" ./scripts/bench-captcha

BIDPASS_DATA_DIR="$work/data" BIDPASS_CAPTCHA_GET_PER_MINUTE=100000000 BIDPASS_GRAPHIC_CODES_PER_MINUTE=0 \
  "$bin" serve --addr 127.0.0.1:0 >"$work/out" 2>"$work/err" &
server_pid=$!
bench_wait_for_server

for type in blockPuzzle clickWord; do
  cat >"$work/get.lua" <<LUA
wrk.method = "POST"
wrk.body   = '{"captchaType":"$type","clientUid":"bench","ts":0}'
wrk.headers["Content-Type"] = "application/json"
done = function(summary, latency, requests)
  io.write(string.format("RESULT $type gets/s=%.0f p50=%.2fms p99=%.2fms max=%.2fms bytes/answer=%.0f errors=%d non2xx=%d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.bytes / math.max(summary.requests, 1),
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
LUA
  # Warm up, then measure.
  [ -n "$brief" ] || wrk -t1 -c2 -d2s -s "$work/get.lua" "$addr/captcha/get" >/dev/null
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" -s "$work/get.lua" "$addr/captcha/get" | grep '^RESULT'
done
"$work/bench-captcha" -addr "$addr" -rate "${RATE:-400}" -duration "${RATE_DURATION:-10s}" | grep '^RESULT'
# One answer of each, to show what a client downloads (base64 inside JSON).
for type in blockPuzzle clickWord; do
  n=$(curl -s -X POST -H 'Content-Type: application/json' -d "{\"captchaType\":\"$type\"}" "$addr/captcha/get" | grep -c '"repCode":"0000"' || true)
  [ "$n" = 1 ] || { echo "a get of $type after the run did not succeed"; exit 1; }
done
