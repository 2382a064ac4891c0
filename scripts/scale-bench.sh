#!/usr/bin/env bash
# scale-bench.sh (make bench-scale): seeds a small and a large database and
# prints the small-vs-large table of every portal and console operation
# (bidpass dev bench-scale), on PostgreSQL and on SQLite (docs/decisions/frontend-load.md, "Front-end load"). Not part
# of `make test` or `make bench`: the PostgreSQL seed of 1 M accounts takes
# minutes and about 2 GB, dropped at the end.
#   BIDPASS_SCALE_POSTGRES  server URL (default: BIDPASS_TEST_POSTGRES; unset: PostgreSQL skipped)
#   ACCOUNTS, REVIEWS       the large size on PostgreSQL (1000000, 100000)
#   SQLITE_ACCOUNTS, SQLITE_REVIEWS  the large size on SQLite (100000, 10000)
#   SMALL_ACCOUNTS, SMALL_REVIEWS    the small size on both (10000, 1000)
#   RUNS                    timed runs per operation (200)
#   BENCH_BRIEF=1           make test's brief run: a few hundred accounts, 10 runs
#   KEEP=1                  keep the seeded databases (PostgreSQL bidpass_scale_small and
#                           bidpass_scale, SQLite files in SCALE_DIR, default /tmp/bidpass-scale)
#                           and time them again next time without seeding, unless their schema
#                           is older than the newest migration (then they are seeded afresh)
# Small and large are timed run by run in turn (bench-scale), so a neighbour's
# load lands on both; read p50 first on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-bin/bidpass}
[ -x "$BIN" ] || { echo "build first: make go-build" >&2; exit 1; }
PG=${BIDPASS_SCALE_POSTGRES:-${BIDPASS_TEST_POSTGRES:-}}
ACCOUNTS=${ACCOUNTS:-1000000} REVIEWS=${REVIEWS:-100000}
SQLITE_ACCOUNTS=${SQLITE_ACCOUNTS:-100000} SQLITE_REVIEWS=${SQLITE_REVIEWS:-10000}
SMALL_ACCOUNTS=${SMALL_ACCOUNTS:-10000} SMALL_REVIEWS=${SMALL_REVIEWS:-1000}
RUNS=${RUNS:-200}
# make test's brief run (make bench-brief): tiny sizes, two timed runs, no figure judged.
if [ -n "${BENCH_BRIEF:-}" ]; then
	ACCOUNTS=300 REVIEWS=200 SQLITE_ACCOUNTS=300 SQLITE_REVIEWS=200 SMALL_ACCOUNTS=100 SMALL_REVIEWS=80 RUNS=10
fi
KEEP=${KEEP:-}
if [ -n "$KEEP" ]; then
	work=${SCALE_DIR:-/tmp/bidpass-scale}
	mkdir -p "$work"
	cleanup() { :; }
else
	work=$(mktemp -d)
	cleanup() { rm -rf "$work"; }
fi
trap cleanup EXIT
# the newest migration's version: a kept database older than it is seeded afresh
newest=$(ls internal/store/migrations/postgres | sort | tail -1 | cut -c1-5 | sed 's/^0*//')

seed() { # url accounts reviews
	"$BIN" dev seed --accounts "$2" --reviews "$3" --dev --data-dir "$work/data" --database-url "$1" | tail -1
}

if [ -n "$PG" ]; then
	# database URLs on the same server: swap the path for ours
	db_url() { python3 -c 'import sys,urllib.parse as u; p=u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/"+sys.argv[2])))' "$PG" "$1"; }
	admin() { psql "$PG" -qc "$1" >/dev/null; }
	small=$(db_url bidpass_scale_small) large=$(db_url bidpass_scale)
	[ -n "$KEEP" ] || trap 'admin "DROP DATABASE IF EXISTS bidpass_scale_small"; admin "DROP DATABASE IF EXISTS bidpass_scale"; cleanup' EXIT
	# kept: seeded with these sizes and the newest schema
	kept() { # url accounts
		[ -n "$KEEP" ] && [ "$(psql "$1" -Atc "SELECT (SELECT max(version_id) FROM goose_db_version) >= $newest AND (SELECT count(*) FROM accounts) = $2" 2>/dev/null)" = t ]
	}
	echo "PostgreSQL: $SMALL_ACCOUNTS vs $ACCOUNTS accounts"
	for x in "bidpass_scale_small $small $SMALL_ACCOUNTS $SMALL_REVIEWS" "bidpass_scale $large $ACCOUNTS $REVIEWS"; do
		set -- $x
		if kept "$2" "$3"; then echo "$1: kept from an earlier run"; continue; fi
		admin "DROP DATABASE IF EXISTS $1"
		admin "CREATE DATABASE $1"
		seed "$2" "$3" "$4"
	done
	psql "$large" -Atc "SELECT 'large database: ' || pg_size_pretty(pg_database_size(current_database()))"
	# Both databases read once into PostgreSQL's buffers (and so the OS's page cache), as a
	# server with the memory for its data holds them: these VMs give free memory back to the
	# host (virtio balloon, kdamond), which drops a database's pages within minutes, and the large
	# side's point lookups then timed the virtual disk, not the query (ninth session,
	# docs/performance.md). What does not fit in shared_buffers stays in the page cache.
	for url in "$small" "$large"; do
		psql "$url" -qAtc "CREATE EXTENSION IF NOT EXISTS pg_prewarm" \
			-c "SELECT 'read into the caches: ' || pg_size_pretty(8192 * sum(pg_prewarm(c.oid::regclass, 'buffer'))) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i', 't')" \
			|| echo "pg_prewarm not available: timed with the cache as it is"
	done
	"$BIN" dev bench-scale --small "$small" --large "$large" --runs "$RUNS" --dev --data-dir "$work/data"
else
	echo "SKIP postgres: BIDPASS_SCALE_POSTGRES / BIDPASS_TEST_POSTGRES not set"
fi

echo "SQLite: $SMALL_ACCOUNTS vs $SQLITE_ACCOUNTS accounts"
for x in "small $SMALL_ACCOUNTS $SMALL_REVIEWS" "large $SQLITE_ACCOUNTS $SQLITE_REVIEWS"; do
	set -- $x
	f=$work/$1-$2.db
	if [ -n "$KEEP" ] && [ -f "$f" ] && [ "$(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT max(version_id) FROM goose_db_version").fetchone()[0])' "$f" 2>/dev/null)" -ge "$newest" ] 2>/dev/null; then
		echo "$f: kept from an earlier run"
		continue
	fi
	rm -f "$f" "$f-wal" "$f-shm"
	seed "sqlite:$f" "$2" "$3"
done
small=$work/small-$SMALL_ACCOUNTS.db large=$work/large-$SQLITE_ACCOUNTS.db
cat "$small" "$large" >/dev/null # into the page cache, as PostgreSQL's above
"$BIN" dev bench-scale --small "sqlite:$small" --large "sqlite:$large" --runs "$RUNS" --dev --data-dir "$work/data"
