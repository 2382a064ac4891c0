#!/usr/bin/env bash
# Page-load run of the web app (make bench runs it): the login page and the account
# centre in headless Chromium, cold cache, 1440×900, median of RUNS (default 7) loads
# from the binary serving the built app on loopback: LCP, DOMContentLoaded, when the
# content and the graphic code show, JavaScript gzip bytes and bytes transferred, then the
# account centre after a sign-in through the login form (sign-in answer to content on screen)
# (web/scripts/bench-pages.mjs). Skips with one line when there is no Chromium.
# Settings: RUNS, BIDPASS_BIN (default bin/bidpass, as make bench builds it), AGAINST (another
# binary: the two are loaded in turn, load by load, and both printed; for before/after on a shared machine),
# BENCH_BRIEF=1 (make test: one load of each).
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${BIDPASS_BIN:-bin/bidpass}
found=""
for b in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do [ -x "$b" ] && found=$b; done
if [ -z "$found" ]; then
  echo "SKIP web page bench: chromium not found"
  exit 0
fi
[ -x "$bin" ] || { echo "bench-web-pages: $bin not found; run make build"; exit 1; }
against=()
[ -n "${AGAINST:-}" ] && against=(--against "$(realpath "$AGAINST")")
cd web && node scripts/bench-pages.mjs --binary "$(cd .. && realpath "$bin")" "${against[@]}" --runs "${RUNS:-$([ -n "${BENCH_BRIEF:-}" ] && echo 1 || echo 7)}"
