#!/usr/bin/env bash
# Builds the release binaries (storekeeper and storekeeper-bench), then runs verification and the
# HTTP and PostgreSQL benchmarks BENCHMARKS.md reports. The seeded ones (json, admin, console,
# overview, reconcile, recovery) run from storekeeper-bench directly, as BENCHMARKS.md shows.
#
#   scripts/bench.sh                 # all of them
#   scripts/bench.sh verify          # one: verify | purchases | notifications | customers | postgres-ceiling
#   scripts/bench.sh postgres-goals  # the two PostgreSQL ratios (CPU vs SQLite, rate vs pgbench), alternated in one run (not in all: ~10 min)
#
# postgres-ceiling runs, with pgbench (PostgreSQL's own C client) and nothing of Storekeeper, the
# statements one notification sends (scripts/pgbench/): how many notifications' writes per second
# PostgreSQL itself can commit on this machine, and its CPU per notification.
#
# Needs wrk (apt-get install -y wrk) and, for the PostgreSQL runs, PostgreSQL's server binaries
# (a throwaway cluster is started under /tmp/storekeeper-bench-postgres on 127.0.0.1:55439 and
# left running; stop it with scripts/start-test-postgres.sh --stop /tmp/storekeeper-bench-postgres).
# Everything runs on loopback and stops by itself (wrk runs are bounded by --seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

which=${1:-all}
swift build -c release --product storekeeper >&2
swift build -c release --product storekeeper-bench >&2
# The server binary prepares schemas (`migrate`); the lab binary measures.
server_bin=$(swift build -c release --show-bin-path)/storekeeper
bin=$(dirname "$server_bin")/storekeeper-bench

echo "# $(date -u +%FT%TZ) $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

postgres_url() {
    if [ -z "${STOREKEEPER_BENCH_POSTGRES_URL:-}" ]; then
        STOREKEEPER_BENCH_POSTGRES_URL=$(scripts/start-test-postgres.sh /tmp/storekeeper-bench-postgres 55439)
        export STOREKEEPER_BENCH_POSTGRES_URL
    fi
}

. scripts/postgres-socket-url.sh

# Runs the command again with the bench server's socket URL as its last argument, if it has one.
again_through_socket() {
    local socket
    socket=$(postgres_socket_url "$STOREKEEPER_BENCH_POSTGRES_URL")
    [ -n "$socket" ] || return 0
    echo "# the same, through the server's Unix-domain socket"
    "$@" "$socket"
}

if [ "$which" = all ] || [ "$which" = verify ]; then
    "$bin" verify
fi
if [ "$which" = all ] || [ "$which" = purchases ]; then
    "$bin" purchases --backend sqlite
    postgres_url
    "$bin" purchases --backend postgres
fi
if [ "$which" = all ] || [ "$which" = notifications ]; then
    "$bin" notifications --backend sqlite
    postgres_url
    "$bin" notifications --backend postgres
    again_through_socket "$bin" notifications --backend postgres --postgres
fi
if [ "$which" = all ] || [ "$which" = customers ]; then
    "$bin" customers --customers 1000000
    "$bin" customers --customers 10000
fi
if [ "$which" = all ] || [ "$which" = postgres-ceiling ]; then
    postgres_url
    scripts/pgbench-ceiling.sh "$server_bin" "$STOREKEEPER_BENCH_POSTGRES_URL"
    again_through_socket scripts/pgbench-ceiling.sh "$server_bin"
fi
if [ "$which" = postgres-goals ]; then
    postgres_url
    scripts/postgres-goals.sh "$server_bin" "$STOREKEEPER_BENCH_POSTGRES_URL"
fi
