#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the StorekeeperSQL tests and prints its URL.
#
#   scripts/start-test-postgres.sh [DIR] [PORT]      (defaults: /tmp/storekeeper-test-postgres, 5432)
#   export STOREKEEPER_TEST_POSTGRES_URL=$(scripts/start-test-postgres.sh)
#   swift test --filter StorekeeperSQLTests
#   scripts/start-test-postgres.sh --stop [DIR]
#
# Idempotent: creates the cluster under DIR if it is missing, starts it if it is not running,
# creates the database storekeeper_test if it does not exist. It listens on 127.0.0.1:PORT only,
# with trust authentication (no password): for tests, never for real data. Needs PostgreSQL's
# server binaries (Debian: the postgresql package; PG_BIN overrides where they are). initdb refuses
# to run as root, so as root the cluster runs as the user "postgres" (PG_USER overrides).
# Progress goes to stderr; stdout is only the URL.
set -euo pipefail

if [ "${1:-}" = "--stop" ]; then
    stop=1
    shift
else
    stop=0
fi
dir=${1:-/tmp/storekeeper-test-postgres}
port=${2:-5432}
db=storekeeper_test

. "$(dirname "$0")/postgres-bin.sh"
[ -x "$PG_BIN/initdb" ] || { echo "initdb not found; install PostgreSQL or set PG_BIN" >&2; exit 1; }

# Run a PostgreSQL binary as the cluster's owner.
if [ "$(id -u)" = 0 ]; then
    owner=${PG_USER:-postgres}
    as_owner() { runuser -u "$owner" -- "$@"; }
else
    owner=$(id -un)
    as_owner() { "$@"; }
fi

if [ "$stop" = 1 ]; then
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >&2
    fi
    exit 0
fi

mkdir -p "$dir"
if [ "$(id -u)" = 0 ]; then chown "$owner" "$dir"; fi

if [ ! -f "$dir/data/PG_VERSION" ]; then
    echo "Creating a PostgreSQL cluster in $dir/data" >&2
    as_owner "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >&2
fi

if ! as_owner "$PG_BIN/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    echo "Starting PostgreSQL on 127.0.0.1:$port" >&2
    as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=600" start >&2
fi

exists=$(as_owner "$PG_BIN/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -Atc \
    "SELECT 1 FROM pg_database WHERE datname = '$db'")
if [ "$exists" != 1 ]; then
    as_owner "$PG_BIN/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -qc "CREATE DATABASE $db" >&2
fi

echo "postgres://postgres@127.0.0.1:$port/$db"
