#!/usr/bin/env bash
# Load run of password sign-in (PUT /api/auth/authToken) against the real binary
# (make bench runs it). Builds bidpass, makes an account with `bidpass account
# create`, starts `serve --dev` on 127.0.0.1 with a throw-away data directory and
# runs scripts/bench-signin (Go): it first prepares one graphic code and one passed
# slider captcha per sign-in through the development endpoints (untimed), then
# times only the sign-ins, and compares the rate with this machine's limit (one
# argon2id verification + one RSA-OAEP decryption per sign-in, on every core).
#
# --dev is needed for the answers of the graphic code and the captcha; the captcha
# limits per client are raised because the generator is one client.
#
# Settings: N (sign-ins, default 400), CONCURRENCY (default 4),
# BENCH_BRIEF=1 (make test: 8 sign-ins, 2 clients), BIDPASS_BIN (default bin/bidpass, built by make bench; REBUILD=1 builds afresh).
set -euo pipefail
cd "$(dirname "$0")/.."

N=${N:-400}
CONCURRENCY=${CONCURRENCY:-4}

# shellcheck source=lib/bench-server.sh
. scripts/lib/bench-server.sh
if [ -n "$brief" ]; then N=8 CONCURRENCY=2; fi
go build -trimpath -o "$work/bench-signin" ./scripts/bench-signin

export BIDPASS_DATA_DIR="$work/data"
"$bin" account create --type person --account benchuser --password 'Passw0rd!bench' --phone 13900000000 >/dev/null 2>"$work/create.err" || { cat "$work/create.err"; exit 1; }
BIDPASS_CAPTCHA_GET_PER_MINUTE=100000000 BIDPASS_CAPTCHA_CHECK_PER_MINUTE=100000000 BIDPASS_GRAPHIC_CODES_PER_MINUTE=0 \
  "$bin" serve --dev --log-format json --addr 127.0.0.1:0 >"$work/out" 2>"$work/err" &
server_pid=$!
bench_wait_for_server

"$work/bench-signin" -addr "$addr" -n "$N" -c "$CONCURRENCY" ${brief:+-brief} | grep '^RESULT'
