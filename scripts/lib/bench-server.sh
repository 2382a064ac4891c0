# shellcheck shell=bash
# Sourced by scripts/bench-*.sh (from the repository root): a throw-away work
# directory removed on exit together with the server, the binary to run, and
# bench_wait_for_server, which waits for the server's listening line.
#
# After sourcing: $work, $bin (BIDPASS_BIN, default bin/bidpass; built into
# $work when missing or when REBUILD is set), $BIDPASS_DATA_KEY (exported: a
# fresh data key, which `bidpass account create` and `serve` need outside
# --dev) and $brief (set when BENCH_BRIEF is: make test's brief run, a few
# requests per script, no figure judged; docs/decisions/benchmarks.md,
# "make bench in make test"). A script starts the server in
# the background with its output in "$work/out" and "$work/err", sets
# server_pid=$!, and calls bench_wait_for_server, which sets $addr.

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
brief=${BENCH_BRIEF:-}

bin=${BIDPASS_BIN:-bin/bidpass}
if [ ! -x "$bin" ] || [ -n "${REBUILD:-}" ]; then
  go build -trimpath -o "$work/bidpass" ./cmd/bidpass
  bin="$work/bidpass"
fi
# Made here, before any server starts: a command substitution inside the
# server's background command would run before its output file exists.
export BIDPASS_DATA_KEY
BIDPASS_DATA_KEY=$("$bin" keys new)

# bench_wait_for_server sets addr to the started server's base address, or
# prints its output and exits when it has not started within thirty seconds
# (a loaded shared machine starts it slowly).
bench_wait_for_server() {
  addr=""
  for _ in $(seq 1 300); do
    # The background shell may not have opened $work/out yet.
    [ -f "$work/out" ] && addr=$(sed -n 's/^bidpass listening on \(http:\/\/[^ ]*\)$/\1/p' "$work/out" | head -1)
    [ -n "$addr" ] && break
    sleep 0.1
  done
  [ -n "$addr" ] || { echo "bidpass did not start:"; cat "$work/out" "$work/err" 2>/dev/null; exit 1; }
}
