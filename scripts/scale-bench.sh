#!/usr/bin/env bash
# scale-bench.sh (make bench-scale): seeds a small and a large database and
# prints the small-vs-large table of every portal and console operation
# (bidpass dev bench-scale), on PostgreSQL and on SQLite (issue 19). Not part
# of `make test` or `make bench`: the PostgreSQL seed of 1 M accounts takes
# minutes and about 2 GB, dropped at the end.
#   BIDPASS_SCALE_POSTGRES  server URL (default: BIDPASS_TEST_POSTGRES; unset: PostgreSQL skipped)
#   ACCOUNTS, REVIEWS       the large size on PostgreSQL (1000000, 100000)
#   SQLITE_ACCOUNTS, SQLITE_REVIEWS  the large size on SQLite (100000, 10000)
#   SMALL_ACCOUNTS, SMALL_REVIEWS    the small size on both (10000, 1000)
#   RUNS                    timed runs per operation (200)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-bin/bidpass}
[ -x "$BIN" ] || { echo "build first: make go-build" >&2; exit 1; }
PG=${BIDPASS_SCALE_POSTGRES:-${BIDPASS_TEST_POSTGRES:-}}
ACCOUNTS=${ACCOUNTS:-1000000} REVIEWS=${REVIEWS:-100000}
SQLITE_ACCOUNTS=${SQLITE_ACCOUNTS:-100000} SQLITE_REVIEWS=${SQLITE_REVIEWS:-10000}
SMALL_ACCOUNTS=${SMALL_ACCOUNTS:-10000} SMALL_REVIEWS=${SMALL_REVIEWS:-1000}
RUNS=${RUNS:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seed() { # url accounts reviews
	"$BIN" dev seed --accounts "$2" --reviews "$3" --dev --data-dir "$work/data" --database-url "$1" | tail -1
}

if [ -n "$PG" ]; then
	# database URLs on the same server: swap the path for ours
	db_url() { python3 -c 'import sys,urllib.parse as u; p=u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/"+sys.argv[2])))' "$PG" "$1"; }
	admin() { psql "$PG" -qc "$1" >/dev/null; }
	small=$(db_url bidpass_scale_small) large=$(db_url bidpass_scale)
	trap 'admin "DROP DATABASE IF EXISTS bidpass_scale_small"; admin "DROP DATABASE IF EXISTS bidpass_scale"; rm -rf "$work"' EXIT
	for d in bidpass_scale_small bidpass_scale; do admin "DROP DATABASE IF EXISTS $d"; admin "CREATE DATABASE $d"; done
	echo "PostgreSQL: $SMALL_ACCOUNTS vs $ACCOUNTS accounts"
	seed "$small" "$SMALL_ACCOUNTS" "$SMALL_REVIEWS"
	seed "$large" "$ACCOUNTS" "$REVIEWS"
	psql "$large" -Atc "SELECT 'large database: ' || pg_size_pretty(pg_database_size(current_database()))"
	"$BIN" dev bench-scale --small "$small" --large "$large" --runs "$RUNS"
else
	echo "SKIP postgres: BIDPASS_SCALE_POSTGRES / BIDPASS_TEST_POSTGRES not set"
fi

echo "SQLite: $SMALL_ACCOUNTS vs $SQLITE_ACCOUNTS accounts"
seed "sqlite:$work/small.db" "$SMALL_ACCOUNTS" "$SMALL_REVIEWS"
seed "sqlite:$work/large.db" "$SQLITE_ACCOUNTS" "$SQLITE_REVIEWS"
"$BIN" dev bench-scale --small "sqlite:$work/small.db" --large "sqlite:$work/large.db" --runs "$RUNS"
