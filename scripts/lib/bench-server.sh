# shellcheck shell=bash
# Sourced by scripts/bench-*.sh (from the repository root): a throw-away work
# directory removed on exit together with the server, the binary to run, and
# bench_wait_for_server, which waits for the server's listening line.
#
# After sourcing: $work, $bin (BIDPASS_BIN, default bin/bidpass; built into
# $work when missing or when REBUILD is set). A script starts the server in
# the background with its output in "$work/out" and "$work/err", sets
# server_pid=$!, and calls bench_wait_for_server, which sets $addr.

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

bin=${BIDPASS_BIN:-bin/bidpass}
if [ ! -x "$bin" ] || [ -n "${REBUILD:-}" ]; then
  go build -trimpath -o "$work/bidpass" ./cmd/bidpass
  bin="$work/bidpass"
fi

# bench_wait_for_server sets addr to the started server's base address, or
# prints its output and exits when it has not started within ten seconds.
bench_wait_for_server() {
  addr=""
  for _ in $(seq 1 100); do
    addr=$(sed -n 's/^bidpass listening on \(http:\/\/[^ ]*\)$/\1/p' "$work/out" | head -1)
    [ -n "$addr" ] && break
    sleep 0.1
  done
  [ -n "$addr" ] || { echo "bidpass did not start:"; cat "$work/out" "$work/err"; exit 1; }
}
