#!/usr/bin/env bash
# Builds the release binary and runs every benchmark that BENCHMARKS.md reports.
#
#   scripts/bench.sh                 # all of them
#   scripts/bench.sh verify          # one: verify | purchases | notifications | customers | postgres-ceiling
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
bin=$(swift build -c release --show-bin-path)/storekeeper

echo "# $(date -u +%FT%TZ) $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

postgres_url() {
    if [ -z "${STOREKEEPER_BENCH_POSTGRES_URL:-}" ]; then
        STOREKEEPER_BENCH_POSTGRES_URL=$(scripts/start-test-postgres.sh /tmp/storekeeper-bench-postgres 55439)
        export STOREKEEPER_BENCH_POSTGRES_URL
    fi
}

# The same server through its Unix-domain socket (libpq's host=DIRECTORY), empty when it has
# none: a server on the same machine is cheaper to reach that way than over loopback TCP.
postgres_socket_url() {
    local directory port base
    directory=$(psql -Atq "$STOREKEEPER_BENCH_POSTGRES_URL" -c "SHOW unix_socket_directories" | cut -d, -f1 | tr -d ' ')
    port=$(psql -Atq "$STOREKEEPER_BENCH_POSTGRES_URL" -c "SHOW port")
    case "$directory" in /*) ;; *) return 0 ;; esac
    # postgres://user@host:port/db?params -> postgres://user@:port/db?params&host=directory
    base=$(printf '%s' "$STOREKEEPER_BENCH_POSTGRES_URL" | sed -E 's#^(postgres(ql)?://)([^@/]*@)?[^/:?]*(:[0-9]+)?#\1\3:'"$port"'#')
    case "$base" in *\?*) echo "$base&host=$directory" ;; *) echo "$base?host=$directory" ;; esac
}

if [ "$which" = all ] || [ "$which" = verify ]; then
    "$bin" benchmark verify
fi
if [ "$which" = all ] || [ "$which" = purchases ]; then
    "$bin" benchmark purchases --backend sqlite
    postgres_url
    "$bin" benchmark purchases --backend postgres
fi
if [ "$which" = all ] || [ "$which" = notifications ]; then
    "$bin" benchmark notifications --backend sqlite
    postgres_url
    "$bin" benchmark notifications --backend postgres
    socket=$(postgres_socket_url)
    if [ -n "$socket" ]; then
        echo "# the same, through the server's Unix-domain socket"
        "$bin" benchmark notifications --backend postgres --postgres "$socket"
    fi
fi
if [ "$which" = all ] || [ "$which" = customers ]; then
    "$bin" benchmark customers --customers 1000000
    "$bin" benchmark customers --customers 10000
fi
if [ "$which" = all ] || [ "$which" = postgres-ceiling ]; then
    postgres_url
    scripts/pgbench-ceiling.sh "$bin" "$STOREKEEPER_BENCH_POSTGRES_URL"
    socket=$(postgres_socket_url)
    if [ -n "$socket" ]; then
        echo "# the same, through the server's Unix-domain socket"
        scripts/pgbench-ceiling.sh "$bin" "$socket"
    fi
fi
