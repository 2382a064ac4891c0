#!/usr/bin/env bash
# Load run of certificate sign-in (POST /api/login/cert/prev + POST
# /api/login/cert) against the real binary (make bench runs it), next to the
# password sign-in run of bench-signin.sh. Builds bidpass, makes a development
# CA (`bidpass ca init`) and C authenticated accounts with a verified name,
# starts `serve --dev` (which trusts that CA) and runs scripts/bench-certsignin
# (Go): it binds one certificate per client (untimed), then times the
# sign-ins. --dev is needed for the password sign-in of the set-up and for the
# development CA; the challenge limit per address is lifted because the
# generator is one client address.
#
# Settings: N (sign-ins, default 2000), CONCURRENCY (default 8), CERTS (bound
# certificates, one account each, default 16), ALG (rsa or sm2, default rsa), BENCH_BRIEF=1 (make test: 8 sign-ins, 2 clients), BIDPASS_BIN (default bin/bidpass; REBUILD=1 builds afresh).
set -euo pipefail
cd "$(dirname "$0")/.."

N=${N:-2000}
CONCURRENCY=${CONCURRENCY:-8}
CERTS=${CERTS:-16}
ALG=${ALG:-rsa}

# shellcheck source=lib/bench-server.sh
. scripts/lib/bench-server.sh
if [ -n "$brief" ]; then N=8 CONCURRENCY=2 CERTS=2; fi
go build -trimpath -o "$work/bench-certsignin" ./scripts/bench-certsignin

export BIDPASS_DATA_DIR="$work/data"
"$bin" ca init >/dev/null
for i in $(seq 0 $((CERTS - 1))); do
  "$bin" account create --type person --account "$(printf 'certbench%02d' "$i")" --password 'Passw0rd!bench' \
    --phone 13900000000 --auth-state 1 --name '压测用户' >/dev/null 2>"$work/create.err" || { cat "$work/create.err"; exit 1; }
done
BIDPASS_CA_CHALLENGES_PER_MINUTE=0 BIDPASS_CAPTCHA_GET_PER_MINUTE=0 BIDPASS_CAPTCHA_CHECK_PER_MINUTE=0 BIDPASS_GRAPHIC_CODES_PER_MINUTE=0 \
  "$bin" serve --dev --log-format json --addr 127.0.0.1:0 >"$work/out" 2>"$work/err" &
server_pid=$!
bench_wait_for_server

"$work/bench-certsignin" -addr "$addr" -data "$BIDPASS_DATA_DIR" -n "$N" -c "$CONCURRENCY" -certs "$CERTS" -pid "$server_pid" -alg "$ALG" | grep '^RESULT'
# The verification alone (parse, chain, signature), beside the server's CPU per sign-in above.
if [ -z "$brief" ]; then
  go test -run '^$' -bench 'BenchmarkVerify/'"$ALG"'$' -benchtime 2s ./internal/certificate | grep '^BenchmarkVerify' | sed 's/^/RESULT verify-only /'
fi
